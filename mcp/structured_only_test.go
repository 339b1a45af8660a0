package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// TestStructuredOnly: a client that declares the StructuredOnly capability
// gets the answer in structuredContent alone, with one line of text, in
// either protocol revision: in initialize's capabilities (2025-11-25) or
// in a stateless request's (2026-07-28). Its structured content is what
// a client that did not declare it gets, in structuredContent and as its
// text; a TOON text, asked for, is still sent; the server lists the
// capability.
func TestStructuredOnly(t *testing.T) {
	s, plain := newServer(t)
	args := map[string]any{"id": "billing.Invoice.Finalize"}
	want := call(t, plain, "why", args)
	if !strings.Contains(text(want), `"symbol"`) {
		t.Fatalf("a client without the capability got no JSON text: %.200s", text(want))
	}
	wantJSON := mustJSON(want.StructuredContent)

	c, err := client.NewInProcessClient(s.MCPServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-11-25"
	init.Params.ClientInfo = mcpgo.Implementation{Name: "structured", Version: "1"}
	init.Params.Capabilities.Experimental = map[string]any{StructuredOnly: map[string]any{}}
	res, err := c.Initialize(ctx, init)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := res.Capabilities.Experimental[StructuredOnly]; !ok {
		t.Errorf("the server does not list %s: %v", StructuredOnly, res.Capabilities.Experimental)
	}
	got := call(t, c, "why", args)
	if txt := text(got); strings.Contains(txt, `"symbol"`) || !strings.Contains(txt, "structuredContent") {
		t.Errorf("2025-11-25: text %q, want one line pointing at structuredContent", txt)
	}
	if g := mustJSON(got.StructuredContent); g != wantJSON {
		t.Errorf("2025-11-25: structured content differs:\n%s\n%s", g, wantJSON)
	}
	toon := call(t, c, "why", map[string]any{"id": "billing.Invoice.Finalize", "format": "toon"})
	if !strings.Contains(text(toon), "symbol") {
		t.Errorf("a TOON text asked for was not sent: %q", text(toon))
	}

	// 2026-07-28: no initialize, the capability in the request's _meta.
	req := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"why","arguments":{"id":"billing.Invoice.Finalize"},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"stateless","version":"1"},` +
		`"io.modelcontextprotocol/clientCapabilities":{"experimental":{"` + StructuredOnly + `":{}}}}}}`
	var resp struct {
		Result struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
			StructuredContent json.RawMessage `json:"structuredContent"`
		} `json:"result"`
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal([]byte(mustJSON(s.MCPServer().HandleMessage(ctx, json.RawMessage(req)))), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Error != nil || len(resp.Result.Content) != 1 {
		t.Fatalf("2026-07-28: %+v", resp)
	}
	if txt := resp.Result.Content[0].Text; strings.Contains(txt, `"symbol"`) || !strings.Contains(txt, "structuredContent") {
		t.Errorf("2026-07-28: text %q, want one line pointing at structuredContent", txt)
	}
	var sc any
	if err := json.Unmarshal(resp.Result.StructuredContent, &sc); err != nil || mustJSON(sc) != wantJSON {
		t.Errorf("2026-07-28: structured content differs: %v\n%s", err, resp.Result.StructuredContent)
	}
}
