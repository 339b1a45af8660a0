package rationale

import (
	"context"
	"errors"
	"fmt"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer"
)

// IndexOptions wires the indexer to this package's linker (with root's git
// history) and content index: what every index run of the CLI and the MCP
// server uses.
func IndexOptions(root string) indexer.Options {
	return indexer.Options{Linker: &Linker{Root: root}, Content: ContentIndexer{}}
}

// FreshIndex loads root's index, building or updating it first (only the
// changed files) when there is none, when it is unusable, or when files
// changed since it was built. note, when not nil, is told in one line why
// the index was (re)built and what that took.
func FreshIndex(ctx context.Context, root string, note func(string)) (*indexer.Index, error) {
	return FreshIndexWith(ctx, root, IndexOptions(root), note)
}

// FreshIndexWith is FreshIndex building or updating with opts, which
// should be IndexOptions(root) with the caller's changes (the CLI sets
// PauseGC).
func FreshIndexWith(ctx context.Context, root string, opts indexer.Options, note func(string)) (*indexer.Index, error) {
	if note == nil {
		note = func(string) {}
	}
	idx, err := indexer.Load(root)
	switch {
	case err == nil && !idx.Stale():
		return idx, nil
	case errors.Is(err, indexer.ErrNoIndex):
		note(fmt.Sprintf("no index yet; indexing %s", root))
	case graph.IsStale(err):
		note(fmt.Sprintf("warning: the index is unusable (%v); rebuilding", err))
	case err != nil:
		return nil, err
	default:
		note("files changed since the last index; updating")
	}
	idx, st, err := indexer.Update(ctx, root, opts)
	if err != nil {
		return nil, err
	}
	if !st.UpToDate {
		note(fmt.Sprintf("indexed %d changed files in %.2fs", st.Changed, st.Duration.Seconds()))
	}
	return idx, nil
}
