package graph

import (
	"strings"
	"testing"
)

// TestCheck corrupts a valid store in each way Check detects and expects
// the error that names it; the untouched store must pass.
func TestCheck(t *testing.T) {
	// edgeOf returns the index of the edge record joining from to to.
	edgeOf := func(t *testing.T, s *Store, from, to NodeID) int32 {
		t.Helper()
		e, ok := s.find(s.index[from], s.index[to])
		if !ok {
			t.Fatalf("no edge %s -> %s", from, to)
		}
		return e
	}
	tests := []struct {
		name    string
		corrupt func(t *testing.T, s *Store)
		want    string // in the error; "" for none
	}{
		{"untouched store passes", func(*testing.T, *Store) {}, ""},
		{"edge missing from its from node's out-list", func(t *testing.T, s *Store) {
			e := edgeOf(t, s, "p/a.go::F", "p/a.go::T.M")
			out := s.out.at(s.index["p/a.go::F"])
			*out = without(*out, e)
		}, "missing from adjacency"},
		{"edge missing from its to node's in-list", func(t *testing.T, s *Store) {
			e := edgeOf(t, s, "p/a.go::F", "p/a.go::T.M")
			in := s.in.at(s.index["p/a.go::T.M"])
			*in = without(*in, e)
		}, "missing from adjacency"},
		{"a node slot without an out-list", func(t *testing.T, s *Store) {
			s.out.n-- // Check compares the counts first
		}, "out-lists"},
		{"edge from a node slot out of range", func(t *testing.T, s *Store) {
			s.edges.at(edgeOf(t, s, "p/a.go", "p/a.go::T")).from = int32(s.nodes.len())
		}, "does not join two live nodes"},
		{"edge into a removed node", func(t *testing.T, s *Store) {
			e, gone := edgeOf(t, s, "p/a.go", "p/a.go::T"), s.index["p/a.go::F"]
			s.RemoveNode("p/a.go::F")
			s.edges.at(e).to = gone
		}, "does not join two live nodes"},
		{"out-list keeps a removed edge", func(t *testing.T, s *Store) {
			e, f := edgeOf(t, s, "p/a.go::F", "p/a.go::T.M"), s.index["p/a.go::F"]
			s.RemoveEdge("p/a.go::F", "p/a.go::T.M", EdgeCalls)
			*s.out.at(f) = append(*s.out.at(f), e)
		}, "out-list of node"},
		{"in-list holds another node's edge", func(t *testing.T, s *Store) {
			f := s.index["p/a.go::F"]
			*s.in.at(f) = append(*s.in.at(f), edgeOf(t, s, "p/a.go", "p/a.go::T"))
		}, "in-list of node"},
		{"out-list holds an edge twice", func(t *testing.T, s *Store) {
			f := s.index["p/a.go::F"]
			*s.out.at(f) = append(*s.out.at(f), edgeOf(t, s, "p/a.go::F", "p/a.go::T.M"))
		}, "5 out-list and 4 in-list entries for 4 live edges"},
		{"edge count too high", func(t *testing.T, s *Store) { s.nEdges++ }, "live edges, EdgeCount"},
		{"edge count too low", func(t *testing.T, s *Store) { s.nEdges-- }, "live edges, EdgeCount"},
		{"index entry points at another node", func(t *testing.T, s *Store) {
			s.index["p/a.go::F"] = s.index["p/a.go::T"]
		}, `index entry p/a.go::F points at node`},
		{"index entry points at a removed node's slot", func(t *testing.T, s *Store) {
			i := s.index["p/a.go::F"]
			s.RemoveNode("p/a.go::F")
			s.index["p/a.go::F"] = i
		}, `index entry p/a.go::F points at node`},
		{"index entry out of range", func(t *testing.T, s *Store) {
			s.index["p/a.go::X"] = int32(s.nodes.len())
		}, "index entry p/a.go::X points at node 4, out of range"},
		{"live node missing from the index", func(t *testing.T, s *Store) {
			delete(s.index, "p/a.go::F")
		}, "4 live nodes, 3 in the index"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New()
			for _, n := range []Node{
				{ID: "p/a.go", Kind: KindFile, Path: "p/a.go"},
				{ID: "p/a.go::T", Kind: KindType, Name: "T"},
				{ID: "p/a.go::T.M", Kind: KindMethod, Name: "M", Receiver: "T"},
				{ID: "p/a.go::F", Kind: KindFunction, Name: "F"},
			} {
				if err := s.AddNode(n); err != nil {
					t.Fatal(err)
				}
			}
			for _, e := range [][2]NodeID{{"p/a.go", "p/a.go::T"}, {"p/a.go", "p/a.go::F"}, {"p/a.go::T", "p/a.go::T.M"}} {
				if err := s.AddEdge(e[0], e[1], EdgeContains); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.AddEdge("p/a.go::F", "p/a.go::T.M", EdgeCalls); err != nil {
				t.Fatal(err)
			}
			tt.corrupt(t, s)
			err := s.Check()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Check = %v, want nil", err)
			case tt.want != "" && err == nil:
				t.Fatalf("Check = nil, want an error with %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("Check = %v, want an error with %q", err, tt.want)
			}
		})
	}
}
