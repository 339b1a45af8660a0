package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
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

// FuzzLineCap reads arbitrary client input through the stdio reader with
// a small cap: every line passed on is at most the cap, every line over it
// is answered once with a valid id or none, the two together account for
// every line, and the end is reported once.
func FuzzLineCap(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n"), uint8(16))
	f.Add([]byte(`{"id":"a\"b","method":"tools/call","params":{"x":"`+strings.Repeat("y", 300)+`"}}`), uint8(40))
	f.Add([]byte("\n\n{\"id\":[1],\"x\":1}\n{\"id\":-1.5e3}\n"), uint8(5))
	f.Fuzz(func(t *testing.T, in []byte, max uint8) {
		limit := int(max) + 1
		lc := newLineCap(bytes.NewReader(in), limit, slog.New(slog.DiscardHandler))
		passed, dropped, ends := 0, 0, 0
		lc.onLine = func(line []byte) {
			passed++
			if len(line) > limit {
				t.Fatalf("a line of %d bytes passed a cap of %d", len(line), limit)
			}
		}
		lc.tooLong = func(id json.RawMessage, n int) {
			dropped++
			if n <= limit || id != nil && !json.Valid(id) {
				t.Fatalf("dropped %d bytes (cap %d) with id %q", n, limit, id)
			}
		}
		lc.atEnd = func() { ends++ }
		out, err := io.ReadAll(lc)
		if err != nil || ends != 1 {
			t.Fatalf("read: %v; atEnd ran %d times", err, ends)
		}
		lines := bytes.Count(in, []byte("\n"))
		if len(in) > 0 && in[len(in)-1] != '\n' {
			lines++
		}
		if passed+dropped != lines || len(out) > len(in) {
			t.Fatalf("%d lines passed and %d dropped of %d; %d bytes out of %d", passed, dropped, lines, len(out), len(in))
		}
	})
}
