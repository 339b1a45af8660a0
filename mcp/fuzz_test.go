package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// FuzzToolArgs sends arbitrary arguments to every tool: each call must be
// answered with a result and no handler may panic. (JSON that mcp-go cannot
// decode at all, a number beyond float64, is answered with a protocol error
// before any tool runs; that is fine.)
func FuzzToolArgs(f *testing.F) {
	seeds := []string{
		`{"id":"billing.Invoice.Finalize","max_tokens":200,"format":"toon"}`,
		`{"id":"a/b.go::X","limit":3,"scope":"global"}`,
		`{"body":"Finalize is idempotent.","symbols":["Invoice.Finalize"],"confidence":1.5}`,
		`{"query":"ledger","scope":"all","limit":100}`,
		`{"ids":["docs/adr/0001-use-a-ledger.md#L27"],"subsections":true,"max_tokens":200}`,
		`{"path":"../../etc/passwd"}`,
		`{"id":null}`, `[]`, `{"limit":1e309}`, `{"tags":[1,2]}`,
	}
	for i, s := range seeds {
		f.Add(uint8(i), []byte(s))
	}
	_, c := newServer(f)
	tools, err := c.ListTools(context.Background(), mcpgo.ListToolsRequest{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, pick uint8, args []byte) {
		if !json.Valid(args) {
			return
		}
		name := tools.Tools[int(pick)%len(tools.Tools)].Name
		if name == "reindex" || name == "forget_memory" {
			return // slow, or destructive to the next inputs' fixture
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		req := mcpgo.CallToolRequest{}
		req.Params.Name = name
		req.Params.Arguments = json.RawMessage(args)
		res, err := c.CallTool(ctx, req)
		if err != nil && !strings.Contains(err.Error(), "unparsable tools/call request") {
			t.Fatalf("%s(%s): protocol error %v", name, args, err)
		}
		if err != nil {
			return
		}
		if strings.Contains(text(res), "internal error in") {
			t.Fatalf("%s(%s) panicked: %s", name, args, text(res))
		}
	})
}
