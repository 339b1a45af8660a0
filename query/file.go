package query

import (
	"context"
	"errors"
	"fmt"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/rationale"
)

// fileCommitSlots is how many places of a file answer its commits keep
// when they rank below the cut: a file's history is half of why it is the
// way it is, and ten sections naming its symbols would otherwise push every
// commit out.
const fileCommitSlots = 3

// whyFile answers a file query: the reasoning linked to the file itself
// (memories anchored to it, documents naming its path) and to its package,
// the reasoning of every symbol declared in it, and its git history: the
// commits owning its lines (git blame) and its latest commits (git log
// --follow). A file git does not track is said once, in Warnings.
func whyFile(ctx context.Context, s *graph.Store, text, p string, opts Options) (*Answer, error) {
	a := &Answer{Query: text, Kind: AnswerFile, Candidates: []SymbolRef{}, Rationale: []Entry{}}
	ref := SymbolRef{ID: string(graph.FileID(p)), Qualified: p, Kind: string(graph.KindFile), Path: p}
	var hits []hit
	if n, ok := s.Node(graph.FileID(p)); ok && n.Kind == graph.KindFile {
		ref.Line = n.Line
		r := rationale.Reasoning{Store: s, Memories: opts.Memories}
		hits = walk(r, n, 0)
		hits = append(hits, memberHits(r, n, hits)...)
	}
	a.Symbol = &ref
	hits = append(hits, fileCommitHits(ctx, opts.History, p, a)...)
	fillEntries(s, a, hits, opts, fileCommitSlots)
	if a.Count == 0 {
		a.Note = fmt.Sprintf("nothing explains %s yet: no document or memory names it or its symbols, and git has no commits for it; record the reasoning with gortex remember or in a design doc that names the file", p)
	}
	return a, ctx.Err()
}

// memberHits returns the reasoning linked directly to the symbols declared
// in file (and their members), each reached via its symbol one step below
// the file, skipping sources already in seen.
func memberHits(r rationale.Reasoning, file *graph.Node, seen []hit) []hit {
	done := map[graph.NodeID]bool{}
	for _, h := range seen {
		done[h.source.ID] = true
	}
	var hits []hit
	for _, sym := range Declared(r.Store, file.ID) {
		for _, l := range r.Into(sym.ID) {
			if !done[l.Source.ID] {
				done[l.Source.ID] = true
				hits = append(hits, hit{source: linkSource(l), signal: l.Signal, score: l.Score, detail: l.Detail, via: sym, depth: 1})
			}
		}
	}
	return hits
}

// Declared returns the symbols the file id contains, their members after
// them (breadth first, in the order the graph holds them).
func Declared(s *graph.Store, id graph.NodeID) []*graph.Node {
	var out []*graph.Node
	queue := []graph.NodeID{id}
	seen := map[graph.NodeID]bool{id: true}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, e := range s.Out(cur, graph.EdgeContains) {
			n, ok := s.Node(e.To)
			if !ok || seen[n.ID] || !n.Kind.IsSymbol() {
				continue
			}
			seen[n.ID] = true
			out = append(out, n)
			queue = append(queue, n.ID)
		}
	}
	return out
}

// fileCommitHits returns the commits of a file: the owners of its lines,
// scored by their share, then its latest commits that own none, scored
// logOnlyScore. Outside git or for an untracked file it adds one warning.
func fileCommitHits(ctx context.Context, h History, p string, a *Answer) []hit {
	if h == nil {
		return nil
	}
	owners, err := h.Blame(ctx, p, 0, 0)
	if err != nil {
		a.Warnings = append(a.Warnings, historyWarning(p, err))
		return nil
	}
	recent, err := h.Log(ctx, p, fileLogCommits)
	if err != nil && !quietHistoryErr(err) {
		a.Warnings = append(a.Warnings, historyWarning(p, err))
	}
	total := 0
	for _, c := range owners {
		total += c.Lines
	}
	var hits []hit
	seen := map[string]bool{}
	for _, c := range owners[:min(len(owners), fileLogCommits)] {
		seen[c.Hash] = true
		hits = append(hits, hit{source: commitSource(c), signal: graph.SignalCommit, score: float64(c.Lines) / float64(max(total, 1))})
	}
	for _, c := range recent {
		if !seen[c.Hash] {
			hits = append(hits, hit{source: commitSource(c), signal: graph.SignalCommit, score: logOnlyScore})
		}
	}
	return hits
}

// historyWarning says once why a file has no history.
func historyWarning(p string, err error) string {
	switch {
	case errors.Is(err, history.ErrNotGit):
		return "not a git repository (or git is missing): no commit history for " + p
	case errors.Is(err, history.ErrUntracked):
		return p + " is not tracked by git: no commit history"
	case errors.Is(err, history.ErrNoCommits):
		return "the repository has no commits yet: no commit history for " + p
	}
	return fmt.Sprintf("commits of %s left out: %v", p, err)
}
