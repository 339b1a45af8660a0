package query

import (
	"github.com/gortex/gortex/graph"
)

// viaDiscount scales the score of reasoning reached through a container
// (the type of a method, the file, the package): it explains the container
// as a whole, so it is less specific to the symbol than a direct link.
const viaDiscount = 0.5

// hit is one motivates edge found by Walk, before it becomes an Entry.
type hit struct {
	source *graph.Node
	mot    graph.Motivation
	via    *graph.Node // nil for a direct edge
	depth  int         // 0 direct, 1 first container, ...
	all    []graph.Motivation
}

// Walk collects the reasoning one hop from n: the incoming motivates edges
// of n, then those of its containers (method → type → file → package),
// keeping only the first (closest) edge from each source.
func Walk(s *graph.Store, n *graph.Node) []hit {
	var hits []hit
	seen := map[graph.NodeID]bool{}
	depth := 0
	for cur, via := n, (*graph.Node)(nil); cur != nil; depth++ {
		for _, e := range s.In(cur.ID, graph.EdgeMotivates) {
			if seen[e.From] {
				continue
			}
			src, ok := s.Node(e.From)
			best, has := e.Best()
			if !ok || !has {
				continue
			}
			seen[e.From] = true
			hits = append(hits, hit{source: src, mot: best, via: via, depth: depth, all: e.Motivations})
		}
		next, ok := s.Container(cur.ID)
		if !ok {
			break
		}
		cur, via = next, next
	}
	return hits
}
