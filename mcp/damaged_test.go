package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/workspace"
)

// A snapshot with a record pointing outside it (a flipped byte the open,
// which sums no checksum, lets through) is seen when the server reads the
// snapshot through for its counts: it rebuilds the index, says so in
// index_status, and answers from the sound one.
func TestServerRebuildsDamagedIndex(t *testing.T) {
	root := fixture(t)
	if _, err := workspace.Open(context.Background(), root, workspace.Options{}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(indexer.IndexDir(root), "graph.bin")
	good, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	flipped := -1
	for i := 8; i < len(good) && flipped < 0; i++ {
		bad := bytes.Clone(good)
		bad[i] ^= 0x80
		if err := os.WriteFile(file, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if damaged(t, file) {
			flipped = i
		}
	}
	if flipped < 0 {
		t.Fatal("no flipped byte damages a record")
	}
	s, err := New(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	call := func(name, args string) string {
		t.Helper()
		reply := s.MCPServer().HandleMessage(context.Background(), json.RawMessage(
			`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"`+name+`","arguments":`+args+`}}`))
		resp, ok := reply.(mcpgo.JSONRPCResponse)
		if !ok {
			t.Fatalf("%s: %#v", name, reply)
		}
		res := resp.Result.(*mcpgo.CallToolResult)
		if res.IsError {
			t.Fatalf("%s: %v", name, res.Content)
		}
		return res.Content[0].(mcpgo.TextContent).Text
	}
	if out := call("why", `{"id":"billing.Invoice.Finalize"}`); !strings.Contains(out, "0001-use-a-ledger") {
		t.Errorf("byte %d flipped: why misses the ADR:\n%s", flipped, out)
	}
	if st := call("index_status", `{}`); !strings.Contains(st, "damaged") {
		t.Errorf("byte %d flipped: index_status does not say the index was damaged:\n%s", flipped, st)
	}
	if damaged(t, file) {
		t.Error("the index on disk is still damaged")
	}
}

// damaged opens the snapshot at file, reads every node and edge, and
// reports whether a read met a bad record.
func damaged(t *testing.T, file string) bool {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := graph.Open(f)
	if err != nil {
		return false
	}
	for n := range s.Nodes() {
		_ = n.Text + n.Path
	}
	for range s.Edges() {
	}
	return s.Err() != nil
}
