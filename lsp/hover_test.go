package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func TestHover(t *testing.T) {
	se := start(t, fixture(t))
	tests := []struct {
		name    string
		file    string
		needle  string // the hover is on its n-th occurrence
		n, off  int
		golden  string   // testdata/hover/NAME.md; "" for no hover
		contain []string // also held by the hover
	}{
		{name: "declaration", file: "cart/pricing.go", needle: "Total() int64", n: 1, off: 2, golden: "cart_total",
			contain: []string{"Cart totals are integer cents", "ADR 0004", "Keep money in integer cents", "*Context:*",
				"/docs/adr/0004-money-in-integer-cents.md#L"}},
		{name: "qualified use", file: "cart/checkout.go", needle: "billing.Total", n: 1, off: 9, golden: "billing_total"},
		{name: "bare use in the package", file: "cart/checkout.go", needle: "Total(c.Items)", n: 1, off: 0, golden: "cart_total_func"},
		{name: "nothing explains it", file: "cart/pricing.go", needle: "Units", n: 2, off: 0},
		{name: "no identifier", file: "cart/pricing.go", needle: "\n\n", n: 1, off: 0},
		{name: "a keyword names no symbol", file: "cart/pricing.go", needle: "return", n: 1, off: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := se.open(tt.file)
			pos := position(t, text, tt.needle, tt.n, tt.off)
			h, err := se.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: se.uri(tt.file)}, Position: pos}})
			if err != nil {
				t.Fatal(err)
			}
			if tt.golden == "" {
				if h != nil {
					t.Fatalf("want no hover, got %q", h.Contents.Value)
				}
				return
			}
			if h == nil {
				t.Fatal("no hover")
			}
			if h.Contents.Kind != protocol.Markdown || h.Range == nil || h.Range.Start.Line != pos.Line {
				t.Errorf("hover kind %q range %+v at %+v", h.Contents.Kind, h.Range, pos)
			}
			got := strings.ReplaceAll(h.Contents.Value, fileURI(se.root), "file://$ROOT")
			for _, c := range tt.contain {
				if !strings.Contains(got, c) {
					t.Errorf("the hover lacks %q:\n%s", c, got)
				}
			}
			golden(t, filepath.Join("testdata", "hover", tt.golden+".md"), got)
		})
	}
}

// golden compares got with the file at p, or writes it with -update.
func golden(t *testing.T, p, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", p, got, want)
	}
}

// TestHoverFinding: a symbol no reasoning explains, whose body is more
// than a trivial one, and that much code calls gets gortex audit's caution as its hover.
func TestHoverFinding(t *testing.T) {
	root := fixture(t)
	files := map[string]string{
		"money/round.go": "package money\n\n// Round rounds cents.\nfunc Round(c int64) int64 {\n\tif c < 0 {\n\t\tc = -c\n\t}\n\tc += 50\n\tc /= 100\n\treturn c * 100\n}\n",
		"shop/a.go":      "package shop\n\nimport \"example.com/shop/money\"\n\n" + callers("A", 4),
		"shop/b/b.go":    "package b\n\nimport \"example.com/shop/money\"\n\n" + callers("B", 4),
	}
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	se := start(t, root)
	text := se.open("money/round.go")
	h, err := se.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: se.uri("money/round.go")}, Position: position(t, text, "Round(c", 1, 1)}})
	if err != nil {
		t.Fatal(err)
	}
	if h == nil || !strings.Contains(h.Contents.Value, "gortex audit: unexplained") {
		t.Fatalf("hover %+v, want the audit's caution", h)
	}
}

// callers is n functions that call money.Round.
func callers(prefix string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "func %s%d(c int64) int64 { return money.Round(c) }\n\n", prefix, i)
	}
	return b.String()
}
