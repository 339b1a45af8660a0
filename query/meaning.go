package query

import (
	"sort"

	"github.com/gortex/gortex/graph"
)

// Meaning scores sections by what they mean rather than how they are
// spelled: the cosine similarity of text to every section with a positive
// one. *semantic.Model is one.
type Meaning interface {
	Scores(text string) map[graph.NodeID]float64
}

// How meaning enters an answer. On the development sets a weight of 0.75
// and two meaning-only entries lowered no figure, but on the validation half
// they lowered some (velero MRR 0.74 to 0.73, cloud-sdk-js partial MRR 0.56
// to 0.52, edc-connector partial doc@5 0.88 to 0.75; docs/evaluation.md,
// "A semantic signal"), so by the rule that a weight is kept only if it
// lowers no set, both are 0 until a setting passes the validation half. The
// model is still built and read, so that setting can be measured.
const (
	meaningWeight  = 0
	meaningEntries = 0
)

// similarity is how alike the source and the symbol (or question) read:
// by their words, and by their meaning.
func similarity(h hit) float64 { return h.lex + meaningWeight*h.sem }

// withMeaning sets every hit's similarity by meaning and adds the best
// sections found by meaning alone. A section's similarity is its cosine
// above the mean of all sections', relative to the best section's: the
// model's cosines run high for any two texts of one repository, and what
// tells is how far a section stands out.
func withMeaning(s *graph.Store, hits []hit, cos map[graph.NodeID]float64) []hit {
	if len(cos) == 0 {
		return hits
	}
	mean, best := 0.0, 0.0
	for _, c := range cos {
		mean += c
		best = max(best, c)
	}
	mean /= float64(len(cos))
	if best <= mean {
		return hits
	}
	sim := func(id graph.NodeID) float64 {
		c, ok := cos[id]
		if !ok {
			return 0
		}
		return max(0, (c-mean)/(best-mean))
	}
	seen := make(map[graph.NodeID]bool, len(hits))
	for i := range hits {
		hits[i].sem = sim(hits[i].source.ID)
		seen[hits[i].source.ID] = true
	}
	type cand struct {
		id  graph.NodeID
		sim float64
	}
	var cands []cand
	for id := range cos {
		if !seen[id] {
			cands = append(cands, cand{id, sim(id)})
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].sim != cands[j].sim {
			return cands[i].sim > cands[j].sim
		}
		return cands[i].id < cands[j].id
	})
	var extra []hit
	for _, c := range cands[:min(len(cands), 4*meaningEntries)] {
		if src, ok := s.Node(c.id); ok {
			extra = append(extra, hit{source: sectionSource(src), signal: graph.SignalMeaning, score: c.sim, sem: c.sim})
		}
	}
	return append(hits, distinct(extra, meaningEntries)...)
}
