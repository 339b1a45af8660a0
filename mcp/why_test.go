package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/internal/fit"
	"github.com/gortex/gortex/query"
)

func TestWhy(t *testing.T) {
	_, c := newServer(t)
	tests := []struct {
		name      string
		args      map[string]any
		symbol    string // the answer's symbol ID, "" for none
		first     string // the first entry's source, "" for no entries
		cands     int
		isError   bool
		wantNote  string
		wantCount int // -1: any
	}{
		{name: "method", args: map[string]any{"id": "billing.Invoice.Finalize"},
			symbol: "billing/invoice.go::Invoice.Finalize", first: "doc:docs/adr/0001-use-a-ledger.md#L27", wantCount: -1},
		{name: "stable id", args: map[string]any{"id": "billing/invoice.go::Invoice.Finalize", "limit": 1},
			symbol: "billing/invoice.go::Invoice.Finalize", first: "doc:docs/adr/0001-use-a-ledger.md#L27", wantCount: 1},
		{name: "ambiguous", args: map[string]any{"id": "Total"}, cands: 2, wantNote: "matches", wantCount: 0},
		{name: "unknown", args: map[string]any{"id": "Invoice.Finalise"}, isError: true, wantNote: "Finalize", wantCount: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(t, c, "why", tt.args)
			if res.IsError != tt.isError {
				t.Fatalf("isError = %v, want %v: %s", res.IsError, tt.isError, text(res))
			}
			a := decode[query.Answer](t, text(res))
			if got := symbolID(a); got != tt.symbol {
				t.Errorf("symbol = %q, want %q", got, tt.symbol)
			}
			if tt.first != "" && (len(a.Rationale) == 0 || a.Rationale[0].SourceID != tt.first) {
				t.Errorf("first entry = %+v, want %s", a.Rationale, tt.first)
			}
			if len(a.Candidates) < tt.cands {
				t.Errorf("%d candidates, want at least %d", len(a.Candidates), tt.cands)
			}
			if tt.wantCount >= 0 && a.Count != tt.wantCount {
				t.Errorf("count = %d, want %d", a.Count, tt.wantCount)
			}
			if !strings.Contains(a.Note, tt.wantNote) {
				t.Errorf("note %q lacks %q", a.Note, tt.wantNote)
			}
		})
	}
}

func symbolID(a query.Answer) string {
	if a.Symbol == nil {
		return ""
	}
	return a.Symbol.ID
}

// The same answer as the CLI gives: the server calls query.Why and
// query.Render, so TOON and JSON carry the entries in the same order.
func TestWhyFormats(t *testing.T) {
	_, c := newServer(t)
	js := text(call(t, c, "why", map[string]any{"id": "ledger.Record"}))
	tn := text(call(t, c, "why", map[string]any{"id": "ledger.Record", "format": "toon"}))
	a := decode[query.Answer](t, js)
	if a.Count == 0 {
		t.Fatalf("no entries for ledger.Record: %s", js)
	}
	if !strings.HasPrefix(tn, "query: ledger.Record\n") || strings.Contains(tn, "[#") {
		t.Errorf("TOON answer is not TOON without length markers:\n%s", tn)
	}
	for _, e := range a.Rationale {
		if !strings.Contains(tn, e.SourceID) {
			t.Errorf("TOON lacks entry %s", e.SourceID)
		}
	}
	if strings.Count(strings.TrimSuffix(js, "\n"), "\n") != 0 {
		t.Errorf("JSON answer is not on one line:\n%s", js)
	}
	if len(tn) >= len(js) {
		t.Errorf("TOON (%d bytes) is not smaller than JSON (%d)", len(tn), len(js))
	}
}

