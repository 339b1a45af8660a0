// Package audit finds structural facts about a repository's reasoning
// graph: code that much depends on and nothing explains, decisions that
// much rests on whose basis is an assumption, load-bearing code whose only
// reasoning was superseded, memory anchors that no longer resolve, and
// documents that name code that is gone; and, as kudos, load-bearing code
// whose reasoning is grounded.
//
// Findings are derived from the graph at each run and never stored. What
// depends on a symbol is read from the calls graph through
// github.com/dominikbraun/graph (graphlib.ViewOf): the callers of every
// symbol from one adjacency map of the reversed calls, and how much rests
// on a load-bearing symbol by a breadth-first search over it. Every
// threshold is in thresholds.go, with where its value came from.
package audit
