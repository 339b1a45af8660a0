package query

import (
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
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
	src := &source{Node: x.Node, memory: x.Memory}
	r := rankOne(hit{source: src, signal: x.Signal, score: x.Score, detail: x.Detail, depth: x.Depth, lex: x.Lex}, now)
	e := Entry{SourceID: string(src.ID), Kind: entryKind(src.Kind), Signal: string(x.Signal),
		Score: round3(x.Score), Path: src.Path, Section: src.Name, Line: src.Line,
		Text: textutil.Excerpt(src.Text, x.Detail, excerptLen), Rank: round3(r.rank), Context: x.Context,
		AssetKind: string(src.asset()), SupersededBy: src.supersededBy()}
	memoryEntry(&e, src)
	return e
}