func TestWhyMaxTokens(t *testing.T) {
	_, c := newServer(t)
	full := text(call(t, c, "why", map[string]any{"id": "billing.Invoice.Finalize"}))
	leads := map[string]string{} // source → its text's first sentence
	for _, e := range decode[query.Answer](t, full).Rationale {
		leads[e.SourceID] = e.Text[:fit.FloorOf(e.Text)-1]
	}
	for _, budget := range []int{200, 250, 300, 400, 600} {
		for _, format := range []string{"json", "toon"} {
			res := call(t, c, "why", map[string]any{"id": "billing.Invoice.Finalize", "max_tokens": budget, "format": format})
			out := text(res)
			if got := estimateTokens(out); got > budget {
				t.Errorf("%s, max_tokens %d: %d tokens", format, budget, got)
			}
			if estimateTokens(full) > budget && !strings.Contains(out, "cut to fit max_tokens") {
				t.Errorf("%s, max_tokens %d: the note does not say it was cut:\n%s", format, budget, out)
			}
			if format != "json" {
				continue
			}
			a := decode[query.Answer](t, out)
			if len(a.Rationale) == 0 || a.Rationale[0].Text == "" {
				t.Errorf("max_tokens %d: no entry with text:\n%s", budget, out)
			}
			for _, e := range a.Rationale {
				if !strings.HasPrefix(e.Text, leads[e.SourceID]) {
					t.Errorf("max_tokens %d: %s lost its first sentence %q: %q", budget, e.SourceID, leads[e.SourceID], e.Text)
				}
			}
		}
	}
	roomy := text(call(t, c, "why", map[string]any{"id": "billing.Invoice.Finalize", "max_tokens": 100000}))
	if roomy != full {
		t.Errorf("a budget that fits changed the answer")
	}
}

func TestBadArguments(t *testing.T) {
	_, c := newServer(t)
	tests := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"why", map[string]any{}, "argument id: missing; it is required (a string)"},
		{"why", map[string]any{"id": "   "}, "argument id"},
		{"why", map[string]any{"id": "a..b"}, "argument id"},
		{"why", map[string]any{"id": "Invoice", "limit": -1}, "argument limit: -1 is out of range; want an integer from 1 to 100"},
		{"why", map[string]any{"id": "Invoice", "limit": "ten"}, `argument limit: got "ten" (a string); want an integer from 1 to 100`},
		{"why", map[string]any{"id": "Invoice", "limit": 2.5}, "argument limit: got 2.5; want an integer"},
		{"why", map[string]any{"id": 7}, "argument id: got 7 (a number); want a string"},
		{"why", map[string]any{"id": "Invoice", "format": "xml"}, `argument format: "xml" is not allowed; use one of json, toon`},
		{"why", map[string]any{"id": "Invoice", "scope": "team"}, "argument scope"},
		{"why", map[string]any{"id": "Invoice", "max_tokens": 150}, "argument max_tokens: 150 is out of range; want an integer of at least 200"},
		{"why", map[string]any{"id": "Invoice", "colour": true}, "argument colour: no such argument; this tool takes id, limit, scope, format, max_tokens, explain"},
		{"store_memory", map[string]any{"body": "x", "kind": "opinion"}, `argument kind: "opinion" is not allowed; use one of decision, invariant, constraint, incident, convention, gotcha, reference`},
		{"store_memory", map[string]any{"body": "x", "basis": "hunch"}, `argument basis: "hunch" is not allowed; use one of research, measurement`},
		{"store_memory", map[string]any{"title": "x"}, "argument body: missing; it is required"},
		{"store_memory", map[string]any{"body": "x", "confidence": 1.5}, "argument confidence: 1.5 is out of range; want a number from 0 to 1"},
		{"store_memory", map[string]any{"body": "x", "tags": []any{"a", 2}}, "argument tags: item 1 is 2 (a number); want a string"},
		{"store_memory", map[string]any{"body": "x", "pinned": "yes"}, `argument pinned: got "yes" (a string); want a boolean`},
		{"store_memory", map[string]any{"body": "x", "title": strings.Repeat("t", 201)}, "argument title: 201 characters; at most 200 are allowed"},
		{"store_memory", map[string]any{"body": "Finalize must stay idempotent.", "symbols": []string{"Total"}}, "argument symbols"},
		{"store_memory", map[string]any{"body": "Finalize must stay idempotent.", "importance": 9}, "argument importance: 9 is out of range; want an integer from 1 to 5"},
		{"update_memory", map[string]any{"id": "x", "importance": 0}, "argument importance: 0 is out of range"},
		{"store_memory", map[string]any{"body": ""}, "the body is empty"},
		{"store_memory", map[string]any{"body": "x", "scope": "both"}, "argument scope"},
		{"update_memory", map[string]any{"id": "nosuch", "body": "x"}, "argument id"},
		{"update_memory", map[string]any{"id": "nosuch"}, "nothing to change"},
		{"search", map[string]any{"query": ""}, "argument query"},
		{"search", map[string]any{"query": "x", "scope": "web"}, "argument scope"},
		{"doc_outline", map[string]any{"path": "docs/nosuch.md"}, "argument path"},
		{"doc_outline", map[string]any{"path": "other/cart-design.md"}, "did you mean docs/design/cart-design.md"},
		{"read_doc_section", map[string]any{"ids": []string{}}, "argument ids: empty"},
		{"read_doc_section", map[string]any{"ids": []string{"docs/adr/0001-use-a-ledger.md#L2"}}, "argument ids: no section"},
		{"query_memories", map[string]any{"symbol": "Total"}, "argument symbol"},
		{"list_docs", map[string]any{"limit": 5000}, "argument limit"},
	}
	for _, tt := range tests {
		t.Run(tt.tool+" "+tt.want, func(t *testing.T) {
			res := call(t, c, tt.tool, tt.args)
			if !res.IsError || !strings.Contains(text(res), tt.want) {
				t.Errorf("%s(%v) = isError %v, %q; want an error with %q", tt.tool, tt.args, res.IsError, text(res), tt.want)
			}
		})
	}
}

