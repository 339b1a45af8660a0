package rationale

import (
	"context"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/textindex"
)

// Found is a hit of the one text search over a view's indexes (the
// sections' content index, the memory layer's own, the history index)
// with what it names. A question to why (query) and gortex search (docs)
// both search through it, and differ only in how they score and show it.
type Found struct {
	textindex.Hit
	Node   *graph.Node     // the section, or the memory's node; nil for a commit of the history index
	Memory *memory.Memory  // set for a memory
	Commit *history.Commit // set for a commit
}

// HitSearcher searches one index: *textindex.Index, *textindex.Commits
// and *Memories are ones.
type HitSearcher interface {
	Search(ctx context.Context, text string, limit int) ([]textindex.Hit, error)
}

// CommitFinder is a history index: its search, and the commit a hit names.
type CommitFinder interface {
	HitSearcher
	Commit(id graph.NodeID) (history.Commit, bool)
}

// findIn searches sr for text, the best limit hits first, and keeps those
// resolve names something, as resolve says.
func findIn(ctx context.Context, sr HitSearcher, text string, limit int, resolve func(textindex.Hit) (Found, bool)) ([]Found, error) {
	hits, err := sr.Search(ctx, text, limit)
	if err != nil {
		return nil, err
	}
	var out []Found
	for _, h := range hits {
		if f, ok := resolve(h); ok {
			f.Hit = h
			out = append(out, f)
		}
	}
	return out, nil
}

// FindSections searches the content index sr for text: the sections of s
// it finds.
func FindSections(ctx context.Context, s *graph.Store, sr HitSearcher, text string, limit int) ([]Found, error) {
	return findIn(ctx, sr, text, limit, func(h textindex.Hit) (Found, bool) {
		n, ok := s.Node(h.ID)
		return Found{Node: n}, ok
	})
}

// Find searches the layer's memories for text (see Search): each with its
// node.
func (l *Memories) Find(ctx context.Context, text string, limit int) ([]Found, error) {
	return findIn(ctx, l, text, limit, func(h textindex.Hit) (Found, bool) {
		id, _ := memory.IDOf(h.ID)
		m := l.Memory(id)
		n, ok := l.Node(id)
		return Found{Node: n, Memory: m}, ok && m != nil
	})
}

// FindCommits searches the history index cs for text: the commits it
// holds, as it stored them.
func FindCommits(ctx context.Context, cs CommitFinder, text string, limit int) ([]Found, error) {
	return findIn(ctx, cs, text, limit, func(h textindex.Hit) (Found, bool) {
		c, ok := cs.Commit(h.ID)
		return Found{Commit: &c}, ok
	})
}
