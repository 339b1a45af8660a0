package query

import (
	"cmp"
	"slices"
	"sort"
	"time"

	"github.com/gortex/gortex/graph"
)

// A question's weight of meaning in ordering its sections rises as its
// words find less: questionMeaning's weight plus wordsShortfall times what
// the best section's lexical similarity falls short of 1. A question in a
// developer's own words shares few of them with the section that answers it,
// and its meaning says more than its words do (docs/evaluation.md, "Meaning
// orders the sections, not their places").
//
// Raised in the similarity itself, it put documents that read like a
// question above the commit that answers it (history-old-dev's redis Hit@5
// 0.600 to 0.100 under gortex-eval recall); so it only orders the sections
// among themselves, in the places the plain rank gives them (slotSections),
// and no commit or memory moves. wordsShortfall was chosen on
// greptimedb-questions (development): 12 the largest of 6, 12 and 24 that
// lowered no figure (24 lowered the section@5 of the questions that name an
// identifier, 1.00 to 0.93).
const wordsShortfall = 12

// orderByMeaning sets the weight by which a question's sections are ordered
// among themselves (orderWeight): questionMeaning's, raised by how little
// the best section's words match the question (wordsShortfall). Commits and
// memories keep theirs.
func orderByMeaning(hits []hit) {
	best := 0.0
	for _, h := range hits {
		if isSection(h) {
			best = max(best, h.lex)
		}
	}
	w := questionMeaning.weight + wordsShortfall*max(0, 1-best)
	for i := range hits {
		if isSection(hits[i]) {
			hits[i].orderWeight = w
		}
	}
}

// isSection reports whether h is a document section that ranks by the one
// formula: no commit, memory or commit entry.
func isSection(h hit) bool {
	return h.source.Kind == graph.KindDoc && h.source.commit == nil && h.source.memory == nil && h.signal != graph.SignalCommit
}

// slotSections reorders the live sections of rs that have an orderWeight:
// they keep the ranks they hold as a set, so that every commit, memory and
// superseded entry keeps its place among them, and those ranks go to the
// sections in the order their similarity weighed by orderWeight gives.
// Meaning decides which section comes first, not whether a section comes
// before a commit.
func slotSections(rs []ranked, now time.Time) {
	var at []int
	for i, r := range rs {
		if r.orderWeight > 0 && isSection(r.hit) && !r.superseded {
			at = append(at, i)
		}
	}
	if len(at) < 2 {
		return
	}
	ranks := make([]float64, len(at))
	by := make(map[int]float64, len(at))
	for k, i := range at {
		ranks[k] = rs[i].rank
		h := rs[i].hit
		h.semWeight = h.orderWeight
		by[i] = rankOne(h, now).rank
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(ranks)))
	order := slices.Clone(at)
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(by[b], by[a]), cmp.Compare(rs[b].rank, rs[a].rank))
	})
	for k, i := range order {
		rs[i].own, rs[i].ordered, rs[i].rank = rs[i].rank, by[i], ranks[k]
	}
}
