package orgserve

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/internal/pgtest"
	"github.com/gortex/gortex/orgstore"
	"github.com/gortex/gortex/query"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// twoRepos publishes two small repositories, "a" naming b's symbol in a
// section, and a memory private to b.
func twoRepos(t testing.TB) *orgstore.Store {
	t.Helper()
	ctx := context.Background()
	st, err := orgstore.Open(ctx, pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	b := &orgstore.Snapshot{
		Symbols: []orgstore.Symbol{
			{ID: "lib/f.go::Frobnicate", Qualified: "example.com/b/lib.Frobnicate", Name: "Frobnicate", Kind: "function", Path: "lib/f.go", Line: 3, EndLine: 9},
			{ID: "lib/f.go::Polish", Qualified: "example.com/b/lib.Polish", Name: "Polish", Kind: "function", Path: "lib/f.go", Line: 11, EndLine: 14},
		},
		Memories: []orgstore.Memory{{ID: "20260101T000000Z-bbbbbb", Title: "b's private constraint", Body: "frobnication must stay idempotent", Kind: "constraint", Anchors: []string{"lib.Frobnicate"}}},
	}
	a := &orgstore.Snapshot{
		Sections: []orgstore.Section{{ID: "docs/adr/1.md#L1", Path: "docs/adr/1.md", Heading: "Use the frobnicator", Line: 1, EndLine: 5, AssetKind: "adr",
			Body: "Every service calls `example.com/b/lib.Frobnicate` before it stores a widget, then `b/lib.Polish`."}},
		Mentions: []orgstore.Mention{{Section: "docs/adr/1.md#L1", Name: "example.com/b/lib.Frobnicate"}, {Section: "docs/adr/1.md#L1", Name: "b/lib.Polish"}},
	}
	for name, snap := range map[string]*orgstore.Snapshot{"example.com/a": a, "example.com/b": b} {
		if _, err := st.Publish(ctx, orgstore.Repo{Name: name, Commit: "c"}, snap); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func connect(t testing.TB, url, token string) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url, transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcpgo.Implementation{Name: "test", Version: "1"}
	if _, err := c.Initialize(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	return c
}

func callText(t testing.TB, c *client.Client, tool string, args map[string]any) (string, bool) {
	t.Helper()
	req := mcpgo.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = tool, args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, ct := range res.Content {
		if tc, ok := ct.(mcpgo.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

func TestServeTokens(t *testing.T) {
	st := twoRepos(t)
	ctx := context.Background()
	both, err := st.AddToken(ctx, "both", []string{"example.com/a", "example.com/b"}, false)
	if err != nil {
		t.Fatal(err)
	}
	onlyA, err := st.AddToken(ctx, "only-a", []string{"example.com/a"}, false)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(New(st, "test").Handler(t.Context(), Options{}))
	defer ts.Close()
	url := ts.URL + endpointPath

	// The HTTP rules: no token, a wrong token, a foreign Origin.
	for _, c := range []struct {
		name, token, origin string
		want                int
	}{
		{"no token", "", "", http.StatusUnauthorized},
		{"wrong token", "nope", "", http.StatusUnauthorized},
		{"foreign origin", both, "https://evil.example", http.StatusForbidden},
	} {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		req.Header.Set("Content-Type", "application/json")
		if c.token != "" {
			req.Header.Set("Authorization", "Bearer "+c.token)
		}
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d, want %d", c.name, resp.StatusCode, c.want)
		}
	}

	cb := connect(t, url, both)
	out, isErr := callText(t, cb, "why", map[string]any{"id": "example.com/b/lib.Frobnicate"})
	if isErr {
		t.Fatal(out)
	}
	var a query.Answer
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if a.Symbol == nil || a.Symbol.Repo != "example.com/b" || len(a.Rationale) == 0 || a.Rationale[0].Repo != "example.com/a" {
		t.Fatalf("why over HTTP: want the ADR of a first, got %s", out)
	}
	out, _ = callText(t, cb, "query_memories", map[string]any{})
	if !strings.Contains(out, "b's private constraint") {
		t.Fatalf("a token of both repositories misses b's memory: %s", out)
	}
	out, _ = callText(t, cb, "covers", map[string]any{"doc": "docs/adr/1.md"})
	if !strings.Contains(out, `"repo":"example.com/b"`) {
		t.Fatalf("covers over HTTP: %s", out)
	}
	var all change.Coverage
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatal(err)
	}
	if len(all.Targets) != 2 {
		t.Fatalf("covers: want Frobnicate and Polish, got %+v", all.Targets)
	}
	for _, args := range []map[string]any{{"doc": "docs/adr/1.md", "limit": 1}, {"doc": "docs/adr/1.md", "min_score": 0.95}} {
		var one change.Coverage
		out, isErr = callText(t, cb, "covers", args)
		if err := json.Unmarshal([]byte(out), &one); isErr || err != nil {
			t.Fatalf("covers %v: %s", args, out)
		}
		if len(one.Targets) != 1 || one.Targets[0].ID != "lib/f.go::Frobnicate" || !strings.Contains(one.Note, "left out") {
			t.Errorf("covers %v: want Frobnicate alone and a note, got %+v", args, one)
		}
	}
	for _, bad := range []map[string]any{{"doc": "docs/adr/1.md", "limit": 0}, {"doc": "docs/adr/1.md", "min_score": 2}} {
		if out, isErr := callText(t, cb, "covers", bad); !isErr {
			t.Errorf("covers %v: not an error: %s", bad, out)
		}
	}

	ca := connect(t, url, onlyA)
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"why", map[string]any{"id": "example.com/b/lib.Frobnicate"}},
		{"query_memories", map[string]any{}},
		{"search", map[string]any{"query": "frobnication idempotent"}},
		{"list_repos", map[string]any{}},
		{"covers", map[string]any{"doc": "docs/adr/1.md"}},
	} {
		out, _ := callText(t, ca, c.tool, c.args)
		if strings.Contains(out, "private constraint") || strings.Contains(out, `"repo":"example.com/b"`) || strings.Contains(out, "lib/f.go") {
			t.Errorf("%s with a's token shows b: %s", c.tool, out)
		}
	}
	// A token of b alone: b's symbol, without the reasoning a writes of it.
	onlyB, err := st.AddToken(ctx, "only-b", []string{"example.com/b"}, false)
	if err != nil {
		t.Fatal(err)
	}
	out, isErr = callText(t, connect(t, url, onlyB), "why", map[string]any{"id": "example.com/b/lib.Frobnicate"})
	if isErr || !strings.Contains(out, `"symbol":{`) || strings.Contains(out, `"repo":"example.com/a"`) || strings.Contains(out, "frobnicator") {
		t.Errorf("why with b's token: want b's symbol without a's ADR, got %s", out)
	}
	out, isErr = callText(t, ca, "store_memory", map[string]any{"title": "Widgets are frobnicated", "body": "All of them, before storing.",
		"anchors": []any{"example.com/b/lib.Frobnicate"}})
	if isErr {
		t.Fatalf("store_memory: %s", out)
	}
	out, _ = callText(t, cb, "why", map[string]any{"id": "example.com/b/lib.Frobnicate"})
	if !strings.Contains(out, "Widgets are frobnicated") {
		t.Fatalf("the organisation's memory written through the store is not in why: %s", out)
	}
}
