package query

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
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
			sim := meaningSim(cosMap(tt.cos))
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
			if got := lexicalEntryDocs(t, s, lex, meaning); !slices.Equal(got, tt.want) {
				t.Errorf("entries %v, want %v", got, tt.want)
			}
		})
	}
}

// lexicalEntryDocs returns the documents of withLexical's entries, in the
// order added, and checks that each keeps its lexical similarity as its
// score, with no meaning.
func lexicalEntryDocs(t *testing.T, s *graph.Store, lex map[graph.NodeID]lexMatch, meaning func(graph.NodeID) float64) []string {
	t.Helper()
	var got []string
	for _, h := range withLexical(s, nil, lex, meaning) {
		got = append(got, h.source.Path)
		if h.score != lex[h.source.ID].sim || h.lex != h.score || h.sem != 0 {
			t.Errorf("%s: score %.2f lex %.2f sem %.2f, want the lexical similarity %.2f and no meaning",
				h.source.Path, h.score, h.lex, h.sem, lex[h.source.ID].sim)
		}
	}
	return got
}

// fakeMeaning gives each text the cosine of the first key it starts with;
// nil cosines when it has none (no model).
type fakeMeaning map[string]float64

func (f fakeMeaning) Score(string) Cosines { return nil }

func (f fakeMeaning) Feedback(string) (plain, mixed Cosines) { return nil, nil }

// cosMap holds cosines by section.
type cosMap map[graph.NodeID]float64

func (c cosMap) Len() int { return len(c) }

func (c cosMap) Of(id graph.NodeID) (float64, bool) {
	v, ok := c[id]
	return v, ok
}

func (c cosMap) All(yield func(graph.NodeID, float64) bool) {
	for id, v := range c {
		if !yield(id, v) {
			return
		}
	}
}

func (c cosMap) Spread() (mean, best float64) {
	for _, v := range c {
		mean, best = mean+v, max(best, v)
	}
	return mean / float64(max(1, len(c))), best
}

func (f fakeMeaning) Cosines(_ string, texts []string) []float64 {
	if f == nil {
		return nil
	}
	out := make([]float64, len(texts))
	for i, t := range texts {
		for k, c := range f {
			if strings.HasPrefix(t, k) {
				out[i] = c
			}
		}
	}
	return out
}

// TestCommitMeaning: a commit found by a question's words is measured by
// meaning on the sections' scale, with the weight a question gives meaning;
// a section's meaning is left as it was, and without a model a commit has
// none.
func TestCommitMeaning(t *testing.T) {
	// The sections' cosines: mean 0.5, best 0.9.
	scale := meaningScale(cosMap{graph.SectionID("a.md", 1): 0.9, graph.SectionID("b.md", 1): 0.1})
	tests := []struct {
		name    string
		meaning fakeMeaning
		want    []float64 // sem of the two commits
	}{
		{"above the sections' mean, relative to the best", fakeMeaning{"cache": 0.7, "retry": 0.3}, []float64{0.5, 0}},
		{"above the best section is at most 1", fakeMeaning{"cache": 0.95, "retry": 0.9}, []float64{1, 1}},
		{"no model: no meaning", nil, []float64{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := section("docs/a.md", "Caching", rationale.AssetDesign)
			sec := sectionSource(&n)
			hits := []hit{
				{source: commitSource(history.Commit{Hash: "a1", Subject: "cache: keep entries an hour"})},
				{source: sec, sem: 0.25, semWeight: 0.75},
				{source: commitSource(history.Commit{Hash: "b2", Subject: "retry: back off"})},
			}
			commitMeaning("why are entries kept", hits, tt.meaning, scale)
			for k, i := range []int{0, 2} {
				wantWeight := commitMeaningWeight
				if tt.meaning == nil {
					wantWeight = 0
				}
				if fmt.Sprintf("%.3f %.2f", hits[i].sem, hits[i].semWeight) != fmt.Sprintf("%.3f %.2f", tt.want[k], wantWeight) {
					t.Errorf("commit %d: sem %.3f weight %.2f, want %.3f %.2f", k, hits[i].sem, hits[i].semWeight, tt.want[k], wantWeight)
				}
			}
			if hits[1].sem != 0.25 || hits[1].semWeight != 0.75 {
				t.Errorf("the section's meaning changed: %.2f × %.2f", hits[1].sem, hits[1].semWeight)
			}
		})
	}
}

// TestLexicalEntriesByKind: the lexical matches that become a symbol's
// entries are chosen by their similarity times the square root of their
// document kind's weight: a design a little behind a guide is chosen over
// it, one far behind is not, and each keeps its lexical similarity.
func TestLexicalEntriesByKind(t *testing.T) {
	tests := []struct {
		name   string
		design float64 // the design's lexical similarity; guides 0.9, 0.8, 0.75
		want   []string
	}{
		{"a little behind: chosen over the third guide", 0.7, []string{"docs/g1.md", "docs/g2.md", "docs/design.md"}},
		{"far behind: not chosen", 0.5, []string{"docs/g1.md", "docs/g2.md", "docs/g3.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			lex := map[graph.NodeID]lexMatch{}
			for p, sim := range map[string]float64{"docs/g1.md": 0.9, "docs/g2.md": 0.8, "docs/g3.md": 0.75, "docs/design.md": tt.design} {
				kind := rationale.AssetDoc
				if p == "docs/design.md" {
					kind = rationale.AssetDesign
				}
				addNodes(t, s, section(p, "Heading of "+p, kind))
				lex[graph.SectionID(p, 1)] = lexMatch{sim: sim, terms: []string{"word"}}
			}
			if got := lexicalEntryDocs(t, s, lex, func(graph.NodeID) float64 { return 0 }); !slices.Equal(got, tt.want) {
				t.Errorf("entries %v, want %v", got, tt.want)
			}
		})
	}
}
