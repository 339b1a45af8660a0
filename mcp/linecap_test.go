package mcp

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

func TestStdioOversizedMessage(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Index first, so that the server's warm-up finds the index fresh and
	// writes nothing while the test's directory is removed.
	ctx, cancel := context.WithCancel(context.Background())
	warm := s.MCPServer().HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"name":"search","arguments":{"query":"cart"}}}`))
	if _, ok := warm.(mcpgo.JSONRPCResponse); !ok {
		t.Fatalf("search: %#v", warm)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan struct{})
	defer func() {
		cancel()
		inW.Close()
		<-served
	}()
	go func() {
		defer close(served)
		s.ServeStdio(ctx, inR, outW)
	}()
	go func() {
		big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"why","arguments":{"id":"` + strings.Repeat("A", DefaultMaxBody+10) + `"}}}`
		io.WriteString(inW, big+"\n")
		io.WriteString(inW, `{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n")
	}()
	dec := json.NewDecoder(outR)
	var replies []map[string]any
	done := make(chan struct{})
	go func() {
		defer close(done)
		for len(replies) < 2 {
			var m map[string]any
			if dec.Decode(&m) != nil {
				return
			}
			replies = append(replies, m)
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("no replies")
	}
	if len(replies) != 2 || replies[0]["error"] == nil || replies[0]["id"] != float64(1) || replies[1]["id"] != float64(2) || replies[1]["error"] != nil {
		t.Errorf("replies %.300v, want an error for id 1, then the ping's answer", replies)
	}
}
