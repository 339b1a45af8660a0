package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/manifest"
	"github.com/gortex/gortex/indexer/roots"
	"github.com/gortex/gortex/internal/heapbound"
	"github.com/gortex/gortex/repofs"
)

// ErrNoIndex is returned by Load when root has no index yet.
var ErrNoIndex = errors.New("no index")

// Load reads root's index without checking it against the files; it
// begins the check Stale(CheckAll) answers with while the graph opens.
func Load(root string) (*Index, error) { return load(root, CheckAll, graph.Open) }

// load reads root's index, beginning the staleness check of scope c while
// the graph opens with open.
func load(root string, c Check, open func(*os.File) (*graph.Store, error)) (*Index, error) {
	if err := checkGortexDir(root); err != nil {
		return nil, err
	}
	dir := IndexDir(root)
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoIndex
	}
	if _, gerr := os.Lstat(filepath.Join(dir, oldGraphFile)); gerr == nil {
		return nil, fmt.Errorf("%w: the index was written by an older gortex", graph.ErrVersion)
	}
	if !repofs.OwnDir(dir) {
		return nil, errNotOwned
	}
	f, err := os.Open(filepath.Join(dir, graphFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoIndex
	}
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	defer f.Close()
	// The manifest decodes while the graph does, and the staleness check
	// that follows every load in gortex why starts as soon as it has: both
	// are on the path of every query.
	var m *Manifest
	var merr error
	var wg sync.WaitGroup
	check := &staleCheck{done: make(chan struct{}), start: time.Now(), scope: c}
	wg.Add(1)
	go func() {
		m, merr = readManifest(dir)
		wg.Done()
		if merr == nil && c != noCheck {
			check.stale = c.stale(root, m)
		}
		close(check.done)
	}()
	// Opened, not decoded: a query reads only what its answer touches,
	// and an update decodes the store when it first changes it.
	s, err := open(f)
	var dirty graph.Dirty
	if err == nil {
		dirty, err = applyDelta(s, filepath.Join(dir, deltaFile))
	}
	wg.Wait()
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", f.Name(), err)
	}
	if merr != nil {
		return nil, merr
	}
	ix := &Index{Root: root, Dir: dir, Store: s, Manifest: m, dirty: dirty}
	if c != noCheck {
		ix.check.Store(check)
	}
	return ix, nil
}

// applyDelta applies the delta file at path to s, when there is one.
func applyDelta(s *graph.Store, path string) (graph.Dirty, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return graph.Dirty{}, nil
	}
	if err != nil {
		return graph.Dirty{}, err
	}
	defer f.Close()
	return s.ApplyDelta(f)
}

// Check is how much of the tree a staleness check stats.
type Check int

const (
	// CheckAll stats every file and directory the index was built from
	// (a changed size or time, a file gone, a directory's entries), on
	// several threads (manifest.Stat); it reads no file.
	CheckAll Check = iota
	// CheckQuick stats the directories and documents alone (LoadQuick).
	CheckQuick

	noCheck Check = -1 // an update's load of the old index: no check begun
)

// stale runs the check c over m's files under root.
func (c Check) stale(root string, m *Manifest) bool {
	if c == CheckQuick {
		return manifest.DirsChanged(root, m)
	}
	return manifest.Changed(root, m)
}

// Stale reports whether the files the index was built from changed on disk
// since, as far as the check c can see. It only stats; a false positive (a
// touched but unchanged file) costs an Update that finds nothing to do.
//
// Load and LoadQuick begin a check while the graph decodes; the first call
// of its scope takes that result when it began less than staleWindow ago.
// Which check to ask, and when, is workspace.Session's policy.
func (ix *Index) Stale(c Check) bool {
	if b := ix.check.Load(); b != nil && b.scope == c && ix.check.CompareAndSwap(b, nil) && time.Since(b.start) < staleWindow {
		<-b.done
		return b.stale
	}
	return c.stale(ix.Root, ix.Manifest)
}

// gcPauseFiles is how many changed files an update parses with the
// collector paused (Update, with Options.PauseGC): the store it loaded is
// most of its memory, and marking it again costs 40 ms of CPU on
// GOROOT/src; a few files' parses and the writes add a few MB.
const gcPauseFiles = 64

// staleWindow bounds how old a staleness check begun by Load may be for
// Stale to answer with it. It only ever misses a change made while the
// index was loading.
const staleWindow = 500 * time.Millisecond

// staleCheck is a staleness check begun by Load.
type staleCheck struct {
	done  chan struct{} // closed when stale is set
	start time.Time
	scope Check
	stale bool
}

// Update brings root's index up to date: it builds one when there is none
// (or when the one there is corrupt or of another version, saying why in
// Stats.Rebuilt), and otherwise re-parses only the files that changed and
// re-resolves only what they can affect. With opts.PauseGC the collector
// is off while it loads and parses (see gcPauseFiles).
func Update(ctx context.Context, root string, opts Options) (*Index, Stats, error) {
	return run(ctx, root, opts, func(ctx context.Context, b *builder) (*Index, error) {
		b.resumeGC = func() {}
		if opts.PauseGC {
			b.resumeGC = heapbound.PauseGC()
		}
		defer func() { b.resumeGC() }()
		return b.incremental(ctx)
	})
}

