package query

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/rationale/copies"
)

// Options shape a why answer.
type Options struct {
	Limit int // entries at most; 0 means DefaultLimit
	// Candidates is how many candidates of an ambiguous query an answer
	// keeps at most; 0 means Limit.
	Candidates int
	Searcher   Searcher  // finds lexically similar sections; nil for none
	Explain    bool      // fill Entry.Explain
	Now        time.Time // the time recency is measured from; zero means now
	History    History   // commit history (blame, log); nil for none
	// Commits searches the whole history (the history index) for a
	// question; nil, or one that is not Available, falls back to the
	// latest commits read from History.
	Commits  CommitSearcher
	Root     string              // the repository root, to find files not indexed; "" for none
	WorkDir  string              // the directory relative file paths are read from first; "" for Root
	Memories *rationale.Memories // the memory layer over s; nil for none
	Meaning  Meaning             // scores sections by meaning; nil for none
}

// DefaultLimit is the number of entries a why answer keeps by default.
const DefaultLimit = 10

// symbolCommitSlots is how many places of a symbol answer the commits that
// wrote its lines keep when they rank below the cut: commits rank after
// every live document, and weak document links (a title section changed in
// the same commit) would otherwise push out the one message that says why
// the lines were written.
const symbolCommitSlots = 1

// excerptLen bounds an entry's text in runes: enough for the paragraph that
// names the symbol, short enough that ten entries stay readable.
const excerptLen = 280

// whySymbol answers a symbol or package target, or says that the query
// named several or none.
func whySymbol(ctx context.Context, s *graph.Store, t Target, opts Options) (*Answer, error) {
	a := &Answer{Query: t.Text, Candidates: []SymbolRef{}, Rationale: []Entry{}}
	limit := opts.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	switch t.Kind {
	case TargetAmbiguous:
		keep := opts.Candidates
		if keep <= 0 {
			keep = limit
		}
		rankCandidates(s, opts.Memories, t.Candidates)
		for _, c := range t.Candidates[:min(len(t.Candidates), keep)] {
			a.Candidates = append(a.Candidates, refOf(c))
		}
		a.TotalCandidates = len(t.Candidates)
		a.Note = ambiguousNote(t.Text, a.Candidates, len(t.Candidates))
		a.Status = StatusAmbiguous
		return a, nil
	case TargetUnknown:
		a.Note, a.Status = unknownNote(s, t.Query), StatusUnknown
		stale, serr := staleEntries(ctx, s, t.Query, opts, limit)
		if serr != nil {
			return a, serr
		}
		if len(stale) > 0 {
			a.Rationale, a.Count = stale, len(stale)
			a.Note += "; " + staleNote(stale)
		}
		return a, nil
	}
	n := t.Node
	ref := refOf(n)
	if n.Kind.IsSymbol() {
		ref.Doc = docParagraph(n.Text)
	}
	a.Symbol = &ref
	hits := walk(rationale.Reasoning{Store: s, Memories: opts.Memories}, n, minPackageMember)
	if n.Kind.IsSymbol() {
		hits = append(hits, readmeHits(s, n)...)
	} else if n.Kind == graph.KindPackage {
		hits = withAbout(hits, n)
	}
	var cos Cosines
	if opts.Meaning != nil && n.Kind.IsSymbol() {
		text, _ := profile(s, n)
		cos = opts.Meaning.Score(text)
	}
	if opts.Searcher != nil && n.Kind.IsSymbol() {
		lex, err := lexical(ctx, opts.Searcher, s, n)
		if err != nil {
			return a, err
		}
		hits = withLexical(s, hits, lex, meaningSim(cos))
	}
	if cos != nil {
		hits = withMeaning(s, hits, cos, symbolMeaning)
	}
	hits = append(hits, commitHits(ctx, opts.History, n, a)...)
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	rs := newReasons(s)
	for _, r := range rankReserved(hits, limit, symbolCommitSlots, now) {
		e := entryOf(r, rs)
		if opts.Explain {
			e.Explain = r.explain()
		}
		a.Rationale = append(a.Rationale, e)
	}
	a.Count = len(a.Rationale)
	if a.Count == 0 {
		a.Note = fmt.Sprintf("no document explains %s yet; write its reasoning down in a design doc or ADR that names it (for example `%s`), then run gortex index", ref.Qualified, displayName(n))
	}
	return a, nil
}

