package mcp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
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
	flipped := graphtest.Damage(t, file, readAll, func() bool { return true }, 1)
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
	if graphtest.ReadsDamage(t, file, readAll) {
		t.Error("the index on disk is still damaged")
	}
}

// readAll reads every node and edge of s.
func readAll(s *graph.Store) {
	for n := range s.Nodes() {
		_ = n.Text + n.Path
	}
	for range s.Edges() {
	}
}
