package rationale

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/gortex/gortex/graph"
)

// TestLinkOrderStable links the same store many times and checks that the
// motivates edges come out in the same order every time: the snapshot is
// written in the store's order, and the same tree must give the same
// index. Each case is a signal that gathers its links in a map (Go's
// iteration order differs from run to run) or from the store's names.
func TestLinkOrderStable(t *testing.T) {
	tests := []struct {
		name    string
		heading string
		text    string
	}{
		{"named: a shared name in code", "Totals", "The `Total` is rounded, and `Sum` adds the lines."},
		{"spelled: a heading spelling names of several symbols", "Delete cluster queue", "What happens on removal."},
		{"paths: files named by path", "Layout", "See billing/x.go, cart/x.go, ledger/x.go and queue/x.go."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var first []string
			for run := range 40 {
				got := linkedInOrder(t, tt.heading, tt.text)
				if len(got) < 2 {
					t.Fatalf("the case links %v: it needs two links or more to have an order", got)
				}
				if run == 0 {
					first = got
				} else if !slices.Equal(got, first) {
					t.Fatalf("run %d linked in the order\n%v\nrun 0 in\n%v", run, got, first)
				}
			}
		})
	}
}

// linkedInOrder builds a store, links one section into it and returns its
// motivates edges as the store holds them, in order.
func linkedInOrder(t *testing.T, heading, text string) []string {
	t.Helper()
	s := graph.New()
	sym := func(pkg, recv, name string, kind graph.NodeKind) {
		addShopSymbol(t, s, pkg, recv, name, kind)
		path := pkg + "/x.go"
		if err := s.AddNode(graph.Node{ID: graph.NodeID(path), Kind: graph.KindFile, Name: "x.go", Package: pkg, Path: path, Lang: "go"}); err != nil && !s.Has(graph.NodeID(path)) {
			t.Fatal(err)
		}
	}
	for _, pkg := range []string{"billing", "cart", "ledger", "queue"} {
		sym(pkg, "", "Total", graph.KindFunction)
		sym(pkg, "", "Sum", graph.KindFunction)
		sym(pkg, "Manager", "DeleteClusterQueue", graph.KindMethod)
		sym(pkg, "cache", "deleteClusterQueue", graph.KindMethod)
	}
	sec := graph.SectionID("d.md", 1)
	if err := s.AddNode(graph.Node{ID: sec, Kind: graph.KindDoc, Name: heading, Path: "d.md", Line: 1, Text: text}); err != nil {
		t.Fatal(err)
	}
	if _, err := (&Linker{}).Link(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	var got []string
	for e := range s.Edges() {
		for _, m := range e.Motivations {
			got = append(got, fmt.Sprintf("%s -> %s %s %.3f", e.From, e.To, m.Signal, m.Score))
		}
	}
	return got
}
