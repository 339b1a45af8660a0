package query

import (
	"fmt"
	"strconv"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// Memories rank by their own key, not by the general formula: the memory
// signal's strength, plus the memory's score (rationale.MemoryScore: pinned
// first, then importance, then confidence, below 1), plus recency as the
// last tie-break, scaled below the smallest confidence step anyone writes
// (0.01 of confidence is 0.00095 of score). The lexical term and the
// container discount do not apply: how the author weighed a memory is the
// order issue 4 asks for. A superseded memory still ranks after every
// live entry (see Rank).
const memoryRecencyWeight = 0.0036 // × (recency − 0.75) ∈ [0, 0.25] → at most 0.0009

func memoryRank(r ranked) float64 {
	return float64(graph.SignalMemory.Strength()) + r.score + memoryRecencyWeight*(r.recent-0.75)
}

func memoryExplain(r ranked) string {
	s := fmt.Sprintf("memory %d + score %.3f (pinned %s, importance %s, confidence %s) + recency %.2f = %.4f",
		graph.SignalMemory.Strength(), r.score, orNo(r.source.Attr(rationale.AttrPinned)),
		r.source.Attr(rationale.AttrImportance), r.source.Attr(rationale.AttrConfidence), r.recent, r.rank)
	if r.superseded {
		s += " (superseded: after live entries)"
	}
	return s
}

func orNo(s string) string {
	if s == "" {
		return "no"
	}
	return "yes"
}

// memoryEntry fills the fields only memories have.
func memoryEntry(e *Entry, n *graph.Node) {
	if n.Kind != graph.KindRationale {
		return
	}
	e.RationaleKind = n.Attr(rationale.AttrRationaleKind)
	e.Importance, _ = strconv.Atoi(n.Attr(rationale.AttrImportance))
	e.Confidence, _ = strconv.ParseFloat(n.Attr(rationale.AttrConfidence), 64)
	e.Basis = n.Attr(rationale.AttrBasis)
	e.Pinned = n.Attr(rationale.AttrPinned) == "true"
	e.Stale = n.Attr(rationale.AttrStale) == "true"
}

// Location is the entry's place for text output and prompts: path:line,
// or the path alone for a whole file (a memory).
func (e Entry) Location() string {
	if e.Line <= 0 {
		return e.Path
	}
	return fmt.Sprintf("%s:%d", e.Path, e.Line)
}