// An ambiguous name answers with at most limit candidates, the total, and
// how to narrow: on a file of 30 types that each have Close, the answer
// stays small enough to read.
func TestWhyAmbiguousIsBounded(t *testing.T) {
	s, err := New(fixtureOf(t, "closers"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := connect(t, s)
	tests := []struct {
		name  string
		args  map[string]any
		cands int
	}{
		{"default limit", map[string]any{"id": "Close"}, 10},
		{"limit 3", map[string]any{"id": "Close", "limit": 3}, 3},
		{"toon", map[string]any{"id": "Close", "format": "toon"}, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(t, c, "why", tt.args)
			out := text(res)
			if res.IsError {
				t.Fatalf("isError: %s", out)
			}
			if n := len([]rune(out)); n > 4000 {
				t.Errorf("%d characters, more than 4,000:\n%s", n, out)
			}
			if tt.args["format"] == "toon" {
				if !strings.Contains(out, "candidates[10]") || !strings.Contains(out, "total_candidates: 30") {
					t.Errorf("TOON answer lacks 10 candidates of 30:\n%s", out)
				}
				return
			}
			a := decode[query.Answer](t, out)
			if len(a.Candidates) != tt.cands || a.TotalCandidates != 30 {
				t.Errorf("%d candidates of %d, want %d of 30", len(a.Candidates), a.TotalCandidates, tt.cands)
			}
			if !strings.Contains(a.Note, "matches 30 symbols") || !strings.Contains(a.Note, "closers.") || !strings.Contains(a.Note, "::") {
				t.Errorf("note %q does not say the total and how to narrow", a.Note)
			}
		})
	}
}

// A deleted symbol's memories still answer why, marked stale, and the
// answer is no error.
func TestWhyDeletedSymbol(t *testing.T) {
	s, c := newServer(t)
	m := callJSON[writeResult](t, c, "store_memory", map[string]any{"symbols": []string{"cart.Cart.RemoveItem"},
		"body": "RemoveItem deletes every unit of a SKU at once. Partial removal confused the checkout totals."})
	src := filepath.Join(s.Root(), "cart", "cart.go")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(data), "// RemoveItem deletes"), strings.Index(string(data), "// Len returns")
	if err := os.WriteFile(src, append(data[:i:i], data[j:]...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"json", "toon"} {
		res := call(t, c, "why", map[string]any{"id": "Cart.RemoveItem", "format": format})
		out := text(res)
		if res.IsError {
			t.Fatalf("%s: isError: %s", format, out)
		}
		if format == "toon" {
			if !strings.Contains(out, "mem:"+m.ID) || !strings.Contains(out, "gortex memory check") {
				t.Errorf("TOON answer lacks the stale memory:\n%s", out)
			}
			continue
		}
		a := decode[query.Answer](t, out)
		if a.Symbol != nil || len(a.Rationale) != 1 {
			t.Fatalf("answer %+v", a)
		}
		e := a.Rationale[0]
		if e.SourceID != "mem:"+m.ID || !e.Stale || e.Anchor != "cart.Cart.RemoveItem" || e.AnchorFile != "cart/cart.go" {
			t.Errorf("entry %+v, want the memory, stale, with its anchor", e)
		}
		if !strings.Contains(a.Note, "gortex memory check") {
			t.Errorf("note %q", a.Note)
		}
	}
	if res := call(t, c, "why", map[string]any{"id": "Cart.RemoveAll"}); !res.IsError {
		t.Errorf("a name nothing names is not an error: %s", text(res))
	}
}
