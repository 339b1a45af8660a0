package query

import (
	"strconv"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// SortMemories returns the memory nodes (rationale nodes made by
// rationale.ProjectMemories) in the order Why ranks memories: live before
// superseded, then pinned, importance, confidence and recency. It scores
// them as a direct memory link would be scored, so a list of memories and a
// why answer never disagree on their order.
func SortMemories(nodes []*graph.Node, now time.Time) []*graph.Node {
	hits := make([]hit, len(nodes))
	for i, n := range nodes {
		imp, _ := strconv.Atoi(n.Attr(rationale.AttrImportance))
		conf, _ := strconv.ParseFloat(n.Attr(rationale.AttrConfidence), 64)
		score := rationale.MemoryScore(n.Attr(rationale.AttrPinned) == "true", imp, conf)
		hits[i] = hit{source: sectionSource(n), signal: graph.SignalMemory, score: score}
	}
	out := make([]*graph.Node, 0, len(nodes))
	for _, r := range Rank(hits, 0, now) {
		out = append(out, r.source.Node)
	}
	return out
}
