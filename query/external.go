package query

import (
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// External is reasoning read from the organisation's store: another
// repository's section (Node, as the graph holds one) or a memory.
type External struct {
	Node            *graph.Node
	Memory          *memory.Memory
	Signal          graph.Signal
	Score, Lex      float64 // Lex: the lexical similarity to what was asked
	Detail, Context string  // the name the text wrote; the reason section
	Depth           int     // container steps to what the text names
}

// ExternalEntry ranks x with the one formula and makes its entry.
func ExternalEntry(x External, now time.Time) Entry {
	e := entryOf(rankOne(hit{source: &source{Node: x.Node, memory: x.Memory}, signal: x.Signal, score: x.Score, detail: x.Detail, depth: x.Depth, lex: x.Lex}, now), nil)
	e.Context = x.Context
	return e
}
