package indexer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/manifest"
	"github.com/gortex/gortex/indexer/names"
	"github.com/gortex/gortex/internal/fsutil"
	"github.com/gortex/gortex/internal/heapbound"
)

// writePlan says what finish must redo and what it may take over from the
// live index.
type writePlan struct {
	create      bool            // a full build: no previous index to start from
	relink      bool            // run the Linker; false when the links still hold
	sameContent bool            // no document changed: reuse the live content index
	sameNames   bool            // no symbol was added, removed or renamed: reuse the live name list
	sameModel   bool            // the model reads the same of every node: reuse the live model
	removedDocs []graph.NodeID  // for the content index
	addedDocs   []*graph.Node   // for the content index
	dropParses  map[string]bool // parse records of the live index to leave out
}

// finish links, writes the index into a scratch directory and swaps it in.
func (b *builder) finish(ctx context.Context, p writePlan) (*Index, error) {
	if b.opts.Linker != nil && p.relink {
		if b.resumeGC != nil {
			b.resumeGC() // linking allocates as it scans every section
		}
		if err := b.link(ctx); err != nil {
			return nil, err
		}
	}
	b.man.Links = b.stats.LinksBySignal
	b.count()
	b.man.Broken = b.stats.Broken
	tmp := b.tmp // a full build's, made before its parse spool
	if tmp == "" {
		var err error
		if tmp, err = newTempDir(b.root); err != nil {
			return nil, fmt.Errorf("create scratch dir: %w", err)
		}
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := b.writeTo(ctx, tmp, p); err != nil {
		return nil, err
	}
	if err := b.store.Err(); err != nil {
		// A page of the live snapshot an update read failed its checksum
		// (graph.OpenChecked): ErrCorrupt, and the caller builds again.
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := swapIn(b.root, tmp); err != nil {
		return nil, err
	}
	return &Index{Root: b.root, Dir: IndexDir(b.root), Store: b.store, Manifest: b.man}, nil
}

// link runs the Linker. It changes only the sections' attributes and the
// edges that start at sections, so on an update those are compared before
// and after to mark what it changed.
func (b *builder) link(ctx context.Context) error {
	nodes := b.store.NodeCount()
	var docs []*graph.Node
	var attrs []map[string]string
	var updated []time.Time
	before := edgeStates{}
	if b.dirty != nil {
		for _, n := range b.docNodes() {
			docs, attrs, updated = append(docs, n), append(attrs, maps.Clone(n.Attrs)), append(updated, n.Updated)
			b.outEdges(before, n.ID)
		}
	}
	links, err := b.opts.Linker.Link(ctx, b.store)
	if err != nil {
		return fmt.Errorf("link: %w", err)
	}
	b.stats.LinksBySignal = links
	if b.dirty == nil {
		return nil
	}
	if b.store.NodeCount() != nodes {
		b.dirty = nil // the Linker made or dropped nodes: write the whole snapshot
		return nil
	}
	now := edgeStates{}
	for i, n := range docs {
		if !maps.Equal(attrs[i], n.Attrs) || !updated[i].Equal(n.Updated) {
			b.markDirty(n.ID)
		}
		b.outEdges(now, n.ID)
	}
	b.markChangedEdges(before, now)
	return nil
}

// finishUpdate writes an incremental update: the content index is taken
// over when no document changed, the links when keepLinks restored them.
func (b *builder) finishUpdate(ctx context.Context, c *change, touched map[string]bool, linksKept bool, removedDocs []graph.NodeID) (*Index, error) {
	now := b.noteNow(touched)
	b.markUpdate(c, now)
	p := writePlan{relink: !linksKept, removedDocs: removedDocs, addedDocs: b.docsOf(touched), dropParses: touched}
	p.sameContent = len(p.removedDocs) == 0 && len(p.addedDocs) == 0
	p.sameNames = c.same
	// Without a delta the update may have changed more than the touched
	// files (resolveEverything; a Linker that made nodes): learn again.
	p.sameModel = b.dirty != nil && sameReads(c, now)
	if linksKept {
		b.stats.LinksBySignal = b.man.Links
	}
	return b.finish(ctx, p)
}

// docsOf returns the doc nodes of the given files.
func (b *builder) docsOf(paths map[string]bool) []*graph.Node {
	var out []*graph.Node
	for p := range paths {
		for _, n := range b.fileNodes(p) {
			if n.Kind == graph.KindDoc {
				out = append(out, n)
			}
		}
	}
	return out
}

// docNodes returns every doc node.
func (b *builder) docNodes() []*graph.Node {
	var out []*graph.Node
	for n := range b.store.Nodes() {
		if n.Kind == graph.KindDoc {
			out = append(out, n)
		}
	}
	return out
}

// writeTo writes the index files into tmp. The writers only read the
// builder, so an update runs them side by side; a full build one after
// another, the heap's bound updated before each (side by side, their buffers
// added about 90 MB to the peak RSS of indexing GOROOT/src).
func (b *builder) writeTo(ctx context.Context, tmp string, p writePlan) error {
	var wg sync.WaitGroup
	run := wg.Go
	if p.create {
		run = func(f func()) { heapbound.Update(); f() }
	}
	errs := make([]error, 6)
	// The model first: what learning it holds (every text's words, its
	// matrices) is freed before the snapshot's encoding, which then reuses
	// that memory; after it, learning added to the peak RSS of a full
	// build what the encoding's buffers had made the process keep.
	if b.opts.Model != nil {
		same := p.sameModel && b.dirty != nil // linking may drop the delta
		run(func() { errs[5] = b.opts.Model.WriteModel(ctx, b.store, tmp, IndexDir(b.root), same) })
	}
	if b.history == nil {
		run(func() { b.stats.Commits = b.writeHistory(ctx, tmp) })
	}
	run(func() { errs[0] = b.writeContent(ctx, tmp, p) })
	run(func() { errs[1] = b.writeGraph(tmp) })
	run(func() {
		dst := filepath.Join(tmp, parsesFile)
		if b.spool != nil {
			if errs[2] = b.spool.writeParses(dst); errs[2] != nil {
				errs[2] = fmt.Errorf("write parses: %w", errs[2])
			}
			b.spool.remove() // not part of the index
			return
		}
		if b.oldParses.same(p.dropParses, b.parses) && fsutil.LinkOrCopy(filepath.Join(IndexDir(b.root), parsesFile), dst) == nil {
			return // an edit that changed no call or import
		}
		errs[2] = writeParses(dst, b.oldParses, p.dropParses, b.parses)
		if errs[2] != nil {
			errs[2] = fmt.Errorf("write parses: %w", errs[2])
		}
	})
	run(func() { errs[3] = manifest.Write(filepath.Join(tmp, ManifestFile), b.man) })
	run(func() {
		dst := filepath.Join(tmp, namesFile)
		if !p.create && p.sameNames && fsutil.LinkOrCopy(filepath.Join(IndexDir(b.root), namesFile), dst) == nil {
			return
		}
		if errs[4] = writeFile(dst, func(w io.Writer) error { return names.Write(w, b.store) }); errs[4] != nil {
			errs[4] = fmt.Errorf("write names: %w", errs[4])
		}
	})
	wg.Wait()
	b.historyWait()
	return errors.Join(errs...)
}

// historyWait waits for the history index written beside the parse, if
// one is still being written.
func (b *builder) historyWait() {
	if b.history != nil {
		b.stats.Commits, b.history = <-b.history, nil
	}
}

// writeGraph writes the graph into tmp: on an update that changed few
// nodes, the live snapshot (hard-linked, never written in place) and a
// delta; otherwise a whole snapshot.
func (b *builder) writeGraph(tmp string) error {
	if b.dirty != nil && b.dirty.len() <= maxDelta(b.store.NodeCount()) {
		err := fsutil.LinkOrCopy(filepath.Join(IndexDir(b.root), graphFile), filepath.Join(tmp, graphFile))
		if err == nil {
			return writeFile(filepath.Join(tmp, deltaFile), func(w io.Writer) error { return b.store.SaveDelta(w, b.dirty.list()) })
		}
	}
	return writeFile(filepath.Join(tmp, graphFile), b.store.Save)
}

// maxDelta is how many dirty nodes and edges a delta may hold before the
// snapshot is written whole instead. Every load applies the delta: at a
// sixteenth of the graph's nodes, applying it costs a small part of
// loading the snapshot.
func maxDelta(nodes int) int { return max(4096, nodes/16) }

// writeFile creates path and writes it with write.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeContent brings the content index into tmp: taken over from the
// live index when nothing in it changed, else copied from it and updated,
// else built from scratch.
func (b *builder) writeContent(ctx context.Context, tmp string, p writePlan) error {
	if b.opts.Content == nil {
		return nil
	}
	cdir, live := ContentDir(tmp), ContentDir(IndexDir(b.root))
	if !p.create && p.sameContent && linkBleve(live, cdir) == nil {
		return nil
	}
	create, removed, added := p.create, p.removedDocs, p.addedDocs
	if !create {
		if err := fsutil.CopyDir(live, cdir); err != nil {
			create = true // no usable previous content index: rebuild it whole
			os.RemoveAll(cdir)
			removed, added = nil, b.docNodes()
		}
	}
	if err := b.opts.Content.UpdateContent(ctx, cdir, create, removed, added); err != nil {
		return fmt.Errorf("content index: %w", err)
	}
	return nil
}

// writeHistory brings the history index into tmp and returns the commits
// it added; a failure is only logged. An update that found the live one
// current takes it over as it lies (UpdateHistory would ask git for HEAD and
// open the index to find nothing to add: on contour a tenth of a one-file
// update's CPU). It reads the root, options and historyCurrent alone.
func (b *builder) writeHistory(ctx context.Context, tmp string) int {
	if b.opts.History == nil {
		return 0
	}
	if b.historyCurrent {
		live := HistoryDir(IndexDir(b.root))
		if _, err := os.Lstat(live); errors.Is(err, fs.ErrNotExist) {
			return 0 // none where there is no history: none to write
		}
		if linkBleve(live, HistoryDir(tmp)) == nil {
			return 0
		}
		os.RemoveAll(HistoryDir(tmp))
	}
	n, err := b.opts.History.UpdateHistory(ctx, HistoryDir(IndexDir(b.root)), HistoryDir(tmp))
	if err != nil {
		b.log.Warn("history index left out", "err", err)
		os.RemoveAll(HistoryDir(tmp))
	}
	return n
}

// linkBleve takes a live Bleve index over, its .zap segments hard-linked.
func linkBleve(src, dst string) error {
	return fsutil.LinkTree(src, dst, func(name string) bool { return strings.HasSuffix(name, ".zap") })
}

// count fills the node and file counts of the stats.
func (b *builder) count() {
	b.stats.FilesByLang = map[string]int{}
	for _, r := range b.man.Files() {
		if r.Class != ClassGoMod {
			b.stats.FilesByLang[r.Lang]++
		}
	}
	b.stats.Symbols, b.stats.Sections = 0, 0
	for k, n := range b.store.CountKinds() {
		switch {
		case k.IsSymbol():
			b.stats.Symbols += n
		case k == graph.KindDoc:
			b.stats.Sections += n
		}
	}
	b.stats.Skipped = map[string]int{}
	for _, s := range b.man.Skipped {
		b.stats.Skipped[s.Reason]++
	}
	b.stats.Links = 0
	for _, n := range b.stats.LinksBySignal {
		b.stats.Links += n
	}
}
