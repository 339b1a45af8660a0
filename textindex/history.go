package textindex

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/blevesearch/bleve/v2"

	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/internal/fsutil"
)

// HistoryIndexer keeps the history index of an index directory: what the
// indexer calls after every build or update. The first build walks the
// whole reachable history once; later runs add the commits made since the
// head the index was read up to, and walk it all again only when that head
// is no longer an ancestor of HEAD (a rebase, a reset).
type HistoryIndexer struct {
	Git *history.Git
	// Progress, when not nil, is told every progressEvery commits how many
	// the pass has read (their total is not known before the walk ends).
	Progress func(read int)
}

// progressEvery is how often, in commits read, a history pass reports.
var progressEvery = 100

// UpdateHistory writes the history index into dir (which does not exist)
// up to HEAD: the one in live taken over (its segments hard-linked) and
// extended by the commits made since its head, else built from the whole
// history. Outside git, or before the first commit, it writes nothing. It
// returns how many commits it added.
func (h HistoryIndexer) UpdateHistory(ctx context.Context, live, dir string) (int, error) {
	head := h.Git.Head(ctx)
	if head == "" {
		return 0, nil
	}
	idx, since := h.takeOver(ctx, live, dir, head)
	if idx == nil {
		var err error
		if idx, err = bleve.New(dir, commitMapping()); err != nil {
			return 0, fmt.Errorf("create history index %s: %w", dir, err)
		}
	}
	if since == head {
		return 0, idx.Close()
	}
	read := 0
	n, err := addCommits(ctx, idx, func(ctx context.Context, each func(history.Commit) error) error {
		return h.Git.Walk(ctx, since, head, func(c history.Commit) error {
			if read++; h.Progress != nil && read%progressEvery == 0 {
				h.Progress(read)
			}
			return each(c)
		})
	}, head)
	if cerr := idx.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// takeOver copies the live history index into dir and opens it, with the
// head it was read up to, when it is of this format and that head is HEAD
// or an ancestor of it; else it leaves dir absent and returns nil.
func (h HistoryIndexer) takeOver(ctx context.Context, live, dir, head string) (bleve.Index, string) {
	if live == "" || fsutil.LinkTree(live, dir, func(name string) bool { return strings.HasSuffix(name, ".zap") }) != nil {
		return nil, ""
	}
	idx, err := bleve.Open(dir)
	if err == nil && readFormat(idx) == historyFormat {
		since := readHead(idx)
		if since == head || (since != "" && h.Git.IsAncestor(ctx, since, head)) {
			return idx, since
		}
	}
	if err == nil {
		idx.Close()
	}
	os.RemoveAll(dir)
	return nil, ""
}

// HistoryStale reports whether the history index in dir (a live one) is
// not what UpdateHistory would write now: read up to a commit other than
// HEAD, of another format, missing inside a repository with commits, or
// there outside one (UpdateHistory writes none). The indexer takes a live
// index that is not stale over as it lies.
func (h HistoryIndexer) HistoryStale(ctx context.Context, dir string) bool {
	head := h.Git.Head(ctx)
	_, err := os.Lstat(dir)
	if head == "" {
		return err == nil
	}
	if err != nil {
		return true
	}
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true, "bolt_timeout": readLockWait})
	if err != nil {
		return true
	}
	defer idx.Close()
	return readHead(idx) != head || readFormat(idx) != historyFormat
}

// readFormat returns the index's format; "" for the first, which kept none.
func readFormat(idx bleve.Index) string {
	v, err := idx.GetInternal([]byte(formatKey))
	if err != nil {
		return ""
	}
	return string(v)
}

// readHead returns the commit the index was read up to; "" when unknown.
func readHead(idx bleve.Index) string {
	v, err := idx.GetInternal([]byte(headKey))
	if err != nil {
		return ""
	}
	return string(v)
}
