package indexer

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
)

// change is what an update notes about the touched files before it
// removes their nodes: what resolution and linking must look at again.
type change struct {
	packages []graph.NodeID    // package nodes that contained a touched file
	keys     map[string]bool   // scope keys of the touched files' symbols (scopeKey)
	goPkgs   map[string]bool   // import paths of the touched Go files
	names    map[string]string // importName of each of goPkgs
	docs     bool              // a touched file was a document
	identity []string          // what linking reads of the touched files' nodes
	links    []graph.Edge      // the motivates edges into those nodes
	ids      []graph.NodeID    // the touched files' nodes and their packages
	edges    edgeStates        // the edges touching ids
	reads    []string          // what the model reads of those nodes (Modeler.Reads)
	// same is set, once the touched files are added again, when every node
	// of theirs is as it was but for positions, signatures and text (an
	// edit inside bodies or comments): no name any resolution or linking
	// reads has changed.
	same bool
}

func (b *builder) beforeChange(touched map[string]bool) *change {
	c := &change{keys: map[string]bool{}, goPkgs: map[string]bool{}, names: map[string]string{}, edges: edgeStates{}}
	for p := range touched {
		if r, ok := b.man.File(p); ok && r.Class == ClassDoc {
			c.docs = true
		}
		if ref, ok := b.oldParses.index[p]; ok {
			c.goPkgs[ref.pkg] = true
		}
		for _, e := range b.store.In(graph.FileID(p), graph.EdgeContains) {
			if n, ok := b.store.Node(e.From); ok && n.Kind == graph.KindPackage {
				c.packages = append(c.packages, n.ID)
			}
		}
		c.note(b, p)
	}
	for p := range c.goPkgs {
		c.names[p] = b.importName(p)
	}
	b.edgesOf(c.edges, c.ids)
	return c
}

// note records the file's nodes: scope keys, identities and links.
func (c *change) note(b *builder, p string) {
	nodes := b.fileNodes(p)
	if f, ok := b.store.Node(graph.FileID(p)); ok {
		nodes = append(nodes, f)
	}
	for _, n := range nodes {
		c.ids = append(c.ids, n.ID)
		if n.Kind.IsSymbol() {
			c.keys[scopeKey(n)] = true
		}
		c.identity = append(c.identity, identity(n))
		c.links = append(c.links, b.store.In(n.ID, graph.EdgeMotivates)...)
		if b.opts.Model != nil {
			if r := b.opts.Model.Reads(n); r != "" {
				c.reads = append(c.reads, r)
			}
		}
	}
	// An update may drop and re-create the package (update.go), so its
	// links are kept too.
	for _, e := range b.store.In(graph.FileID(p), graph.EdgeContains) {
		if n, ok := b.store.Node(e.From); ok && n.Kind == graph.KindPackage {
			c.ids = append(c.ids, n.ID)
			c.identity = append(c.identity, identity(n))
			c.links = append(c.links, b.store.In(n.ID, graph.EdgeMotivates)...)
		}
	}
}

// identity is what the Linker reads of a node: every field but positions,
// signature and text, which no link depends on.
func identity(n *graph.Node) string {
	attrs := make([]string, 0, len(n.Attrs))
	for k, v := range n.Attrs {
		attrs = append(attrs, k+"="+v)
	}
	sort.Strings(attrs)
	return strings.Join([]string{string(n.ID), string(n.Kind), n.Name, n.Qualified, n.Path, n.Lang,
		n.Package, n.Receiver, strings.Join(attrs, ",")}, "\x00")
}

// after adds what the touched files hold now to c: their scope keys, and
// the packages of the Go files among them.
func (c *change) after(b *builder, touched map[string]bool) {
	for p := range touched {
		if fp, ok := b.parses[p]; ok {
			c.goPkgs[fp.Package] = true
		}
		if r, ok := b.man.File(p); ok && r.Class == ClassDoc {
			c.docs = true
		}
		for _, n := range b.fileNodes(p) {
			if n.Kind.IsSymbol() {
				c.keys[scopeKey(n)] = true
			}
		}
	}
	for p := range c.goPkgs {
		c.keys[p] = true
		if _, ok := c.names[p]; !ok {
			c.names[p] = guessedName(p) // a new package: how it was imported before
		}
	}
}