func (b *builder) incremental(ctx context.Context) (*Index, error) {
	// Its pages are checked as they are read (OpenChecked), not summed
	// whole first; a page that fails is found before the index is
	// written (finish), and the index built again.
	old, err := load(b.root, noCheck, graph.OpenChecked)
	if err == nil {
		if b.oldParses, err = readParses(filepath.Join(old.Dir, parsesFile)); err == nil {
			defer b.oldParses.close() // once written: resolution and writeParses read it
		}
	}
	if err == nil && rulesID() != "" && old.Manifest.Build != rulesID() {
		// Files that did not change would keep what the other gortex
		// extracted and linked: an upgrade rebuilds once.
		err = fmt.Errorf("the index was built by another gortex (%s), this one is %s", orUnknown(old.Manifest.Build), rulesID())
	}
	switch {
	case errors.Is(err, ErrNoIndex):
		b.resumeGC()
		return b.full(ctx)
	case err != nil:
		b.resumeGC()
		b.stats.Rebuilt = err.Error()
		b.log.Warn("rebuilding index", "reason", err)
		return b.full(ctx)
	}
	b.stats.Incremental = true
	b.store, b.man, b.parses = old.Store, old.Manifest, map[string]*fileParse{}
	b.roots = roots.New(b.man.Crates, b.man.PyRoots, b.man.ScriptRoots)
	b.dirty = newDirtySet(old.dirty)
	// The changes go into a layer over the mapped snapshot (Layer): an
	// edit touches a few hundred nodes, and decoding all was most of the
	// update.
	old.Store.Layer()
	changed, gone, err := b.changes(ctx)
	if err != nil {
		return nil, err
	}
	b.stats.Changed, b.stats.Removed = len(changed), len(gone)
	histStale := b.opts.History != nil && b.opts.History.HistoryStale(ctx, HistoryDir(old.Dir))
	b.historyCurrent = b.opts.History != nil && !histStale
	if len(changed) > gcPauseFiles || histStale {
		b.resumeGC() // parsing this many files, or indexing commits, allocates too much to keep
	}
	if len(changed) == 0 && len(gone) == 0 && !histStale {
		b.stats.UpToDate = true
		b.stats.LinksBySignal = b.man.Links
		b.count()
		if !b.manChanged {
			return old, nil
		}
		// Refresh file and directory times so that the next Stale check is quiet.
		return old, writeManifestAtomic(old.Dir, b.man)
	}
	touched := map[string]bool{}
	for _, p := range gone {
		touched[p] = true
	}
	for _, f := range changed {
		touched[f.Path] = true
	}
	for p := range touched {
		if path.Base(p) == "go.mod" || roots.IsRootFile(p) {
			// A module path or source root names every package below it: build again.
			b.resumeGC()
			b.stats.Incremental, b.stats.Changed, b.stats.Removed = false, 0, 0
			return b.full(ctx)
		}
	}
	before := b.beforeChange(touched)
	if before.docs { // a document changed: linking reads every node
		if err := b.decodeStore(); err != nil {
			return b.rebuild(ctx, err)
		}
	}
	for _, p := range gone {
		b.man.Delete(p)
	}
	b.stats.Broken = keepBroken(b.man.Broken, touched)
	removedDocs := b.removeFiles(touched)
	// A package left without files goes before the changed files come
	// back, so that it is made again as a full build makes it: named by
	// its first file.
	b.pruneEmptyPackages(before.packages)
	if err := b.addFiles(ctx, changed); err != nil {
		return nil, err
	}
	if err := b.resolveChange(before, touched); err != nil {
		if errors.Is(err, graph.ErrCorrupt) {
			return b.rebuild(ctx, err)
		}
		return nil, err
	}
	kept := b.keepLinks(before, touched)
	ix, err := b.finishUpdate(ctx, before, touched, kept, removedDocs)
	if errors.Is(err, graph.ErrCorrupt) {
		return b.rebuild(ctx, err)
	}
	return ix, err
}

// rebuild builds the index again, instead of updating it, because of err.
func (b *builder) rebuild(ctx context.Context, err error) (*Index, error) {
	b.resumeGC()
	b.stats.Incremental, b.stats.Changed, b.stats.Removed, b.stats.Rebuilt = false, 0, 0, err.Error()
	return b.full(ctx)
}

// decodeStore decodes the store whole, its layer applied, for work that reads
// all of it; a short-lived process leaves its strings in the mapping.
func (b *builder) decodeStore() (err error) {
	if b.opts.PauseGC {
		b.store, err = b.store.DecodedInPlace()
	} else {
		b.store, err = b.store.Decoded()
	}
	return err
}

// removeFiles deletes every node that lives in one of the paths (the file
// and what it contains) and returns the IDs of the doc nodes removed.
func (b *builder) removeFiles(paths map[string]bool) []graph.NodeID {
	var docs []graph.NodeID
	for p := range paths {
		for _, n := range b.fileNodes(p) {
			if n.Kind == graph.KindDoc {
				docs = append(docs, n.ID)
			}
			b.store.RemoveNode(n.ID)
		}
		b.store.RemoveNode(graph.FileID(p))
	}
	return docs
}

// fileNodes returns the nodes a file contains that live in it: its
// symbols or sections.
func (b *builder) fileNodes(p string) []*graph.Node {
	var out []*graph.Node
	for _, e := range b.store.Out(graph.FileID(p), graph.EdgeContains) {
		if n, ok := b.store.Node(e.To); ok && n.Path == p && n.Kind != graph.KindPackage {
			out = append(out, n)
		}
	}
	return out
}

// pruneEmptyPackages removes those of the packages that no longer contain
// a file.
func (b *builder) pruneEmptyPackages(pkgs []graph.NodeID) {
	for _, id := range pkgs {
		if n, ok := b.store.Node(id); ok && n.Kind == graph.KindPackage && len(b.store.Out(id, graph.EdgeContains)) == 0 {
			b.store.RemoveNode(id)
		}
	}
}

func keepBroken(prev []Skip, touched map[string]bool) []Skip {
	var out []Skip
	for _, s := range prev {
		if !touched[s.Path] {
			out = append(out, s)
		}
	}
	return out
}
