package query

import (
	"fmt"
	"strconv"

	"github.com/gortex/gortex/graph"
)

// Memories rank by their own key, not by the general formula: the memory
// signal's strength, plus the memory's score (memory.Score: pinned
// first, then importance, then confidence, below 1), plus recency as the
// last tie-break, scaled below the smallest confidence step anyone writes
// (0.01 of confidence is 0.00095 of score). The lexical term and the
// container discount do not apply: how the author weighed a memory is the
// order issue 4 asks for. A superseded memory still ranks after every
// live entry (see rankHits).
const memoryRecencyWeight = 0.0036 // × (recency − 0.75) ∈ [0, 0.25] → at most 0.0009

func memoryRank(r ranked) float64 {
	return float64(graph.SignalMemory.Strength()) + r.score + memoryRecencyWeight*(r.recent-0.75)
}

func memoryExplain(r ranked) string {
	m := r.source.memory
	s := fmt.Sprintf("memory %d + score %.3f (pinned %s, importance %d, confidence %s) + recency %.2f = %.4f",
		graph.SignalMemory.Strength(), r.score, yesNo(m.Pinned), m.Importance,
		strconv.FormatFloat(m.Confidence, 'f', -1, 64), r.recent, r.rank)
	if r.superseded {
		s += " (superseded: after live entries)"
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// memoryEntry fills the fields only memories have.
func memoryEntry(e *Entry, src *source) {
	m := src.memory
	if m == nil {
		return
	}
	e.RationaleKind = string(m.Kind)
	e.Importance = m.Importance
	e.Confidence = m.Confidence
	e.Basis = string(m.Basis)
	e.Pinned = m.Pinned
	e.Stale = m.Stale()
}

// Location is the entry's place for text output and prompts: path:line,
// or the path alone for a whole file (a memory).
func (e Entry) Location() string {
	p := e.Path
	if e.Repo != "" {
		p = e.Repo + ":" + p
	}
	if e.Line <= 0 {
		return p
	}
	return fmt.Sprintf("%s:%d", p, e.Line)
}