// resolveChange re-resolves what the touched files can affect: the members
// of their scopes, every call into their Go packages, and the calls of
// the touched files. When a package changed the name it is imported by,
// every call is resolved again.
func (b *builder) resolveChange(c *change, touched map[string]bool) error {
	c.after(b, touched)
	now := b.noteNow(touched)
	slices.Sort(c.identity)
	slices.Sort(now.identity)
	if c.same = slices.Equal(c.identity, now.identity); c.same {
		b.restoreEdges(c, now)
		return nil
	}
	// A name changed: resolving its scopes and linking read every node.
	if err := b.decodeStore(); err != nil {
		return err
	}
	for p, old := range c.names {
		if b.importName(p) != old {
			return b.resolveEverything(touched)
		}
	}
	nodes := b.symbolsIn(c.keys)
	b.resolveMembers(nodes)
	r := b.newCallResolver()
	r.removed = map[[2]graph.NodeID]bool{}
	for _, n := range nodes {
		if n.Lang == "go" && c.goPkgs[scopeKey(n)] {
			for _, e := range b.store.In(n.ID, graph.EdgeCalls) {
				b.store.RemoveEdge(e.From, n.ID, graph.EdgeCalls)
				r.removed[[2]graph.NodeID{e.From, n.ID}] = true
			}
		}
	}
	for file, fp := range b.parses {
		r.resolve(file, fp.Package, fp.Imports, fp.Calls)
	}
	for file := range b.oldParses.index {
		if !touched[file] {
			b.resolveAgainst(r, file, c.goPkgs)
		}
	}
	for pair := range r.removed { // dropped and not made again
		b.markEdge(pair[0], pair[1])
	}
	return nil
}

// restoreEdges resolves an update that changed no name: every scope is as
// it was, so the edges between the touched files' nodes and the rest come
// back as they were (calls into them from other files, contains from their
// types, motivates from sections), and only the touched files' own calls
// and members are resolved again. On GOROOT/src this skips re-resolving the
// 2,600 files that import fmt when fmt/print.go changes.
func (b *builder) restoreEdges(c *change, now *change) {
	mine := make(map[graph.NodeID]bool, len(now.ids))
	for _, id := range now.ids {
		mine[id] = true
	}
	// A touched file whose imports and calls are as they were resolves them
	// as before (no scope changed): its calls edges come back, unresolved
	// (resolving net/http/client.go's read every package it calls, 12 ms).
	same := map[string]bool{}
	for file, fp := range b.parses {
		same[file] = b.oldParses.sameRecord(file, fp)
	}
	for p, e := range c.edges {
		k := e.Kinds &^ graph.EdgeMotivates
		if mine[p[0]] == mine[p[1]] {
			// Both ends touched: made again by addSource, or by resolving
			// the calls below, but for the calls of a file resolved as before.
			if n, ok := b.store.Node(p[0]); !ok || !same[n.Path] || !k.Has(graph.EdgeCalls) {
				continue
			}
			k, e.Motivations = graph.EdgeCalls, nil
		}
		if k != 0 {
			b.store.AddEdge(p[0], p[1], k) // a missing end was removed: nothing to restore
		}
		for _, m := range e.Motivations {
			b.store.AddMotivation(p[0], p[1], m)
		}
	}
	r := b.newCallResolver()
	for file, fp := range b.parses {
		if !same[file] {
			r.resolve(file, fp.Package, fp.Imports, fp.Calls)
		}
	}
	for _, id := range now.ids {
		if n, ok := b.store.Node(id); ok && n.Kind.IsSymbol() && n.Receiver != "" {
			b.resolveMember(n)
		}
	}
}

