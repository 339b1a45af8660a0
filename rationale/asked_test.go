package rationale

import (
	"slices"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

func TestLinkAsked(t *testing.T) {
	s := graphtest.Checked(t, graph.New())
	nodes := []graph.Node{
		{ID: "app/blueprints.py", Kind: graph.KindFile, Path: "app/blueprints.py"},
		{ID: "app/blueprints.py::Blueprint", Kind: graph.KindClass, Name: "Blueprint", Path: "app/blueprints.py"},
		{ID: "app/blueprints.py::Blueprint.route", Kind: graph.KindMethod, Name: "route", Receiver: "Blueprint", Path: "app/blueprints.py"},
		{ID: "app/policy.go::Policy", Kind: graph.KindType, Name: "Policy", Path: "app/policy.go"},
		{ID: "app/policy.go::use", Kind: graph.KindFunction, Name: "use", Path: "app/policy.go"},
	}
	for _, n := range nodes {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		heading string
		want    []graph.NodeID
	}{
		{"Why Blueprints?", []graph.NodeID{"app/blueprints.py::Blueprint"}},
		{"Why use blueprints", []graph.NodeID{"app/blueprints.py::Blueprint"}}, // lower case, plural; "use" is no type
		{"Why policies matter", []graph.NodeID{"app/policy.go::Policy"}},
		{"Blueprints", nil}, // asks nothing
		{"Why route?", nil}, // a method is no concept of its own
		{"Why doesn't a Blueprint exist for my Policy group?", nil}, // a troubleshooting question
	}
	for i, tt := range tests {
		t.Run(tt.heading, func(t *testing.T) {
			id := graph.SectionID("docs/d.md", i+1)
			if err := s.AddNode(graph.Node{ID: id, Kind: graph.KindDoc, Name: tt.heading, Path: "docs/d.md", Line: i + 1}); err != nil {
				t.Fatal(err)
			}
			linkAsked(s, node(t, s, id))
			var got []graph.NodeID
			for _, e := range s.Out(id, graph.EdgeMotivates) {
				got = append(got, e.To)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%q links %v, want %v", tt.heading, got, tt.want)
			}
		})
	}
}

func node(t *testing.T, s *graph.Store, id graph.NodeID) *graph.Node {
	t.Helper()
	n, ok := s.Node(id)
	if !ok {
		t.Fatalf("no node %s", id)
	}
	return n
}
