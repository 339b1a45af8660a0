package query

import (
	"path"

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
	sem    float64     // similarity by meaning of the source to the symbol, [0,1]
	// semWeight is what sem weighs in the similarity (meaningUse).
	semWeight float64
	// orderWeight, when above 0, is what sem weighs in ordering the
	// sections among themselves; the places they take beside commits and
	// memories stay those semWeight gives (slotSections).
	orderWeight float64
}

// walk collects the reasoning one hop from n: the reasoning links into n
// (motivates edges, then memory links), then those of its containers
// (method → type → file → package), keeping only the first (closest) link
// from each source. A section that names a container of n is reported with
// signal member: it names the symbol's type or package and the symbol is
// its member. Of a package reached as a container, the links of the graph
// scoring under minPackage are left out (a symbol's answer keeps
// minPackageMember; a file query keeps every one, minPackage 0: a file is a
// part of its package as a whole, which is what the weak links explain).
func walk(r rationale.Reasoning, n *graph.Node, minPackage float64) []hit {
	var hits []hit
	seen := map[graph.NodeID]bool{}
	depth := 0
	strong := func(m graph.Motivation) bool { return m.Score >= minPackage }
	for cur, via := n, (*graph.Node)(nil); cur != nil; depth++ {
		keep := strong
		if depth == 0 || cur.Kind != graph.KindPackage {
			keep = nil
		}
		for _, l := range r.IntoWhere(cur.ID, keep) {
			if seen[l.Source.ID] {
				continue
			}
			seen[l.Source.ID] = true
			sig := l.Signal
			if depth > 0 && sig == graph.SignalNamed {
				sig = graph.SignalMember
			}
			hits = append(hits, hit{source: linkSource(l), signal: sig, score: l.Score, detail: l.Detail, via: via, depth: depth})
		}
		next, ok := r.Store.Container(cur.ID)
		if !ok {
			break
		}
		cur, via = next, next
	}
	return hits
}

// withAbout sets each hit's similarity to how much its section is about package n
// (rationale.About), by its document's kind: a package's links, of one score, tie.
func withAbout(hits []hit, n *graph.Node) []hit {
	secs := make([]*graph.Node, len(hits))
	for i, h := range hits {
		secs[i] = h.source.Node
	}
	about := rationale.About(secs, n.Name, path.Base(n.Path))
	for i := range hits {
		hits[i].lex = about[hits[i].source.ID] * hits[i].source.asset().Weight()
	}
	return hits
}
