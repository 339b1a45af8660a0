package query

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/rationale"
)

// TestSlotSections: a question's sections are ordered among themselves by
// their similarity with orderWeight × meaning, in the places the plain rank
// gives them; a commit keeps its place whatever the weight.
func TestSlotSections(t *testing.T) {
	sec := func(path string, lex, sem, order float64) hit {
		n := section(path, "S", rationale.AssetDesign)
		return hit{source: sectionSource(&n), signal: graph.SignalLexical, score: lex, lex: lex,
			sem: sem, semWeight: 0.75, orderWeight: order}
	}
	commit := hit{source: commitSource(history.Commit{Hash: "c1", Subject: "keep entries"}), signal: graph.SignalLexical,
		score: 0.55, lex: 0.55}
	tests := []struct {
		name  string
		order float64
		want  string
	}{
		{"no order weight: the plain rank", 0, "docs/words.md c1 docs/meaning.md"},
		{"the plain weight orders alike", 0.75, "docs/words.md c1 docs/meaning.md"},
		{"meaning weighed more: the sections swap, the commit stays", 3, "docs/meaning.md c1 docs/words.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits := []hit{
				sec("docs/words.md", 0.6, 0, tt.order),
				commit,
				sec("docs/meaning.md", 0.2, 0.4, tt.order),
			}
			var got []string
			for _, r := range rankHits(hits, 0, testNow) {
				if r.source.commit != nil {
					got = append(got, r.source.commit.Hash)
				} else {
					got = append(got, r.source.Path)
				}
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("order %q, want %q", strings.Join(got, " "), tt.want)
			}
		})
	}
}

// TestOrderByMeaning: a question's sections are ordered with more meaning
// the less the best section's words match it; commits and memories are not
// reordered.
func TestOrderByMeaning(t *testing.T) {
	sec := func(lex float64) hit {
		n := section("docs/a.md", "A", rationale.AssetDesign)
		return hit{source: sectionSource(&n), lex: lex}
	}
	commit := hit{source: commitSource(history.Commit{Hash: "a1", Subject: "cache"}), lex: 1}
	tests := []struct {
		name string
		hits []hit
		want float64
	}{
		{"a section holds every word", []hit{sec(0.4), sec(1)}, questionMeaning.weight},
		{"the best section holds some", []hit{sec(0.9), sec(0.6)}, questionMeaning.weight + wordsShortfall*0.1},
		{"a commit's words do not count", []hit{commit, sec(0.5)}, questionMeaning.weight + wordsShortfall*0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orderByMeaning(tt.hits)
			for _, h := range tt.hits {
				want := tt.want
				if h.source.commit != nil {
					want = 0
				}
				if fmt.Sprintf("%.3f", h.orderWeight) != fmt.Sprintf("%.3f", want) {
					t.Errorf("%s: order weight %.3f, want %.3f", h.source.ID, h.orderWeight, want)
				}
			}
		})
	}
}
