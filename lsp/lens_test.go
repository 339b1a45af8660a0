package lsp

import (
	"context"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func TestCodeLens(t *testing.T) {
	se := start(t, fixture(t))
	tests := []struct {
		name string
		file string
		want map[string]string // a declaration's line text → its lens's title
	}{
		{name: "governed method", file: "cart/pricing.go", want: map[string]string{
			"func (c *Cart) Total() int64 {": "1 invariant · ADR 0004 · cart-design.md",
			"func Units(items []Item) int {": "", // nothing governs it
		}},
		{name: "a superseded ADR counts, marked", file: "internal/ledger/ledger.go", want: map[string]string{
			"func Record(account string, amountCents int64, memo string) (Entry, error) {": "ADR 0001 · ADR 0002 (superseded)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := se.open(tt.file)
			lenses, err := se.server.CodeLens(context.Background(), &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: se.uri(tt.file)}})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, l := range lenses {
				if l.Command == nil || l.Command.Command != openCommand || len(l.Command.Arguments) != 2 {
					t.Fatalf("lens without the open command: %+v", l)
				}
				u, _ := l.Command.Arguments[0].(string)
				if !strings.HasPrefix(u, fileURI(se.root)+"/") {
					t.Errorf("lens opens %q, outside the repository", u)
				}
				got[strings.TrimSpace(lineOf(text, int(l.Range.Start.Line)))] = l.Command.Title
			}
			for decl, title := range tt.want {
				if got[decl] != title {
					t.Errorf("lens above %q = %q, want %q (all: %q)", decl, got[decl], title, got)
				}
			}
		})
	}
}
