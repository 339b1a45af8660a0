package lsp

import (
	"context"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func TestCodeSpanAt(t *testing.T) {
	tests := []struct {
		name, line string
		char       int
		want       string // "" for none
	}{
		{name: "inside", line: "see `Cart.Total` here", char: 8, want: "Cart.Total"},
		{name: "on the opening backtick", line: "see `Cart.Total` here", char: 4, want: "Cart.Total"},
		{name: "a call", line: "`Budget.Remaining()` asks", char: 3, want: "Budget.Remaining"},
		{name: "reStructuredText's double backticks", line: "``ledger.Record`` writes", char: 5, want: "ledger.Record"},
		{name: "outside", line: "see `Cart.Total` here", char: 19},
		{name: "second span", line: "`a` and `b.C`", char: 10, want: "b.C"},
		{name: "unclosed", line: "see `Cart.Total here", char: 8},
		{name: "empty", line: "``", char: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := codeSpanAt(tt.line, tt.char)
			if ok != (tt.want != "") || got != tt.want {
				t.Errorf("codeSpanAt(%q, %d) = %q, %v; want %q", tt.line, tt.char, got, ok, tt.want)
			}
		})
	}
}

func TestDocumentsToCode(t *testing.T) {
	se := start(t, fixture(t))
	const adr = "docs/adr/0004-money-in-integer-cents.md"
	text := se.open(adr)
	t.Run("definition of a code span", func(t *testing.T) {
		locs, err := se.server.Definition(context.Background(), &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: se.uri(adr)}, Position: position(t, text, "`Cart.Total`", 1, 3)}})
		if err != nil {
			t.Fatal(err)
		}
		if len(locs) != 1 || locs[0].URI != se.uri("cart/pricing.go") {
			t.Fatalf("got %+v, want cart/pricing.go", locs)
		}
		pricing := se.open("cart/pricing.go")
		if got := lineOf(pricing, int(locs[0].Range.Start.Line)); got != "func (c *Cart) Total() int64 {" {
			t.Errorf("the location is on %q", got)
		}
	})
	t.Run("no definition outside a code span", func(t *testing.T) {
		locs, err := se.server.Definition(context.Background(), &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: se.uri(adr)}, Position: position(t, text, "Floating point", 1, 2)}})
		if err != nil || len(locs) != 0 {
			t.Fatalf("got %+v, %v; want none", locs, err)
		}
	})
	t.Run("hover on a heading lists what it covers", func(t *testing.T) {
		h, err := se.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: se.uri(adr)}, Position: position(t, text, "## Decision", 1, 4)}})
		if err != nil {
			t.Fatal(err)
		}
		if h == nil || !strings.Contains(h.Contents.Value, "Keep money in integer cents › Decision covers") ||
			!strings.Contains(h.Contents.Value, "cart.Cart.Total`](") {
			t.Fatalf("hover %+v", h)
		}
	})
	t.Run("no hover on prose", func(t *testing.T) {
		h, err := se.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: se.uri(adr)}, Position: position(t, text, "Floating point", 1, 2)}})
		if err != nil || h != nil {
			t.Fatalf("got %+v, %v; want none", h, err)
		}
	})
}

func TestWorkspaceSymbol(t *testing.T) {
	se := start(t, fixture(t))
	tests := []struct {
		name, query string
		want        string // the first symbol's name; "" for none
		container   string
	}{
		{name: "an ADR by its title", query: "#integer cents", want: "ADR 0004: Keep money in integer cents", container: "docs/adr/0004-money-in-integer-cents.md"},
		{name: "a section by its heading", query: "#ledger context", want: "ADR 0001: Use an append-only ledger for money › Context", container: "docs/adr/0001-use-a-ledger.md"},
		{name: "code names are the language server's", query: "integer cents"},
		{name: "nothing matches", query: "#zebra"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := se.server.Symbols(context.Background(), &protocol.WorkspaceSymbolParams{Query: tt.query})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if len(got) != 0 {
					t.Fatalf("want none, got %+v", got)
				}
				return
			}
			if len(got) == 0 || got[0].Name != tt.want || got[0].ContainerName != tt.container || got[0].Location.URI != se.uri(tt.container) {
				t.Fatalf("got %+v, want %q in %s", got, tt.want, tt.container)
			}
		})
	}
}
