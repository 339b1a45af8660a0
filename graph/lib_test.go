package graph

import (
	"errors"
	"slices"
	"testing"

	dgraph "github.com/dominikbraun/graph"
)

// callChain is newTestStore with two more functions: G and H call F, which
// calls T.M; G also references T (an edge of another kind).
func callChain(t *testing.T) *Store {
	t.Helper()
	s := newTestStore(t)
	for _, id := range []NodeID{"p/b.go::G", "p/b.go::H"} {
		if err := s.AddNode(Node{ID: id, Kind: KindFunction}); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range []struct {
		from, to NodeID
		k        EdgeKind
	}{{"p/b.go::G", "p/a.go::F", EdgeCalls}, {"p/b.go::H", "p/a.go::F", EdgeCalls}, {"p/b.go::G", "p/a.go::T", EdgeReferences}} {
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
		start NodeID
		want  []NodeID
	}{
		{"callees of G", View{Kinds: EdgeCalls}, "p/b.go::G", []NodeID{"p/a.go::F", "p/a.go::T.M", "p/b.go::G"}},
		{"dependents of T.M", View{Kinds: EdgeCalls, Reverse: true}, "p/a.go::T.M", []NodeID{"p/a.go::F", "p/a.go::T.M", "p/b.go::G", "p/b.go::H"}},
		{"dependents of F", View{Kinds: EdgeCalls, Reverse: true}, "p/a.go::F", []NodeID{"p/a.go::F", "p/b.go::G", "p/b.go::H"}},
		{"H depends on nothing", View{Kinds: EdgeCalls, Reverse: true}, "p/b.go::H", []NodeID{"p/b.go::H"}},
		{"references only", View{Kinds: EdgeReferences, Reverse: true}, "p/a.go::T", []NodeID{"p/a.go::T", "p/b.go::G"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := s.LibView(tt.view)
			for _, walk := range []func(dgraph.Graph[NodeID, Node], NodeID, func(NodeID) bool) error{dgraph.BFS[NodeID, Node], dgraph.DFS[NodeID, Node]} {
				var got []NodeID
				if err := walk(g, tt.start, func(id NodeID) bool { got = append(got, id); return false }); err != nil {
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
	g := s.LibView(View{Kinds: EdgeCalls, Reverse: true})
	n, err := g.Order()
	if err != nil || n != 4 {
		t.Errorf("order %d, %v; want the 4 nodes joined by calls", n, err)
	}
	pred, err := g.PredecessorMap()
	if err != nil {
		t.Fatal(err)
	}
	// In the reversed view the predecessors of F are what F calls.
	if got := keys(pred["p/a.go::F"]); !slices.Equal(got, []NodeID{"p/a.go::T.M"}) {
		t.Errorf("predecessors of F %v", got)
	}
	adj, _ := g.AdjacencyMap()
	if got := keys(adj["p/a.go::F"]); !slices.Equal(got, []NodeID{"p/b.go::G", "p/b.go::H"}) {
		t.Errorf("callers of F %v", got)
	}
	again, _ := g.AdjacencyMap()
	if len(again) != len(adj) {
		t.Error("the adjacency map changed between calls")
	}
	e, err := g.Edge("p/a.go::F", "p/b.go::G")
	if err != nil || e.Properties.Data != EdgeCalls {
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
	g := s.LibView(View{Kinds: EdgeCalls})
	before := s.EdgeCount()
	for name, err := range map[string]error{
		"add edge":      g.AddEdge("p/b.go::H", "p/b.go::G"),
		"remove edge":   g.RemoveEdge("p/b.go::G", "p/a.go::F"),
		"add vertex":    g.AddVertex(Node{ID: "p/c.go::K"}),
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

func keys(m map[NodeID]dgraph.Edge[NodeID]) []NodeID {
	var out []NodeID
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
