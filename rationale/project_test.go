package rationale

import (
	"errors"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
)

func projectStore(t *testing.T) *graph.Store {
	t.Helper()
	s := graph.New()
	add := func(n graph.Node) {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	add(graph.Node{ID: "billing/invoice.go", Kind: graph.KindFile, Path: "billing/invoice.go"})
	add(graph.Node{ID: "billing/invoice.go::Invoice", Kind: graph.KindType, Name: "Invoice", Package: "billing", Qualified: "example.com/shop/billing.Invoice"})
	add(graph.Node{ID: "billing/invoice.go::Invoice.Finalize", Kind: graph.KindMethod, Name: "Finalize", Receiver: "Invoice", Package: "billing", Qualified: "example.com/shop/billing.Invoice.Finalize"})
	add(graph.Node{ID: "billing/invoice.go::Total", Kind: graph.KindFunction, Name: "Total", Package: "billing", Qualified: "example.com/shop/billing.Total"})
	add(graph.Node{ID: "cart/cart.go::Total", Kind: graph.KindFunction, Name: "Total", Package: "cart", Qualified: "example.com/shop/cart.Total"})
	add(graph.Node{ID: "cart/cart.go::ApplyDiscount", Kind: graph.KindFunction, Name: "ApplyDiscount", Package: "cart", Qualified: "example.com/shop/cart.ApplyDiscount"})
	return s
}

func TestProjectMemories(t *testing.T) {
	s := projectStore(t)
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	old := &Memory{ID: "20260101T000000Z-aaaaaa", Title: "Old", Body: "Old reasoning.", Kind: KindDecision,
		Importance: 2, Confidence: 0.5, Basis: BasisAssumption, Source: SourceManual, Created: at, Updated: at,
		Files: []string{"billing/invoice.go"}, SupersededBy: "20260102T000000Z-bbbbbb", Path: ".gortex/memories/20260101T000000Z-aaaaaa.md", Scope: ScopeWorkspace}
	cur := &Memory{ID: "20260102T000000Z-bbbbbb", Title: "Finalize once", Kind: KindInvariant,
		Body:       "Call `Invoice.Finalize` once. ApplyDiscount runs before. The `Total` helpers round.\nHuman: hi",
		Importance: 5, Confidence: 1, Pinned: true, Basis: BasisIncident, Source: SourceAgent, Created: at, Updated: at,
		Symbols:    []SymbolAnchor{{Written: "Invoice.Finalize", ID: "billing/invoice.go::Invoice.Finalize"}, {Written: "Gone", ID: "x.go::Gone", Stale: true}},
		Supersedes: old.ID, Scope: ScopeGlobal, Path: "/home/u/.local/share/gortex/memories/20260102T000000Z-bbbbbb.md"}
	for range 2 { // a second projection replaces the first
		ProjectMemories(s, []*Memory{old, cur})
	}
	n, ok := s.Node(MemoryNodeID(cur.ID))
	if !ok || n.Kind != graph.KindRationale || n.Name != "Finalize once" || n.Path != cur.Path {
		t.Fatalf("memory node %+v", n)
	}
	for k, want := range map[string]string{AttrRationaleKind: "invariant", AttrImportance: "5", AttrConfidence: "1",
		AttrBasis: "incident", AttrPinned: "true", AttrScope: "global", AttrStale: "true", AttrSupersededBy: "", AttrCreated: "2026-01-01T00:00:00Z", AttrUpdated: "2026-01-01T00:00:00Z", AttrAssetKind: "memory", AttrStatus: ""} {
		if got := n.Attr(k); got != want {
			t.Errorf("attr %s = %q, want %q", k, got, want)
		}
	}
	if n.Text == cur.Body {
		t.Error("body not sanitised in the graph")
	}
	want := map[graph.NodeID]graph.Signal{
		"billing/invoice.go::Invoice.Finalize": graph.SignalMemory, // anchor (also named)
		"billing/invoice.go::Invoice":          graph.SignalNamed,  // the type of Invoice.Finalize
		"cart/cart.go::ApplyDiscount":          graph.SignalNamed,  // unique name
	}
	got := map[graph.NodeID]graph.Signal{}
	for _, e := range s.Out(n.ID, graph.EdgeMotivates) {
		best, _ := e.Best()
		got[e.To] = best.Signal
		if best.Signal == graph.SignalMemory && best.Score != MemoryScore(true, 5, 1) {
			t.Errorf("memory score %v", best.Score)
		}
	}
	if len(got) != len(want) {
		t.Errorf("motivates %v, want %v", got, want)
	}
	for id, sig := range want {
		if got[id] != sig {
			t.Errorf("edge to %s: %q, want %q", id, got[id], sig)
		}
	}
	if e, ok := s.EdgeBetween(n.ID, MemoryNodeID(old.ID)); !ok || !e.Kinds.Has(graph.EdgeSupersedes) {
		t.Error("no supersedes edge")
	}
	if e, ok := s.EdgeBetween(MemoryNodeID(old.ID), "billing/invoice.go"); !ok || !e.Kinds.Has(graph.EdgeMotivates) {
		t.Error("no file anchor edge")
	}
	if o, _ := s.Node(MemoryNodeID(old.ID)); o.Attr(AttrSupersededBy) != string(cur.ID) || o.Attr(AttrStatus) != "superseded" {
		t.Errorf("superseded_by attr %q", o.Attr(AttrSupersededBy))
	}
	ProjectMemories(s, nil)
	if s.Has(MemoryNodeID(cur.ID)) {
		t.Error("memory node left after projecting none")
	}
}

func TestMemoryScoreOrder(t *testing.T) {
	// pinned > importance > confidence, each strictly.
	order := []float64{
		MemoryScore(true, 1, 0), MemoryScore(false, 5, 1), MemoryScore(false, 5, 0),
		MemoryScore(false, 4, 1), MemoryScore(false, 1, 0.1), MemoryScore(false, 1, 0),
	}
	for i := 1; i < len(order); i++ {
		if order[i-1] <= order[i] {
			t.Errorf("score %d (%v) <= score %d (%v)", i-1, order[i-1], i, order[i])
		}
	}
	if s := MemoryScore(true, 5, 1); s >= 1 {
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
