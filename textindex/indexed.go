package textindex

import (
	"cmp"
	"context"

	"github.com/gortex/gortex/history"
)

// IndexedHistory reads a symbol's and a file's commits from the history
// index, so that no answer waits for git blame: query.History over
// Commits, with Git for what the index cannot say. A blame the cache
// already holds refines an answer (and a cache that warms is filled in the
// background for the next one); without a history index it blames as Git
// does.
type IndexedHistory struct {
	Git     *history.Git
	Commits *Commits
	// Name returns the symbol declared at path's line ("" for none): a
	// range's commits are those that named it in its file.
	Name func(path string, line int) string
}

// How many commits a symbol's range gets from the index. The index cannot
// say which lines a commit owns: each scores as the owner of half the
// range.
const rangeCommits = 5

// Blame returns the cached blame of path's lines when there is one; else,
// for a range, the commits of path that named the symbol declared at its
// start (Touching), and for the whole file none (Log gives its commits),
// or history.ErrUntracked for a file git does not track (a file a commit of
// the index changed is tracked; else git ls-files, milliseconds).
func (h IndexedHistory) Blame(ctx context.Context, path string, start, end int) ([]history.Commit, error) {
	if cs, ok := h.Git.CachedBlame(ctx, path, start, end); ok {
		return cs, nil
	}
	if !h.Commits.Available() {
		return h.Git.Blame(ctx, path, start, end)
	}
	if start <= 0 && end <= 0 {
		if changed, err := h.Commits.Changed(ctx, path); err == nil && changed {
			return nil, nil // a commit changed it: git tracks it, no git process asked
		}
		if tracked, err := h.Git.Tracked(ctx, path); err != nil || !tracked {
			return nil, cmp.Or(err, error(&untrackedError{path}))
		}
		return nil, nil
	}
	name := ""
	if h.Name != nil {
		name = h.Name(path, start)
	}
	if name == "" {
		return nil, nil
	}
	cs, err := h.Commits.Touching(ctx, path, name, rangeCommits)
	for i := range cs {
		cs[i].Lines, cs[i].Path = max(1, (end-start+1)/2), path
	}
	return cs, err
}

// Log returns path's n newest commits from the index (renames not
// followed); without one, git log's.
func (h IndexedHistory) Log(ctx context.Context, path string, n int) ([]history.Commit, error) {
	if !h.Commits.Available() {
		return h.Git.Log(ctx, path, n)
	}
	cs, err := h.Commits.Touching(ctx, path, "", n)
	for i := range cs {
		cs[i].Path = path
	}
	return cs, err
}

// Recent returns the repository's n latest commits, from git.
func (h IndexedHistory) Recent(ctx context.Context, n int) ([]history.Commit, error) {
	return h.Git.Recent(ctx, n)
}

// untrackedError is history.ErrUntracked for one path.
type untrackedError struct{ path string }

func (e *untrackedError) Error() string { return e.path + ": " + history.ErrUntracked.Error() }
func (e *untrackedError) Unwrap() error { return history.ErrUntracked }
