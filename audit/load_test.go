package audit

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// TestTrivialNotLoadBearing: seven callers in two packages make a function
// load-bearing, unless its body is one statement (a nil check): there is
// no decision in it to explain.
func TestTrivialNotLoadBearing(t *testing.T) {
	for _, tt := range []struct {
		name  string
		lines int // the function's span past its first line
		want  bool
	}{
		{"one statement", 2, false},
		{"a branch", 5, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := graphtest.Checked(t, graph.New())
			callee := graph.Node{ID: "util/util.go::IsNil", Kind: graph.KindFunction, Name: "IsNil", Path: "util/util.go", Lang: "go",
				Line: 10, EndLine: 10 + tt.lines}
			if err := s.AddNode(callee); err != nil {
				t.Fatal(err)
			}
			for i := range MinCallers {
				p := fmt.Sprintf("pkg%d/x.go", i%2)
				caller := graph.Node{ID: graph.SymbolID(p, fmt.Sprintf("F%d", i)), Kind: graph.KindFunction, Name: fmt.Sprintf("F%d", i), Path: p, Lang: "go"}
				if err := s.AddNode(caller); err != nil {
					t.Fatal(err)
				}
				if err := s.AddEdge(caller.ID, callee.ID, graph.EdgeCalls); err != nil {
					t.Fatal(err)
				}
			}
			n, _ := s.Node(callee.ID)
			if _, got := localCalls(s).loadOf(n); got != tt.want {
				t.Errorf("load-bearing %v, want %v", got, tt.want)
			}
		})
	}
}

// TestSelfExplained: a short predicate that calls none of the repository's
// code and has a doc comment is explained by that comment (util.IsNil on
// cluster-api); a function that computes a value, calls the repository,
// runs long, lacks a comment or is in a language whose calls are not
// resolved across files is not.
func TestSelfExplained(t *testing.T) {
	const doc = "IsNil returns true if the passed interface is nil or holds a nil value."
	const pred = "func IsNil(i interface{}) bool"
	for _, tt := range []struct {
		name  string
		lines int // the function's span past its first line
		sig   string
		doc   string
		calls bool // it calls a function of the repository
		lang  string
		want  bool
	}{
		{"a short predicate with a doc comment", 9, pred, doc, false, "go", true},
		{"a method predicate", 9, "func (m *Machine) IsNil() bool {", doc, false, "go", true},
		{"without a doc comment", 9, pred, "", false, "go", false},
		{"a value it computes", 5, "func RoundCents(x float64) int64", doc, false, "go", false},
		{"two results", 5, "func IsNil(i any) (bool, error)", doc, false, "go", false},
		{"a function result that returns bool", 5, "func Not(f func(any) bool) func(any) bool", doc, false, "go", false},
		{"it calls the repository", 9, pred, doc, true, "go", false},
		{"a long predicate", 15, pred, doc, false, "go", false},
		{"calls not resolved across files", 9, pred, doc, false, "python", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := graphtest.Checked(t, graph.New())
			n := graph.Node{ID: "util/util.go::IsNil", Kind: graph.KindFunction, Name: "IsNil", Path: "util/util.go", Lang: tt.lang,
				Line: 10, EndLine: 10 + tt.lines, Signature: tt.sig, Text: tt.doc}
			helper := graph.Node{ID: "util/kind.go::kindOf", Kind: graph.KindFunction, Name: "kindOf", Path: "util/kind.go", Lang: tt.lang, Line: 1, EndLine: 9}
			for _, x := range []graph.Node{n, helper} {
				if err := s.AddNode(x); err != nil {
					t.Fatal(err)
				}
			}
			if tt.calls {
				if err := s.AddEdge(n.ID, helper.ID, graph.EdgeCalls); err != nil {
					t.Fatal(err)
				}
			}
			got, _ := s.Node(n.ID)
			if selfExplained(s, got) != tt.want {
				t.Errorf("selfExplained = %v, want %v", !tt.want, tt.want)
			}
		})
	}
}

// TestUnanalysed: the languages whose calls are not resolved across files
// are named, each once, so that a clean report is not read as clean code.
func TestUnanalysed(t *testing.T) {
	syms := []*graph.Node{{Lang: "rust"}, {Lang: "go"}, {Lang: "python"}, {Lang: "rust"}, {Lang: ""}}
	if got, want := unanalysed(syms), []string{"python", "rust"}; !reflect.DeepEqual(got, want) {
		t.Errorf("unanalysed = %v, want %v", got, want)
	}
	if got := unanalysed([]*graph.Node{{Lang: "go"}}); len(got) != 0 {
		t.Errorf("a Go repository: unanalysed = %v, want none", got)
	}
}
