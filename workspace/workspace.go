package workspace

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/internal/heapbound"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/semantic"
	"github.com/gortex/gortex/textindex"
)

// Workspace is one opened repository. It is not changed after Open returns
// (a refresh makes a new one), so any number of readers may share it.
type Workspace struct {
	Root     string
	Index    *indexer.Index
	Stores   []*memory.Store     // the memory stores read, workspace first
	Memories *rationale.Memories // the memories, linked to the graph
	Loaded   memory.Loaded       // what reading the memories found: moved anchors, skipped files
	History  *history.Git
	meaning  *meaning // the index's semantic model, read on first use
	// keepOpen is a long session's: the content and history indexes are
	// kept open between calls (textindex.OpenShared).
	keepOpen bool
}

// Options shape Open.
type Options struct {
	// Scope names the memory stores to read: "workspace", "global" or
	// "both" (the default).
	Scope memory.Scope
	// Note, when not nil, is told in one line why the index was (re)built
	// and what that took.
	Note func(string)
	// Log, when not nil, receives a long Session's diagnostics (each view
	// published, a damaged index rebuilt, memory files skipped); nil
	// discards them.
	Log *slog.Logger
	// Quick is the open of one query that answers while the index's
	// staleness check runs, then checks: the open loads the index (when
	// there is a usable one) with a check that stats its directories and
	// documents alone (indexer.LoadQuick) and does not wait for it. Answer
	// sets it for a short Session, and asks Index.Stale and
	// Workspace.Changed afterwards; a surface need not.
	Quick bool
	// Short marks a process that ends after one answer (the CLI): an index
	// update may pause the garbage collector while it builds the store.
	Short bool
	// Stores, when not nil, are the memory stores to read instead of those
	// Scope names (a server that found no home directory reads the
	// workspace store alone).
	Stores []*memory.Store
	// Progress, when not nil, is told how an index build advances.
	Progress func(stage string, done, total int)
	// History, when not nil, is the history the workspace reads: a
	// long-running process passes one (NewHistory with warm), so that its
	// blame cache stays in memory from one snapshot to the next. Nil
	// means NewHistory(root, false).
	History *history.Git
}

// history returns o.History, else root's history with its blame cache.
func (o Options) history(root string) *history.Git {
	if o.History != nil {
		return o.History
	}
	return NewHistory(root, false)
}

// NewHistory returns root's git history, its blame and log results cached
// in .gortex/cache/blame/ (history.BlameCache), so that a why asked again
// about the same lines starts no git process. With warm, a query that
// missed is followed by a blame of its whole file in the background.
func NewHistory(root string, warm bool) *history.Git {
	g := history.NewGit(root)
	g.Cache = history.NewBlameCache(indexer.Cache(root).Sub("blame"), warm)
	return g
}

// stores opens the stores o names.
func (o Options) stores(root string) ([]*memory.Store, error) {
	if o.Stores != nil {
		return o.Stores, nil
	}
	scope := o.Scope
	if scope == "" {
		scope = memory.ScopeBoth
	}
	return memory.OpenStores(root, scope)
}

// Open opens the repository at root: it loads the index, building or
// updating it first when there is none, when it is unusable or when files
// changed; then it reads the memories of the scope and links them to the
// graph. It writes no memory file.
func Open(ctx context.Context, root string, o Options) (*Workspace, error) {
	stores, err := o.stores(root)
	if err != nil {
		return nil, err
	}
	idx, err := FreshIndex(ctx, root, o)
	if err != nil {
		return nil, err
	}
	return withIndex(ctx, root, idx, stores, o.history(root))
}

// Reindex builds root's index (from scratch when full, else only what
// changed), records in their files the memory anchors that followed a
// renamed or moved symbol, and opens the result. This is gortex index and
// the MCP server's reindex: the writes a query never makes.
func Reindex(ctx context.Context, root string, full bool, o Options) (*Workspace, indexer.Stats, []memory.Retarget, error) {
	stores, err := o.stores(root)
	if err != nil {
		return nil, indexer.Stats{}, nil, err
	}
	build := indexer.Update
	if full {
		build = indexer.Build
	}
	idx, st, err := build(ctx, root, IndexOptions(root, o))
	if err != nil {
		return nil, st, nil, err
	}
	moved, probs, err := memory.Sync(ctx, root, idx.Store, stores)
	if err != nil {
		return nil, st, moved, fmt.Errorf("memories: %w", err)
	}
	w, err := withIndex(ctx, root, idx, stores, o.history(root))
	if w != nil {
		w.Loaded.Problems = append(w.Loaded.Problems, probs...)
	}
	return w, st, moved, err
}