// resolveMember adds the contains edge from n's container, looked up as
// resolveMembers does it, through the name index.
func (b *builder) resolveMember(n *graph.Node) {
	m, key := memberOf(n.Receiver), scopeKey(n)
	var t graph.NodeID
	for _, cand := range b.store.ByName(m.name) {
		if cand.Receiver == m.recv && cand.Kind.IsSymbol() && scopeKey(cand) == key && (t == "" || cand.ID < t) {
			t = cand.ID
		}
	}
	if t != "" && t != n.ID {
		if e, had := b.store.EdgeBetween(t, n.ID); b.dirty != nil && (!had || !e.Kinds.Has(graph.EdgeContains)) {
			b.markEdge(t, n.ID)
		}
		b.store.AddEdge(t, n.ID, graph.EdgeContains)
	}
}

// resolveAgainst resolves again the calls of an unchanged file that can
// reach the changed packages: in one of those packages, its calls that do
// not go through an import; elsewhere, its calls through an import of one.
func (b *builder) resolveAgainst(r *callResolver, file string, pkgs map[string]bool) {
	op := b.oldParses
	pkg := op.index[file].pkg
	if !pkgs[pkg] && !op.importsAny(file, pkgs) {
		return
	}
	imports := op.imports(file)
	names := r.importNames(imports)
	keep := func(q string) bool {
		ip, isImport := names[q]
		return isImport && pkgs[ip] || pkgs[pkg] && (q == "" || !isImport)
	}
	r.resolve(file, pkg, imports, op.calls(file, keep))
}

// resolveEverything drops every calls edge of Go code and resolves the
// whole graph again, taking the unchanged files' calls from the parses.
func (b *builder) resolveEverything(touched map[string]bool) error {
	for file := range b.oldParses.index {
		if touched[file] {
			continue
		}
		r, _ := b.oldParses.record(file)
		fp := &fileParse{Package: b.oldParses.index[file].pkg, Imports: readImports(r)}
		fp.Calls = b.oldParses.calls(file, func(string) bool { return true })
		if r.Failed() {
			return fmt.Errorf("%w: record of %s", errParses, file)
		}
		b.parses[file] = fp
	}
	var drop []graph.Edge
	for e := range b.store.Edges() {
		if n, ok := b.store.Node(e.From); ok && e.Kinds.Has(graph.EdgeCalls) && n.Lang == "go" {
			drop = append(drop, e)
		}
	}
	for _, e := range drop {
		b.store.RemoveEdge(e.From, e.To, graph.EdgeCalls)
	}
	b.oldParses = nil
	b.dirty = nil // too much changed for a delta
	return b.resolveAll()
}

// keepLinks restores the motivates edges into the touched files' nodes
// when linking again would make the same ones: no document changed, and
// every node the Linker reads is as it was (only bodies, positions or
// comments changed). It reports whether it did; if not, the caller links.
func (b *builder) keepLinks(c *change, touched map[string]bool) bool {
	if b.opts.Linker == nil {
		return true
	}
	if c.docs || b.man.Links == nil || !c.same {
		return false
	}
	for _, e := range c.links {
		for _, m := range e.Motivations {
			if err := b.store.AddMotivation(e.From, e.To, m); err != nil {
				return false
			}
		}
	}
	return true
}

// noteNow notes the touched files' nodes as they are after the update.
func (b *builder) noteNow(touched map[string]bool) *change {
	now := &change{keys: map[string]bool{}}
	for p := range touched {
		now.note(b, p)
	}
	return now
}

// sameReads reports whether the model reads the same of the touched
// files' nodes now as before (in any order): then it reads the same of the
// whole graph, since an update changes no other node's text.
func sameReads(before, now *change) bool {
	slices.Sort(before.reads)
	slices.Sort(now.reads)
	return slices.Equal(before.reads, now.reads)
}

// markUpdate marks what the update changed of the touched files' nodes
// (now, as they are after it) and of their edges, once resolving and
// keeping links are done (linking marks its own changes).
func (b *builder) markUpdate(c, now *change) {
	if b.dirty == nil {
		return
	}
	b.markDirty(c.ids...)
	b.markDirty(now.ids...)
	edges := edgeStates{}
	b.edgesOf(edges, now.ids)
	b.markChangedEdges(c.edges, edges)
}
