package graphlib

import (
	"errors"
	"slices"
	"testing"

	dgraph "github.com/dominikbraun/graph"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// newTestStore is a package of one file: T with its method M, F calling
// M, and a section motivating T.
func newTestStore(t *testing.T) *graph.Store {
	t.Helper()
	s := graph.New()
	for _, n := range []graph.Node{
		{ID: graph.PackageID("example.com/p"), Kind: graph.KindPackage, Name: "p"},
		{ID: "p/a.go", Kind: graph.KindFile, Path: "p/a.go"},
		{ID: "p/a.go::T", Kind: graph.KindType, Name: "T"},
		{ID: "p/a.go::T.M", Kind: graph.KindMethod, Name: "M", Receiver: "T"},
		{ID: "p/a.go::F", Kind: graph.KindFunction, Name: "F"},
		{ID: graph.SectionID("docs/d.md", 3), Kind: graph.KindDoc, Name: "Decision"},
	} {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range []struct {
		from, to graph.NodeID
		k        graph.EdgeKind
	}{
		{graph.PackageID("example.com/p"), "p/a.go", graph.EdgeContains}, {"p/a.go", "p/a.go::T", graph.EdgeContains},
		{"p/a.go", "p/a.go::F", graph.EdgeContains}, {"p/a.go", "p/a.go::T.M", graph.EdgeContains},
		{"p/a.go::T", "p/a.go::T.M", graph.EdgeContains}, {"p/a.go::F", "p/a.go::T.M", graph.EdgeCalls},
	} {
		if err := s.AddEdge(e.from, e.to, e.k); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddMotivation(graph.SectionID("docs/d.md", 3), "p/a.go::T", graph.Motivation{Signal: graph.SignalNamed, Score: 0.5}); err != nil {
		t.Fatal(err)
	}
	return graphtest.Checked(t, s)
}

// callChain is newTestStore with two more functions: G and H call F, which
// calls T.M; G also references T (an edge of another kind).
func callChain(t *testing.T) *graph.Store {
	t.Helper()
	s := newTestStore(t)
	for _, id := range []graph.NodeID{"p/b.go::G", "p/b.go::H"} {
		if err := s.AddNode(graph.Node{ID: id, Kind: graph.KindFunction}); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range []struct {
		from, to graph.NodeID
		k        graph.EdgeKind
	}{{"p/b.go::G", "p/a.go::F", graph.EdgeCalls}, {"p/b.go::H", "p/a.go::F", graph.EdgeCalls}, {"p/b.go::G", "p/a.go::T", graph.EdgeReferences}} {
		if err := s.AddEdge(e.from, e.to, e.k); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestLibViewReach(t *testing.T) {
	s := callChain(t)
	tests := []struct {
		name  string
		view  View
		start graph.NodeID
		want  []graph.NodeID
	}{
		{"callees of G", View{Kinds: graph.EdgeCalls}, "p/b.go::G", []graph.NodeID{"p/a.go::F", "p/a.go::T.M", "p/b.go::G"}},
		{"dependents of T.M", View{Kinds: graph.EdgeCalls, Reverse: true}, "p/a.go::T.M", []graph.NodeID{"p/a.go::F", "p/a.go::T.M", "p/b.go::G", "p/b.go::H"}},
		{"dependents of F", View{Kinds: graph.EdgeCalls, Reverse: true}, "p/a.go::F", []graph.NodeID{"p/a.go::F", "p/b.go::G", "p/b.go::H"}},
		{"H depends on nothing", View{Kinds: graph.EdgeCalls, Reverse: true}, "p/b.go::H", []graph.NodeID{"p/b.go::H"}},
		{"references only", View{Kinds: graph.EdgeReferences, Reverse: true}, "p/a.go::T", []graph.NodeID{"p/a.go::T", "p/b.go::G"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := ViewOf(s, tt.view)
			for _, walk := range []func(dgraph.Graph[graph.NodeID, graph.Node], graph.NodeID, func(graph.NodeID) bool) error{dgraph.BFS[graph.NodeID, graph.Node], dgraph.DFS[graph.NodeID, graph.Node]} {
				var got []graph.NodeID
				if err := walk(g, tt.start, func(id graph.NodeID) bool { got = append(got, id); return false }); err != nil {
					t.Fatal(err)
				}
				slices.Sort(got)
				if !slices.Equal(got, tt.want) {
					t.Errorf("reached %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func TestLibViewMaps(t *testing.T) {
	s := callChain(t)
	g := ViewOf(s, View{Kinds: graph.EdgeCalls, Reverse: true})
	n, err := g.Order()
	if err != nil || n != 4 {
		t.Errorf("order %d, %v; want the 4 nodes joined by calls", n, err)
	}
	pred, err := g.PredecessorMap()
	if err != nil {
		t.Fatal(err)
	}
	// In the reversed view the predecessors of F are what F calls.
	if got := keys(pred["p/a.go::F"]); !slices.Equal(got, []graph.NodeID{"p/a.go::T.M"}) {
		t.Errorf("predecessors of F %v", got)
	}
	adj, _ := g.AdjacencyMap()
	if got := keys(adj["p/a.go::F"]); !slices.Equal(got, []graph.NodeID{"p/b.go::G", "p/b.go::H"}) {
		t.Errorf("callers of F %v", got)
	}
	again, _ := g.AdjacencyMap()
	if len(again) != len(adj) {
		t.Error("the adjacency map changed between calls")
	}
	e, err := g.Edge("p/a.go::F", "p/b.go::G")
	if err != nil || e.Properties.Data != graph.EdgeCalls {
		t.Errorf("reversed edge F→G = %+v, %v", e, err)
	}
	if _, err := g.Edge("p/b.go::G", "p/a.go::F"); !errors.Is(err, dgraph.ErrEdgeNotFound) {
		t.Errorf("forward edge in a reversed view: %v", err)
	}
	if _, err := g.Vertex("p/a.go::T"); !errors.Is(err, dgraph.ErrVertexNotFound) {
		t.Errorf("T has no calls edge, yet is a vertex: %v", err)
	}
}

func TestLibViewReadOnly(t *testing.T) {
	s := callChain(t)
	g := ViewOf(s, View{Kinds: graph.EdgeCalls})
	before := s.EdgeCount()
	for name, err := range map[string]error{
		"add edge":      g.AddEdge("p/b.go::H", "p/b.go::G"),
		"remove edge":   g.RemoveEdge("p/b.go::G", "p/a.go::F"),
		"add vertex":    g.AddVertex(graph.Node{ID: "p/c.go::K"}),
		"remove vertex": g.RemoveVertex("p/b.go::H"),
	} {
		if !errors.Is(err, ErrReadOnly) {
			t.Errorf("%s: %v, want ErrReadOnly", name, err)
		}
	}
	if s.EdgeCount() != before || s.Has("p/c.go::K") {
		t.Error("the store changed through a view")
	}
}

func keys(m map[graph.NodeID]dgraph.Edge[graph.NodeID]) []graph.NodeID {
	var out []graph.NodeID
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestLib(t *testing.T) {
	s := newTestStore(t)
	g := Of(s)
	var seen []graph.NodeID
	err := dgraph.BFS(g, graph.PackageID("example.com/p"), func(id graph.NodeID) bool {
		seen = append(seen, id)
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 5 {
		t.Errorf("BFS from package reached %v, want 5 nodes", seen)
	}
	if err := g.AddEdge("p/a.go::T.M", "p/a.go::F"); err != nil {
		t.Fatal(err)
	}
	if e, ok := s.EdgeBetween("p/a.go::T.M", "p/a.go::F"); !ok || !e.Kinds.Has(graph.EdgeReferences) {
		t.Errorf("edge added through Lib = %+v, %v", e, ok)
	}
}