// Update brings root's index up to date (only the changed files) and
// opens the result, as Open does when files changed, but without loading
// the old index first: what a long-running process does when its staleness
// check found changes. It writes no memory file.
func Update(ctx context.Context, root string, o Options) (*Workspace, indexer.Stats, error) {
	return updateWith(ctx, root, o, indexer.Update)
}

// Rebuild is Update that builds the index from scratch: for an index a
// read found damaged. An update would not do, since it reads no more of
// the snapshot than the change touches (graph.OpenChecked) and keeps the
// rest, damage included.
func Rebuild(ctx context.Context, root string, o Options) (*Workspace, indexer.Stats, error) {
	return updateWith(ctx, root, o, indexer.Build)
}

func updateWith(ctx context.Context, root string, o Options, build func(context.Context, string, indexer.Options) (*indexer.Index, indexer.Stats, error)) (*Workspace, indexer.Stats, error) {
	stores, err := o.stores(root)
	if err != nil {
		return nil, indexer.Stats{}, err
	}
	idx, st, err := build(ctx, root, IndexOptions(root, o))
	if err != nil {
		return nil, st, err
	}
	w, err := withIndex(ctx, root, idx, stores, o.history(root))
	return w, st, err
}

// Reload returns a workspace over the same index with the memories read
// again: what a long-running process does when only memory files changed.
func (w *Workspace) Reload(ctx context.Context) (*Workspace, error) {
	return withIndex(ctx, w.Root, w.Index, w.Stores, w.History)
}

func withIndex(ctx context.Context, root string, idx *indexer.Index, stores []*memory.Store, hist *history.Git) (*Workspace, error) {
	ld, err := memory.Load(ctx, root, idx.Store, stores)
	if err != nil {
		return nil, fmt.Errorf("memories: %w", err)
	}
	return &Workspace{Root: root, Index: idx, Stores: stores, Loaded: ld,
		Memories: rationale.LinkMemories(idx.Store, ld.Memories), History: hist, meaning: &meaning{dir: idx.Dir}}, nil
}

// Store is the workspace's graph.
func (w *Workspace) Store() *graph.Store { return w.Index.Store }

// OpenContent opens the content index for reading; several readers may
// hold it at once. The caller must Close it. A long session's workspace
// hands out the index it keeps open while it is the one on disk.
func (w *Workspace) OpenContent() (*textindex.Index, error) {
	if w.keepOpen {
		return textindex.OpenShared(indexer.ContentDir(w.Index.Dir))
	}
	return textindex.OpenReader(indexer.ContentDir(w.Index.Dir))
}

// OpenCommits returns the history index for reading, opened on its first
// search (kept open, as OpenContent's, in a long session's workspace).
// The caller must Close it.
func (w *Workspace) OpenCommits() *textindex.Commits {
	if w.keepOpen {
		return textindex.SharedCommits(indexer.HistoryDir(w.Index.Dir))
	}
	return textindex.OpenCommits(indexer.HistoryDir(w.Index.Dir))
}

// QueryOptions are the query options every surface starts from: the
// memory layer, the history and the root.
func (w *Workspace) QueryOptions() query.Options {
	o := query.Options{Memories: w.Memories, History: w.History, Root: w.Root}
	if w.meaning != nil {
		o.Meaning = w.meaning
	}
	return o
}

// Resolver resolves memory anchors against the workspace's graph, as why
// resolves a query.
func (w *Workspace) Resolver() memory.AnchorResolver { return Resolver(w.Store()) }

// Resolver resolves memory anchors against s, as why resolves a query.
func Resolver(s *graph.Store) memory.AnchorResolver {
	return func(text string) (*graph.Node, []*graph.Node, error) {
		switch t := query.ResolveText(s, text); t.Kind {
		case query.TargetBad:
			return nil, nil, t.Err
		case query.TargetUnknown:
			return nil, nil, errUnknownSymbol
		default:
			return t.Node, t.Candidates, nil
		}
	}
}

// errUnknownSymbol says why an anchor names no node.
var errUnknownSymbol = errors.New("unknown symbol")

// IndexOptions wires the indexer to the rationale linker (with root's git
// history), the content index and the history index: what every index run
// uses.
func IndexOptions(root string, o Options) indexer.Options {
	return indexer.Options{Linker: &rationale.Linker{Root: root, Cache: indexer.Cache(root)}, Content: textindex.Indexer{},
		History: textindex.HistoryIndexer{Git: history.NewGit(root), Progress: historyProgress(o.Progress)}, Model: semantic.Modeler{}, Progress: o.Progress, PauseGC: o.Short}
}

// load loads root's index; a short-lived process does so with the
// collector paused, since collecting halfway through decoding the snapshot
// only marks the half-built store again (graph.PauseGC). A long-running
// process keeps its collector.
func load(root string, o Options) (*indexer.Index, error) {
	if o.Short {
		defer heapbound.PauseGC()()
	}
	if o.Quick {
		return indexer.LoadQuick(root)
	}
	return indexer.Load(root)
}

