package indexer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/gortex/gortex/graph"
)

// writePlan says what finish must redo and what it may take over from the
// live index.
type writePlan struct {
	create      bool            // a full build: no previous index to start from
	relink      bool            // run the Linker; false when the links still hold
	sameContent bool            // no document changed: reuse the live content index
	removedDocs []graph.NodeID  // for the content index
	addedDocs   []*graph.Node   // for the content index
	dropParses  map[string]bool // parse records of the live index to leave out
}

// finish links, writes the index into a scratch directory and swaps it in.
func (b *builder) finish(p writePlan) (*Index, error) {
	if b.opts.Linker != nil && p.relink {
		links, err := b.opts.Linker.Link(b.ctx, b.store)
		if err != nil {
			return nil, fmt.Errorf("link: %w", err)
		}
		b.stats.LinksBySignal = links
	}
	b.man.Links = b.stats.LinksBySignal
	b.count()
	b.man.Broken = b.stats.Broken
	tmp, err := newTempDir(b.root)
	if err != nil {
		return nil, fmt.Errorf("create scratch dir: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := b.writeTo(tmp, p); err != nil {
		return nil, err
	}
	if err := b.ctx.Err(); err != nil {
		return nil, err
	}
	if err := swapIn(b.root, tmp); err != nil {
		return nil, err
	}
	return &Index{Root: b.root, Dir: IndexDir(b.root), Store: b.store, Manifest: b.man}, nil
}

// finishUpdate writes an incremental update: the content index is taken
// over when no document changed, the links when keepLinks restored them.
func (b *builder) finishUpdate(touched map[string]bool, linksKept bool, removedDocs []graph.NodeID) (*Index, error) {
	p := writePlan{relink: !linksKept, removedDocs: removedDocs, addedDocs: b.docsOf(touched), dropParses: touched}
	p.sameContent = len(p.removedDocs) == 0 && len(p.addedDocs) == 0
	if linksKept {
		b.stats.LinksBySignal = b.man.Links
	}
	return b.finish(p)
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

// writeTo writes the index files into tmp. The four writers only read the
// builder (the ContentIndexer too: it must not change the nodes it is
// given), so they run side by side; the content index and the snapshot
// take about as long as each other on GOROOT/src.
func (b *builder) writeTo(tmp string, p writePlan) error {
	var wg sync.WaitGroup
	errs := make([]error, 4)
	wg.Go(func() { errs[0] = b.writeContent(tmp, p) })
	wg.Go(func() { errs[1] = b.writeGraph(filepath.Join(tmp, graphFile)) })
	wg.Go(func() {
		errs[2] = writeParses(filepath.Join(tmp, parsesFile), b.oldParses, p.dropParses, b.parses)
		if errs[2] != nil {
			errs[2] = fmt.Errorf("write parses: %w", errs[2])
		}
	})
	wg.Go(func() { errs[3] = writeManifest(filepath.Join(tmp, manifestFile), b.man) })
	wg.Wait()
	return errors.Join(errs...)
}

func (b *builder) writeGraph(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := b.store.Save(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeContent brings the content index into tmp: taken over from the
// live index when nothing in it changed, else copied from it and updated,
// else built from scratch.
func (b *builder) writeContent(tmp string, p writePlan) error {
	if b.opts.Content == nil {
		return nil
	}
	cdir, live := ContentDir(tmp), ContentDir(IndexDir(b.root))
	if !p.create && p.sameContent && linkContent(live, cdir) == nil {
		return nil
	}
	create, removed, added := p.create, p.removedDocs, p.addedDocs
	if !create {
		if err := copyDir(live, cdir); err != nil {
			create = true // no usable previous content index: rebuild it whole
			os.RemoveAll(cdir)
			removed, added = nil, b.docNodes()
		}
	}
	if err := b.opts.Content.UpdateContent(b.ctx, cdir, create, removed, added); err != nil {
		return fmt.Errorf("content index: %w", err)
	}
	return nil
}

// linkContent takes the live content index over into dst without copying
// its segments: Bleve's .zap segment files are never written once made, so
// they are hard-linked; everything else (the small root.bolt that a
// reader's merge may rewrite in place) is copied.
func linkContent(src, dst string) error {
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case strings.HasSuffix(d.Name(), ".zap") && os.Link(p, target) == nil:
			return nil
		}
		return copyFile(p, target)
	})
	if err != nil {
		os.RemoveAll(dst)
	}
	return err
}

// count fills the node and file counts of the stats.
func (b *builder) count() {
	b.stats.FilesByLang = map[string]int{}
	for _, r := range b.man.Files {
		if r.Class != ClassGoMod {
			b.stats.FilesByLang[r.Lang]++
		}
	}
	b.stats.Symbols, b.stats.Sections = 0, 0
	for n := range b.store.Nodes() {
		switch {
		case n.Kind.IsSymbol():
			b.stats.Symbols++
		case n.Kind == graph.KindDoc:
			b.stats.Sections++
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
