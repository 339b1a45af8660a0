package query

import (
	"cmp"
	"maps"
	"slices"

	"github.com/gortex/gortex/graph"
)

// Meaning scores sections by what they mean rather than how they are
// spelled: the cosine similarity of text to every section with a positive
// one (nil when there is no model). *semantic.Model is one.
type Meaning interface {
	Score(text string) Cosines
	// Feedback returns Score's cosines and a question's similarities by
	// meaning, in part by pseudo-relevance feedback (semantic.Model.Feedback).
	Feedback(text string) (plain, mixed Cosines)
	// Cosines returns text's cosine by meaning to each of texts (a commit's message); nil without a model.
	Cosines(text string, texts []string) []float64
}

// Cosines are one text's positive cosines by meaning to sections (*semantic.Scored).
type Cosines interface {
	Len() int
	Of(id graph.NodeID) (float64, bool)
	All(yield func(graph.NodeID, float64) bool)
	// Spread is the mean of the positive cosines (their sum over Len) and
	// the largest, summed in All's order: a symbol's answer needs no more
	// of them, nor their sections' IDs.
	Spread() (mean, best float64)
}

// meaningChoice is the share of meaning in choosing which lexical matches
// become entries (lexicalChoice). Chosen on all sets (docs/evaluation.md,
// "Meaning as a re-ranker"): 0.2 raised section@5 on cloud-sdk-js (0.63 to
// 0.70) and edc-connector (0.73 to 0.77), greptimedb (0.90 to 0.93) and
// pip's MRR (0.86 to 0.87), and lowered no figure of any set; 0.3 lowered
// edc-connector's section@5 (0.73 to 0.70), 0.1 raised less.
const meaningChoice = 0.2

// lexicalChoice is how a lexical match competes for an entry: its lexical
// similarity and its similarity by meaning, both in [0,1]. Meaning only
// reorders matches the words found; it adds none.
func lexicalChoice(lex, meaning float64) float64 {
	return (1-meaningChoice)*lex + meaningChoice*meaning
}

// meaningSim returns a section's similarity by meaning: its cosine above
// the mean of all sections', relative to the best section's, in [0,1]. The
// model's cosines run high for any two texts of one repository, and what
// tells is how far a section stands out. Without cosines every section's
// is 0.
func meaningSim(cos Cosines) func(graph.NodeID) float64 {
	scale := meaningScale(cos)
	return func(id graph.NodeID) float64 {
		if cos != nil {
			if c, ok := cos.Of(id); ok {
				return scale(c)
			}
		}
		return 0
	}
}

// meaningScale returns how a cosine becomes a similarity by meaning: how
// far it stands above the mean of the sections' cosines, relative to the
// best section's, at least 0 and at most 1. A text that is no section (a
// commit message) is measured on the same scale, so that it competes with
// the sections on equal terms.
func meaningScale(cos Cosines) func(float64) float64 {
	mean, best := 0.0, 0.0
	if cos != nil && cos.Len() > 0 {
		mean, best = cos.Spread()
	}
	return func(c float64) float64 {
		if best <= mean {
			return 0
		}
		return min(1, max(0, (c-mean)/(best-mean)))
	}
}

// meaningUse is how meaning enters an answer: its weight in the
// similarity of every entry, and how many sections found by meaning alone
// become entries of their own.
type meaningUse struct {
	weight  float64
	entries int
}

// A symbol's answer: on the development sets a weight of 0.75 and two
// meaning-only entries lowered no figure, but on the validation half they
// lowered some (velero MRR 0.74 to 0.73, cloud-sdk-js partial MRR 0.56 to
// 0.52, edc-connector partial doc@5 0.88 to 0.75; docs/evaluation.md, "A
// semantic signal"): they crowd out the entries a partial pair is found by.
// So meaning only chooses among lexical matches (lexicalChoice).
//
// A question's answer has no named or member entries for meaning to crowd
// out (every hit is a lexical match); there the development sets' setting
// raised every figure of the question set (doc@5 0.43 to 0.50, section@5
// 0.43 to 0.47, MRR 0.41 to 0.45, paraphrases 0.00 to 0.06).
var (
	symbolMeaning   = meaningUse{weight: 0, entries: 0}
	questionMeaning = meaningUse{weight: 0.75, entries: 2}
)

// similarity is how alike the source and the symbol (or question) read:
// by their words, and by their meaning.
func similarity(h hit) float64 { return h.lex + h.semWeight*h.sem }

// withMeaning sets every hit's similarity by meaning and adds the best
// sections found by meaning alone (by similarity: by similarity × kind cost
// the history's questions their commits; docs/evaluation.md).
func withMeaning(s *graph.Store, hits []hit, cos Cosines, use meaningUse) []hit {
	if cos == nil || cos.Len() == 0 {
		return hits
	}
	sim := meaningSim(cos)
	seen := make(map[graph.NodeID]bool, len(hits))
	for i := range hits {
		hits[i].sem, hits[i].semWeight = sim(hits[i].source.ID), use.weight
		seen[hits[i].source.ID] = true
	}
	if use.entries == 0 {
		return hits // no entries of its own: the sections need no order
	}
	by := map[graph.NodeID]float64{}
	for id := range cos.All {
		if _, ok := s.Node(id); ok && !seen[id] {
			by[id] = sim(id)
		}
	}
	cands := slices.SortedFunc(maps.Keys(by), func(a, b graph.NodeID) int {
		return cmp.Or(cmp.Compare(by[b], by[a]), cmp.Compare(a, b))
	})
	var extra []hit
	for _, id := range cands[:min(len(cands), 4*use.entries)] {
		src, _ := s.Node(id)
		extra = append(extra, hit{source: sectionSource(src), signal: graph.SignalMeaning, score: sim(id), sem: sim(id), semWeight: use.weight})
	}
	return append(hits, distinct(extra, use.entries)...)
}