// Changed reports whether one of the repo-relative paths, files the index
// holds, changed on disk since it was built (size or modification time) or
// went: what a query that opened with Options.Quick checks of the files its
// answer cites. Paths the index does not hold are left out.
func (w *Workspace) Changed(paths []string) bool {
	for _, p := range paths {
		r, ok := w.Index.Manifest.File(p)
		if !ok {
			continue
		}
		fi, err := os.Stat(filepath.Join(w.Root, filepath.FromSlash(p)))
		if err != nil || fi.Size() != r.Size || fi.ModTime().UnixNano() != r.ModTime {
			return true
		}
	}
	return false
}

// FreshIndex loads root's index, building or updating it first (only the
// changed files) when there is none, when it is unusable, or when files
// changed since it was built.
func FreshIndex(ctx context.Context, root string, o Options) (*indexer.Index, error) {
	note := o.Note
	if note == nil {
		note = func(string) {}
	}
	idx, err := load(root, o)
	switch {
	case err == nil && (o.Quick || !idx.Stale(indexer.CheckAll)):
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
	idx, st, err := indexer.Update(ctx, root, IndexOptions(root, o))
	if err != nil {
		return nil, err
	}
	if !st.UpToDate {
		note(fmt.Sprintf("indexed %d changed files in %.2fs", st.Changed, st.Duration.Seconds()))
	}
	return idx, nil
}

// FullText is the whole text of the reasoning node id — a document
// section's body or a memory's sanitised body — for a prompt that quotes
// more than an entry's excerpt; "" for anything else.
func (w *Workspace) FullText(id graph.NodeID) string {
	n, m, ok := w.Reasoning().Source(id)
	if !ok || (m == nil && n.Kind != graph.KindDoc) {
		return ""
	}
	return n.Text
}

// Reasoning is the workspace's reasoning layer: the graph's motivates
// links and the memories linked to it.
func (w *Workspace) Reasoning() rationale.Reasoning {
	return rationale.Reasoning{Store: w.Store(), Memories: w.Memories}
}

// WarmHistory blames every source file of the index into the history's
// blame cache, on workers goroutines (0: two), so that later answers
// start no git process for their commit entries. It returns how many
// files were blamed and how many failed (untracked files are neither);
// outside git it does nothing.
func (w *Workspace) WarmHistory(ctx context.Context, workers int, progress func(done, total int)) (warmed, failed int, err error) {
	if w.History == nil || w.History.Cache == nil || !w.History.IsRepo(ctx) {
		return 0, 0, nil
	}
	var paths []string
	for p, r := range w.Index.Manifest.Files() {
		if r.Class == indexer.ClassSource {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	g := &history.Git{Root: w.Root, Timeout: history.WarmTimeout, Cache: w.History.Cache}
	if workers <= 0 {
		workers = 2 // each blame is a git process of its own, mostly on one core
	}
	var mu sync.Mutex
	var next atomic.Int64
	done := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(paths) && ctx.Err() == nil; i = int(next.Add(1)) - 1 {
				_, err := g.Blame(ctx, paths[i], 0, 0)
				mu.Lock()
				switch {
				case err == nil:
					warmed++
				case !errors.Is(err, history.ErrUntracked):
					failed++
				}
				done++
				if progress != nil {
					progress(done, len(paths))
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return warmed, failed, ctx.Err()
}

// WithCommits sets o to read the history index cs: questions search it,
// and a symbol's and a file's commits come from it
// (textindex.IndexedHistory), so that no answer waits for git blame.
func (w *Workspace) WithCommits(o *query.Options, cs *textindex.Commits) {
	o.Commits = cs
	if h := w.IndexedHistory(cs); h != nil {
		o.History = h
	}
}

// IndexedHistory is the history why reads, over the history index cs (see
// textindex.IndexedHistory): a symbol's commits without waiting for git
// blame. The audit reads it too, so that what explains a symbol is what
// why shows of it. Nil without a git history.
func (w *Workspace) IndexedHistory(cs *textindex.Commits) query.History {
	if w.History == nil {
		return nil
	}
	return textindex.IndexedHistory{Git: w.History, Commits: cs, Name: w.symbolAt}
}

// symbolAt returns the name of the symbol declared in path at line; ""
// for none.
func (w *Workspace) symbolAt(path string, line int) string {
	for _, n := range query.Declared(w.Store(), graph.FileID(path)) {
		if n.Line == line {
			return n.Name
		}
	}
	return ""
}

// historyProgress reports a history pass to progress as the stage
// "history", of unknown size; nil for nil.
func historyProgress(progress func(stage string, done, total int)) func(int) {
	if progress == nil {
		return nil
	}
	return func(read int) { progress("history", read, -1) }
}
