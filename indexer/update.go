package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
		return nil, ErrNoIndex
	}
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	defer f.Close()
	s, err := graph.Load(f)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", f.Name(), err)
	}
	var m Manifest
	if err := readGob(filepath.Join(dir, manifestFile), &m); err != nil {
		return nil, fmt.Errorf("%w: %v", graph.ErrCorrupt, err)
	}
	if m.Version != manifestVersion {
		return nil, fmt.Errorf("%w: manifest %d, want %d", graph.ErrVersion, m.Version, manifestVersion)
	}
	return &Index{Root: root, Dir: dir, Store: s, Manifest: &m}, nil
}

// Stale reports whether any file or directory the index was built from has
// changed on disk since: a changed size or modification time, a deleted
// file, or a directory whose entries changed. It only stats; it reads no
// file. A false positive (a touched but unchanged file) costs an Update that
// finds nothing to do.
func (ix *Index) Stale() bool {
	for dir, mt := range ix.Manifest.Dirs {
		fi, err := os.Stat(filepath.Join(ix.Root, filepath.FromSlash(dir)))
		if err != nil || fi.ModTime().UnixNano() != mt {
			return true
		}
	}
	for p, r := range ix.Manifest.Files {
		fi, err := os.Stat(filepath.Join(ix.Root, filepath.FromSlash(p)))
		if err != nil || fi.Size() != r.Size || fi.ModTime().UnixNano() != r.ModTime {
			return true
		}
	}
	return false
}

// Update brings root's index up to date: it builds one when there is none
// (or when the one there is corrupt or of another version, saying why in
// Stats.Rebuilt), and otherwise re-parses only the files that changed.
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
		err = readGob(filepath.Join(old.Dir, parsesFile), &b.parses)
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
	b.store, b.man = old.Store, old.Manifest
	w, err := Walk(b.ctx, b.root, WalkOptions{MaxFileSize: b.opts.MaxFileSize, Logger: b.opts.Logger})
	if err != nil {
		return nil, err
	}
	changed, gone := b.diff(w.Files)
	b.man.Dirs, b.man.Skipped = w.Dirs, w.Skipped
	b.stats.Changed, b.stats.Removed = len(changed), len(gone)
	if len(changed) == 0 && len(gone) == 0 {
		b.stats.UpToDate = true
		b.count()
		// Refresh directory times so that the next Stale check is quiet.
		return old, writeGob(filepath.Join(old.Dir, manifestFile), b.man)
	}
	touched := map[string]bool{}
	for _, p := range gone {
		touched[p] = true
		delete(b.man.Files, p)
		delete(b.parses, p)
	}
	for _, f := range changed {
		touched[f.Path] = true
		delete(b.parses, f.Path)
	}
	b.stats.Broken = keepBroken(b.man.Broken, touched)
	removedDocs := b.removeFiles(touched)
	if err := b.addFiles(changed); err != nil {
		return nil, err
	}
	b.pruneEmptyPackages()
	return b.finish(false, removedDocs, b.docNodes(touched))
}

// diff compares the walk with the manifest: files new or changed in
// content, and paths that are gone. A file whose size and time changed but
// whose hash did not only gets its record refreshed.
func (b *builder) diff(files []WalkedFile) (changed []WalkedFile, gone []string) {
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		seen[f.Path] = true
		r, ok := b.man.Files[f.Path]
		switch {
		case !ok:
			changed = append(changed, f)
		case r.Size == f.Size && r.ModTime == f.ModTime.UnixNano():
		default:
			src, err := os.ReadFile(f.Abs)
			if err == nil && r.Size == f.Size && hashBytes(src) == r.Hash {
				r.ModTime = f.ModTime.UnixNano()
				b.man.Files[f.Path] = r
				continue
			}
			changed = append(changed, f)
		}
	}
	for p := range b.man.Files {
		if !seen[p] {
			gone = append(gone, p)
		}
	}
	return changed, gone
}

// removeFiles deletes every node that lives in one of the paths and returns
// the IDs of the doc nodes removed.
func (b *builder) removeFiles(paths map[string]bool) []graph.NodeID {
	var ids, docs []graph.NodeID
	for n := range b.store.Nodes() {
		if n.Kind != graph.KindPackage && paths[n.Path] {
			ids = append(ids, n.ID)
			if n.Kind == graph.KindDoc {
				docs = append(docs, n.ID)
			}
		}
	}
	for _, id := range ids {
		b.store.RemoveNode(id)
	}
	return docs
}

// pruneEmptyPackages removes package nodes that no longer contain a file.
func (b *builder) pruneEmptyPackages() {
	var empty []graph.NodeID
	for n := range b.store.Nodes() {
		if n.Kind == graph.KindPackage && len(b.store.Out(n.ID, graph.EdgeContains)) == 0 {
			empty = append(empty, n.ID)
		}
	}
	for _, id := range empty {
		b.store.RemoveNode(id)
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