func unknownNote(s *graph.Store, q Query) string {
	if q.ID != "" {
		return fmt.Sprintf("no symbol has the ID %q", q.ID)
	}
	note := fmt.Sprintf("no symbol matches %q", q.Raw)
	if sug := Suggest(s, q.Last(), 5); len(sug) > 0 {
		note += "; did you mean " + strings.Join(sug, ", ") + "?"
	}
	return note
}

// displayName is how a document would name the symbol: Type.Method or Name.
func displayName(n *graph.Node) string {
	if n.Receiver != "" {
		return n.Receiver + "." + n.Name
	}
	return n.Name
}

// withLexical sets the lexical similarity of every hit and adds the best
// lexical matches not found otherwise as entries of their own. Which
// matches become entries is decided by their lexical similarity helped by
// their similarity by meaning (meaning, see lexicalChoice), times the square
// root of their document kind's weight (a design before a guide that reads a
// little more like the symbol; docs/evaluation.md, "Entries chosen as the
// rank weighs them"); an entry ranks by its lexical similarity alone.
func withLexical(s *graph.Store, hits []hit, lex map[graph.NodeID]lexMatch, meaning func(graph.NodeID) float64) []hit {
	seen := make(map[graph.NodeID]bool, len(hits))
	for i := range hits {
		hits[i].lex = lex[hits[i].source.ID].sim
		seen[hits[i].source.ID] = true
	}
	var extra []hit
	for id, m := range lex {
		if src, ok := s.Node(id); ok && !seen[id] {
			extra = append(extra, hit{source: sectionSource(src), signal: graph.SignalLexical, score: m.sim,
				detail: strings.Join(m.terms, " "), lex: m.sim})
		}
	}
	choice := make(map[graph.NodeID]float64, len(extra))
	for _, h := range extra {
		choice[h.source.ID] = lexicalChoice(h.lex, meaning(h.source.ID)) * math.Sqrt(h.source.asset().Weight())
	}
	sort.Slice(extra, func(i, j int) bool {
		a, b := choice[extra[i].source.ID], choice[extra[j].source.ID]
		if a != b {
			return a > b
		}
		return extra[i].source.ID < extra[j].source.ID
	})
	return append(hits, distinct(extra, lexicalEntries)...)
}

// distinct returns the first n of hits that are no copies of one another
// (copies.Set): a site kept per release would fill every place with one.
func distinct(hits []hit, n int) []hit {
	kept := copies.New()
	var out []hit
	for _, h := range hits {
		if len(out) == n {
			break
		}
		if kept.Keep(h.source.Node) {
			out = append(out, h)
		}
	}
	return out
}

// entryOf makes the entry of r; rs finds the reason section of its
// document (nil for none).
func entryOf(r ranked, rs *reasons) Entry {
	src := r.source
	e := Entry{SourceID: string(src.ID), Kind: entryKind(src.Kind), Signal: string(r.signal),
		Score: round3(r.score), Path: src.Path, Section: src.Name, Line: src.Line,
		Text: textutil.Excerpt(src.Text, r.detail, excerptLen), Rank: round3(r.rank), Context: rs.context(src),
		AssetKind: string(src.asset()), SupersededBy: src.supersededBy()}
	if r.via != nil {
		e.Via = string(r.via.ID)
	}
	memoryEntry(&e, src)
	commitEntry(&e, src)
	return e
}

func entryKind(k graph.NodeKind) EntryKind {
	switch k {
	case graph.KindMemory:
		return EntryMemory
	case graph.KindCommit:
		return EntryCommit
	}
	return EntryContent
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
