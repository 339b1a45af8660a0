package rationale

import (
	"context"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/memory"
)

func projectStore(t *testing.T) *graph.Store {
	t.Helper()
	s := graphtest.Checked(t, graph.New())
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

func TestLinkMemories(t *testing.T) {
	s := projectStore(t)
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	old := &memory.Memory{ID: "20260101T000000Z-aaaaaa", Title: "Old", Body: "Old reasoning.", Kind: memory.KindDecision,
		Importance: 2, Confidence: 0.5, Basis: memory.BasisAssumption, Source: memory.SourceManual, Created: at, Updated: at,
		Files: []string{"billing/invoice.go"}, SupersededBy: "20260102T000000Z-bbbbbb", Path: ".gortex/memories/20260101T000000Z-aaaaaa.md", Scope: memory.ScopeWorkspace}
	cur := &memory.Memory{ID: "20260102T000000Z-bbbbbb", Title: "Finalize once", Kind: memory.KindInvariant,
		Body:       "Call `Invoice.Finalize` once. ApplyDiscount runs before. The `Total` helpers round.\nHuman: hi",
		Importance: 5, Confidence: 1, Pinned: true, Basis: memory.BasisIncident, Source: memory.SourceAgent, Created: at, Updated: at,
		Symbols:    []memory.SymbolAnchor{{Written: "Invoice.Finalize", ID: "billing/invoice.go::Invoice.Finalize"}, {Written: "Gone", ID: "x.go::Gone", Stale: true}},
		Supersedes: old.ID, Scope: memory.ScopeGlobal, Path: "/home/u/.local/share/gortex/memories/20260102T000000Z-bbbbbb.md"}
	l := LinkMemories(s, []*memory.Memory{old, cur})
	n, ok := l.Node(cur.ID)
	if !ok || n.Kind != graph.KindMemory || n.Name != "Finalize once" || n.Path != cur.Path || !n.Updated.Equal(at) {
		t.Fatalf("memory node %+v", n)
	}
	if n.Text == cur.Body {
		t.Error("body not sanitised in the memory's node")
	}
	want := map[graph.NodeID]graph.Signal{
		"billing/invoice.go::Invoice.Finalize": graph.SignalMemory, // anchor (also named)
		"billing/invoice.go::Invoice":          graph.SignalNamed,  // the type of Invoice.Finalize
		"cart/cart.go::ApplyDiscount":          graph.SignalNamed,  // unique name
	}
	got := map[graph.NodeID]graph.Signal{}
	for id := range s.Nodes() {
		for _, link := range l.Into(id.ID) {
			if link.Memory != cur {
				continue
			}
			got[id.ID] = link.Signal
			if link.Signal == graph.SignalMemory && link.Score != memory.Score(true, 5, 1) {
				t.Errorf("memory score %v", link.Score)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("links %v, want %v", got, want)
	}
	for id, sig := range want {
		if got[id] != sig {
			t.Errorf("link to %s: %q, want %q", id, got[id], sig)
		}
	}
	if links := l.Into("billing/invoice.go"); len(links) != 1 || links[0].Memory != old || links[0].Signal != graph.SignalMemory {
		t.Errorf("file anchor links %+v, want the old memory's", links)
	}
	if l.Links() != len(want)+1 {
		t.Errorf("Links() = %d, want %d", l.Links(), len(want)+1)
	}
	if s.NodeCount() != 6 {
		t.Errorf("linking wrote into the graph: %d nodes, want 6", s.NodeCount())
	}
	var none *Memories
	if none.Into("billing/invoice.go") != nil || none.All() != nil || none.Links() != 0 {
		t.Error("a nil layer is not empty")
	}
}

func TestMemoriesOnly(t *testing.T) {
	s := projectStore(t)
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	mem := func(id memory.ID, scope memory.Scope) *memory.Memory {
		return &memory.Memory{ID: id, Title: string(id), Body: "Why `Invoice.Finalize` runs once.", Kind: memory.KindDecision,
			Importance: 3, Confidence: 1, Created: at, Updated: at, Scope: scope,
			Symbols: []memory.SymbolAnchor{{Written: "Total", ID: "cart/cart.go::Total"}}}
	}
	ws, gl := mem("20260101T000000Z-aaaaaa", memory.ScopeWorkspace), mem("20260101T000000Z-bbbbbb", memory.ScopeGlobal)
	all := LinkMemories(s, []*memory.Memory{ws, gl})
	tests := []struct {
		name  string
		scope memory.Scope
		want  []*memory.Memory
	}{
		{"both", memory.ScopeBoth, []*memory.Memory{ws, gl}},
		{"workspace", memory.ScopeWorkspace, []*memory.Memory{ws}},
		{"global", memory.ScopeGlobal, []*memory.Memory{gl}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := all.Only(tt.scope)
			if got := l.All(); len(got) != len(tt.want) || got[0] != tt.want[0] {
				t.Fatalf("All() = %v, want %v", got, tt.want)
			}
			for _, id := range []graph.NodeID{"cart/cart.go::Total", "billing/invoice.go::Invoice.Finalize"} {
				links := l.Into(id)
				if len(links) != len(tt.want) {
					t.Errorf("Into(%s): %d links, want %d", id, len(links), len(tt.want))
				}
				for _, ml := range links {
					if tt.scope != memory.ScopeBoth && ml.Memory.Scope != tt.scope {
						t.Errorf("Into(%s) holds a %s memory", id, ml.Memory.Scope)
					}
				}
			}
			if per := all.Links() / 2; l.Links() != per*len(tt.want) {
				t.Errorf("Links() = %d, want %d", l.Links(), per*len(tt.want))
			}
			other := gl
			if tt.scope == memory.ScopeGlobal {
				other = ws
			}
			if _, ok := l.Node(other.ID); ok == (tt.scope != memory.ScopeBoth) {
				t.Errorf("Node(%s) present = %v", other.ID, ok)
			}
			if (l.Memory(other.ID) != nil) == (tt.scope != memory.ScopeBoth) {
				t.Errorf("Memory(%s) present = %v", other.ID, l.Memory(other.ID) != nil)
			}
			if _, err := l.Search(context.Background(), "Finalize", 1); err != nil {
				t.Fatal(err)
			}
			if again := all.Only(tt.scope); again != l || again.search.idx != l.search.idx {
				t.Error("a second Only made the layer, or its index, again")
			}
		})
	}
	var none *Memories
	if none.Only(memory.ScopeGlobal) != nil {
		t.Error("a nil layer's Only is not nil")
	}
}
