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
