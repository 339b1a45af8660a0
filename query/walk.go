package query

import (
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// viaDiscount scales the score of reasoning reached through a container
// (the type of a method, the file, the package): it explains the container
// as a whole, so it is less specific to the symbol than a direct link.
const viaDiscount = 0.5

// minPackageMember is the weakest link to a package that still explains
// each symbol in it: below it (a folder's name written in prose, without a
// component noun: rationale's prose-name score) the link explains the
// package as a whole, for why on the package and for covers, and would
// only crowd a symbol's answer with member entries.
const minPackageMember = 0.2

// hit is one piece of reasoning found for a symbol, before it becomes an
// Entry: the source node, the signal as the answer reports it, and what the
// ranking formula needs.
type hit struct {
	source *source
	signal graph.Signal
	score  float64
	detail string
	via    *graph.Node // nil for a direct edge
	depth  int         // 0 direct, 1 first container, ...
	lex    float64     // lexical similarity of the source to the symbol, [0,1]
}

// Walk collects the reasoning one hop from n: the incoming motivates edges
// of n and the memory links into it, then those of its containers (method → type → file → package),
// keeping only the first (closest) edge from each source. A section that
// names a container of n is reported with signal member: it names the
// symbol's type or package and the symbol is its member.
func Walk(s *graph.Store, mems *rationale.Memories, n *graph.Node) []hit {
	return walk(s, mems, n, minPackageMember)
}

// walk is Walk keeping links to a package of at least minPackage; a file
// query keeps every one (minPackage 0): a file is a part of its package
// as a whole, which is what the weak links explain.
func walk(s *graph.Store, mems *rationale.Memories, n *graph.Node, minPackage float64) []hit {
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
			if depth > 0 && cur.Kind == graph.KindPackage && best.Score < minPackage {
				continue
			}
			seen[e.From] = true
			sig := best.Signal
			if depth > 0 && sig == graph.SignalNamed {
				sig = graph.SignalMember
			}
			hits = append(hits, hit{source: sectionSource(src), signal: sig, score: best.Score, detail: best.Detail, via: via, depth: depth})
		}
		for _, l := range mems.Into(cur.ID) {
			if seen[l.Node.ID] {
				continue
			}
			seen[l.Node.ID] = true
			sig := l.Signal
			if depth > 0 && sig == graph.SignalNamed {
				sig = graph.SignalMember
			}
			hits = append(hits, hit{source: memorySource(l), signal: sig, score: l.Score, detail: l.Detail, via: via, depth: depth})
		}
		next, ok := s.Container(cur.ID)
		if !ok {
			break
		}
		cur, via = next, next
	}
	return hits
}
