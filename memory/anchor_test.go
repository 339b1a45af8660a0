package memory

import (
	"errors"
	"testing"

	"github.com/gortex/gortex/graph"
)

func TestMemoryScoreOrder(t *testing.T) {
	// pinned > importance > confidence, each strictly.
	order := []float64{
		Score(true, 1, 0), Score(false, 5, 1), Score(false, 5, 0),
		Score(false, 4, 1), Score(false, 1, 0.1), Score(false, 1, 0),
	}
	for i := 1; i < len(order); i++ {
		if order[i-1] <= order[i] {
			t.Errorf("score %d (%v) <= score %d (%v)", i-1, order[i-1], i, order[i])
		}
	}
	if s := Score(true, 5, 1); s >= 1 {
		t.Errorf("max score %v reaches 1", s)
	}
}

func TestFingerprint(t *testing.T) {
	src := []byte("package a\n\n// Doc.\nfunc Finalize(x int) error {\n\treturn finalize(x) + Finalize(x-1) + FinalizeAll()\n}\n")
	n := &graph.Node{ID: "a.go::Finalize", Kind: graph.KindFunction, Name: "Finalize", Line: 4, EndLine: 6, Signature: "func Finalize(x int) error"}
	renamed := []byte("package b\n\nfunc  Close(x int) error {\n    return finalize(x) + Close(x-1) + FinalizeAll()\n}\n")
	r := &graph.Node{ID: "b.go::Close", Kind: graph.KindFunction, Name: "Close", Line: 3, EndLine: 5, Signature: "func Close(x int) error"}
	a, err := fingerprintOf(src, n)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := fingerprintOf(renamed, r)
	if a != b {
		t.Errorf("rename changed the fingerprint: %s vs %s", a, b)
	}
	edited := []byte("package b\n\nfunc Close(x int) error {\n    return finalize(x+1) + Close(x-1) + FinalizeAll()\n}\n")
	if c, _ := fingerprintOf(edited, r); c == a {
		t.Error("an edited body kept its fingerprint")
	}
	if _, err := fingerprintOf(src, &graph.Node{ID: "a.go::X", Line: 9, EndLine: 12}); err == nil {
		t.Error("lines outside the file gave a fingerprint")
	}
}

func TestRewritten(t *testing.T) {
	n := &graph.Node{ID: "billing/close.go::Invoice.Close", Qualified: "example.com/shop/billing.Invoice.Close"}
	for written, want := range map[string]string{
		"billing.Invoice.Finalize": "billing.Invoice.Close",
		"Invoice.Finalize":         "Invoice.Close",
		"Finalize":                 "Close",
		"example.com/shop/billing.Invoice.Finalize": "example.com/shop/billing.Invoice.Close",
		"billing/invoice.go::Invoice.Finalize":      "billing/close.go::Invoice.Close",
	} {
		if got := rewritten(written, n); got != want {
			t.Errorf("rewritten(%q) = %q, want %q", written, got, want)
		}
	}
}

func TestResolveAnchors(t *testing.T) {
	a := &graph.Node{ID: "a/x.go::Budget", Kind: graph.KindType, Name: "Budget", Qualified: "m/a.Budget"}
	b := &graph.Node{ID: "b/x.go::Budget", Kind: graph.KindType, Name: "Budget", Qualified: "m/b.Budget"}
	resolve := anchorFixture(a, b)
	m := &Memory{Symbols: []SymbolAnchor{{Written: "a.Budget"}, {Written: " a.Budget "}}}
	if err := ResolveAnchors("", m, resolve); err != nil || len(m.Symbols) != 1 || m.Symbols[0].ID != a.ID {
		t.Errorf("ResolveAnchors: %v, %+v", err, m.Symbols)
	}
	m = &Memory{Symbols: []SymbolAnchor{{Written: "Budget"}}}
	err := ResolveAnchors("", m, resolve)
	var ae *AnchorError
	if !errors.As(err, &ae) || len(ae.Candidates) != 2 {
		t.Fatalf("ambiguous anchor: %v", err)
	}
	m = &Memory{Symbols: []SymbolAnchor{{Written: "Nope"}}}
	if err := ResolveAnchors("", m, resolve); !errors.Is(err, ErrUnresolved) {
		t.Errorf("unknown anchor: %v", err)
	}
}
