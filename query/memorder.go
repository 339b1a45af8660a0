package query

import (
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// SortMemories returns mems in the order Why ranks memories: live before
// superseded, then pinned, importance, confidence and recency. It scores
// them as a direct memory link would be scored, so a list of memories and a
// why answer never disagree on their order.
func SortMemories(mems []*memory.Memory, now time.Time) []*memory.Memory {
	hits := make([]hit, len(mems))
	for i, m := range mems {
		src := &source{Node: &graph.Node{ID: memory.NodeID(m.ID), Kind: graph.KindMemory, Path: m.Path}, memory: m}
		hits[i] = hit{source: src, signal: graph.SignalMemory, score: memory.Score(m.Pinned, m.Importance, m.Confidence)}
	}
	out := make([]*memory.Memory, 0, len(mems))
	for _, r := range rankHits(hits, 0, now) {
		out = append(out, r.source.memory)
	}
	return out
}
