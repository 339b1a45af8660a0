package query

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

func TestMeaningSim(t *testing.T) {
	a, b, c := graph.SectionID("a.md", 1), graph.SectionID("b.md", 1), graph.SectionID("c.md", 1)
	tests := []struct {
		name string
		cos  map[graph.NodeID]float64
		want [3]float64 // of a, b, c
	}{
		{"no cosines: nothing by meaning", nil, [3]float64{0, 0, 0}},
		{"all alike: nothing stands out", map[graph.NodeID]float64{a: 0.5, b: 0.5, c: 0.5}, [3]float64{0, 0, 0}},
		{"above the mean, relative to the best", map[graph.NodeID]float64{a: 0.9, b: 0.7, c: 0.2}, [3]float64{1, 1.0 / 3, 0}},
		{"a section without a cosine", map[graph.NodeID]float64{a: 0.8, b: 0.4}, [3]float64{1, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := meaningSim(tt.cos)
			for i, id := range []graph.NodeID{a, b, c} {
				if got := sim(id); fmt.Sprintf("%.3f", got) != fmt.Sprintf("%.3f", tt.want[i]) {
					t.Errorf("sim(%s) = %.3f, want %.3f", id, got, tt.want[i])
				}
			}
		})
	}
}

// TestLexicalEntriesByMeaning: meaning decides which lexical matches become
// entries, never their score, and adds no section the words did not find.
func TestLexicalEntriesByMeaning(t *testing.T) {
	paths := []string{"docs/a.md", "docs/b.md", "docs/c.md", "docs/d.md", "docs/e.md"}
	ids := make([]graph.NodeID, len(paths))
	for i, p := range paths {
		ids[i] = graph.SectionID(p, 1)
	}
	// Lexical similarities 0.9, 0.8, 0.7, 0.6 for a-d; e is found by meaning only.
	lex := map[graph.NodeID]lexMatch{}
	for i, sim := range []float64{0.9, 0.8, 0.7, 0.6} {
		lex[ids[i]] = lexMatch{sim: sim, terms: []string{"word"}}
	}
	tests := []struct {
		name    string
		meaning map[graph.NodeID]float64 // normalised similarity by meaning
		want    []string                 // entries' documents, in the order added
	}{
		{"no meaning: the best by words", nil, []string{"docs/a.md", "docs/b.md", "docs/c.md"}},
		{"meaning lifts a close lexical match past those it does not share", map[graph.NodeID]float64{ids[3]: 1},
			[]string{"docs/a.md", "docs/d.md", "docs/b.md"}},
		{"meaning does not lift a match far behind", map[graph.NodeID]float64{ids[3]: 0.3},
			[]string{"docs/a.md", "docs/b.md", "docs/c.md"}},
		{"a section found only by meaning is no lexical entry", map[graph.NodeID]float64{ids[4]: 1},
			[]string{"docs/a.md", "docs/b.md", "docs/c.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			for _, p := range paths {
				addNodes(t, s, section(p, "Heading of "+p, rationale.AssetDesign))
			}
			meaning := func(id graph.NodeID) float64 { return tt.meaning[id] }
			hits := withLexical(s, nil, lex, meaning)
			var got []string
			for _, h := range hits {
				got = append(got, h.source.Path)
				if h.score != lex[h.source.ID].sim || h.lex != h.score || h.sem != 0 {
					t.Errorf("%s: score %.2f lex %.2f sem %.2f, want the lexical similarity %.2f and no meaning",
						h.source.Path, h.score, h.lex, h.sem, lex[h.source.ID].sim)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("entries %v, want %v", got, tt.want)
			}
		})
	}
}
