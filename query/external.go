package query

import (
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// External is reasoning found outside the graph an answer was made from:
// a section of another repository, or a memory of the organisation, read
// from the organisation's store. Node holds the section as the graph would
// (kind, path, heading, text, update time; asset kind, status and
// supersession in its attributes); Memory is set for a memory.
type External struct {
	Node    *graph.Node
	Memory  *memory.Memory
	Signal  graph.Signal
	Score   float64
	Detail  string  // the name the text wrote
	Depth   int     // container steps between the symbol and what the text names
	Lex     float64 // lexical similarity to what was asked, [0,1]; 0 for none
	Context string  // the document's reason section, when known
}

// ExternalEntry ranks x with the one formula and makes its entry.
func ExternalEntry(x External, now time.Time) Entry {
	src := &source{Node: x.Node, memory: x.Memory}
	r := rankOne(hit{source: src, signal: x.Signal, score: x.Score, detail: x.Detail, depth: x.Depth, lex: x.Lex}, now)
	e := Entry{SourceID: string(src.ID), Kind: entryKind(src.Kind), Signal: string(x.Signal),
		Score: round3(x.Score), Path: src.Path, Section: src.Name, Line: src.Line,
		Text: excerpt(src.Text, x.Detail), Rank: round3(r.rank), Context: x.Context,
		AssetKind: string(src.asset()), SupersededBy: src.supersededBy()}
	memoryEntry(&e, src)
	return e
}

// entryClass orders entries before their rank, as ranked.class does:
// live reasoning, then commits, then anything superseded.
func entryClass(e Entry) int {
	switch {
	case e.SupersededBy != "":
		return 2
	case e.Kind == EntryCommit:
		return 1
	}
	return 0
}

// MergeEntries merges two lists of entries, each already in answer order,
// into one in answer order, keeping at most limit (all when limit <= 0).
// Entries of a keep their order; one of b goes before one of a only when
// its class is better, or its class is the same and its rank higher. The
// answer of a repository's own index merged with no others is itself.
func MergeEntries(a, b []Entry, limit int) []Entry {
	out := make([]Entry, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j < len(b) && (i == len(a) || EntryBefore(b[j], a[i])) {
			out = append(out, b[j])
			j++
		} else {
			out = append(out, a[i])
			i++
		}
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// EntryBefore reports whether x goes before y in an answer: a better
// class (live, then commits, then superseded), or the same class and a
// higher rank.
func EntryBefore(x, y Entry) bool {
	cx, cy := entryClass(x), entryClass(y)
	if cx != cy {
		return cx < cy
	}
	return x.Rank > y.Rank
}
