package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gortex/gortex/graph"
)

// ErrNoIndex is returned by Load when root has no index yet.
var ErrNoIndex = errors.New("no index")

// Load reads root's index without checking it against the files.
func Load(root string) (*Index, error) {
	dir := IndexDir(root)
	f, err := os.Open(filepath.Join(dir, graphFile))
	if errors.Is(err, fs.ErrNotExist) {
		if _, gerr := os.Stat(filepath.Join(dir, oldGraphFile)); gerr == nil {
			return nil, fmt.Errorf("%w: the index was written by an older gortex", graph.ErrVersion)
		}
		return nil, ErrNoIndex
	}
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	defer f.Close()
	// The manifest decodes while the graph does: both are on the path of
	// every gortex why.
	var m Manifest
	var merr error
	var wg sync.WaitGroup
	wg.Go(func() { merr = readManifest(filepath.Join(dir, manifestFile), &m) })
	s, err := graph.Load(f)
	wg.Wait()
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", f.Name(), err)
	}
	if merr != nil {
		return nil, merr
	}
	return &Index{Root: root, Dir: dir, Store: s, Manifest: &m}, nil
}

// Stale reports whether any file or directory the index was built from has
// changed on disk since: a changed size or modification time, a deleted
// file, or a directory whose entries changed. It only stats, on several
// threads (GOROOT/src: 11.8k stats, about 30 ms on one); it reads no file.
// A false positive (a touched but unchanged file) costs an Update that finds
// nothing to do.
func (ix *Index) Stale() bool {
	var stale atomic.Bool
	parallelStat(ix.Root, ix.Manifest, func(p string, fi fs.FileInfo, err error, dir bool) bool {
		if err != nil || !unchanged(ix.Manifest, p, fi, dir) {
			stale.Store(true)
			return false
		}
		return true
	})
	return stale.Load()
}

// unchanged reports whether fi matches the manifest's record of p.
func unchanged(m *Manifest, p string, fi fs.FileInfo, dir bool) bool {
	if dir {
		return fi.ModTime().UnixNano() == m.Dirs[p]
	}
	r := m.Files[p]
	return fi.Size() == r.Size && fi.ModTime().UnixNano() == r.ModTime
}

// parallelStat stats every directory and file of the manifest on several
// goroutines and calls visit with each result; visit returning false stops
// the whole run early. Directories come first, so that a new or removed
// file (which changes its directory) is found by the cheaper part.
func parallelStat(root string, m *Manifest, visit func(p string, fi fs.FileInfo, err error, dir bool) bool) {
	type item struct {
		p   string
		dir bool
	}
	items := make([]item, 0, len(m.Dirs)+len(m.Files))
	for p := range m.Dirs {
		items = append(items, item{p, true})
	}
	for p := range m.Files {
		items = append(items, item{p, false})
	}
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	const chunk = 64
	for range min(2*runtime.GOMAXPROCS(0), len(items)/chunk+1) {
		wg.Go(func() {
			for !stop.Load() {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(items) {
					return
				}
				for _, it := range items[lo:min(lo+chunk, len(items))] {
					fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(it.p)))
					if !visit(it.p, fi, err, it.dir) {
						stop.Store(true)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// Update brings root's index up to date: it builds one when there is none
// (or when the one there is corrupt or of another version, saying why in
// Stats.Rebuilt), and otherwise re-parses only the files that changed and
// re-resolves only what they can affect.
func Update(ctx context.Context, root string, opts Options) (*Index, Stats, error) {
	start := time.Now()
	if err := ensureGortexDir(root); err != nil {
		return nil, Stats{}, err
	}
	unlock, err := lock(root)
	if err != nil {
		return nil, Stats{}, err
	}
	defer unlock()
	recoverIndex(root)
	b := newBuilder(ctx, root, opts)
	idx, err := b.incremental()
	b.stats.Duration = time.Since(start)
	return idx, b.stats, err
}

func (b *builder) incremental() (*Index, error) {
	old, err := Load(b.root)
	if err == nil {
		b.oldParses, err = readParses(filepath.Join(old.Dir, parsesFile))
	}
	switch {
	case errors.Is(err, ErrNoIndex):
		return b.full()
	case err != nil:
		b.stats.Rebuilt = err.Error()
		b.log.Warn("rebuilding index", "reason", err)
		return b.full()
	}
	b.stats.Incremental = true
	b.store, b.man, b.parses = old.Store, old.Manifest, map[string]*fileParse{}
	changed, gone, err := b.changes()
	if err != nil {
		return nil, err
	}
	b.stats.Changed, b.stats.Removed = len(changed), len(gone)
	if len(changed) == 0 && len(gone) == 0 {
		b.stats.UpToDate = true
		b.stats.LinksBySignal = b.man.Links
		b.count()
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
	before := b.beforeChange(touched)
	for _, p := range gone {
		delete(b.man.Files, p)
	}
	b.stats.Broken = keepBroken(b.man.Broken, touched)
	removedDocs := b.removeFiles(touched)
	// A package left without files goes before the changed files come
	// back, so that it is made again as a full build makes it: named by
	// its first file.
	b.pruneEmptyPackages(before.packages)
	if err := b.addFiles(changed); err != nil {
		return nil, err
	}
	if err := b.resolveChange(before, touched); err != nil {
		return nil, err
	}
	kept := b.keepLinks(before, touched)
	return b.finishUpdate(touched, kept, removedDocs)
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
