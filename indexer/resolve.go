package indexer

import (
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/syntax"
)

// Resolution adds the edges that need more than one file: type → member
// contains edges, and the calls of Go files. A full build resolves every
// file (resolveAll); an update only what its change can affect
// (resolveChanged, update.go). Both give the same edges because both look
// names up in the same scopes: when a package declares one dotted name
// twice (files for different build tags), the smallest ID wins, whatever
// order the nodes were added in.

// member is a symbol's dotted name split at its last dot: the container
// ("" at top level) and the name.
type member struct{ recv, name string }

// memberOf splits a dotted name ("Name" or "Type.Name").
func memberOf(dotted string) member {
	if i := strings.LastIndexByte(dotted, '.'); i >= 0 {
		return member{dotted[:i], dotted[i+1:]}
	}
	return member{"", dotted}
}

// scopeKey is the scope a symbol is looked up in: its qualified name
// without ".Name" or ".Type.Name" (for Go the import path), or the whole
// qualified name when it does not end so.
func scopeKey(n *graph.Node) string {
	q := n.Qualified
	rest, ok := strings.CutSuffix(q, n.Name)
	if !ok || !strings.HasSuffix(rest, ".") {
		return q
	}
	rest = rest[:len(rest)-1]
	if n.Receiver == "" {
		return rest
	}
	if rest, ok = strings.CutSuffix(rest, n.Receiver); !ok || !strings.HasSuffix(rest, ".") {
		return q
	}
	return rest[:len(rest)-1]
}

// scoped is a symbol's place in its scope.
type scoped struct {
	key string
	m   member
}

// scopeIndex maps scoped names to symbols, keeping the smallest ID.
type scopeIndex map[scoped]graph.NodeID

func (si scopeIndex) add(n *graph.Node) {
	k := scoped{scopeKey(n), member{n.Receiver, n.Name}}
	if cur, ok := si[k]; !ok || n.ID < cur {
		si[k] = n.ID
	}
}

// symbolsIn returns the symbols whose scope key is in keys (all symbols when
// keys is nil).
func (b *builder) symbolsIn(keys map[string]bool) []*graph.Node {
	var nodes []*graph.Node
	for n := range b.store.Nodes() {
		if n.Kind.IsSymbol() && (keys == nil || keys[scopeKey(n)]) {
			nodes = append(nodes, n)
		}
	}
	return nodes
}

// resolveMembers adds a contains edge from each member of nodes to its
// container, looked up by its receiver in the member's scope among nodes.
// Only the symbols named as some member's container are indexed: on
// GOROOT/src a small part of them, where indexing all made the largest map
// of the resolution.
func (b *builder) resolveMembers(nodes []*graph.Node) {
	containers := map[string]bool{}
	for _, n := range nodes {
		if n.Receiver != "" {
			containers[memberOf(n.Receiver).name] = true
		}
	}
	si := scopeIndex{}
	for _, n := range nodes {
		if containers[n.Name] {
			si.add(n)
		}
	}
	for _, n := range nodes {
		if n.Receiver == "" {
			continue
		}
		if t, ok := si[scoped{scopeKey(n), memberOf(n.Receiver)}]; ok && t != n.ID {
			if e, had := b.store.EdgeBetween(t, n.ID); b.dirty != nil && (!had || !e.Kinds.Has(graph.EdgeContains)) {
				b.markEdge(t, n.ID)
			}
			b.store.AddEdge(t, n.ID, graph.EdgeContains)
		}
	}
}

// resolveAll resolves the members and calls of the whole graph: of a
// full build's spool, or of b.parses.
func (b *builder) resolveAll() error {
	b.resolveMembers(b.symbolsIn(nil))
	r := b.newCallResolver()
	if b.spool != nil {
		return b.spool.each(r.resolve)
	}
	for file, fp := range b.parses {
		r.resolve(file, fp.Package, fp.Imports, fp.Calls)
	}
	return nil
}

// callResolver resolves Go calls against package scopes built on first use.
type callResolver struct {
	b       *builder
	scopes  map[string]map[member]graph.NodeID   // import path → its symbols
	methods map[string]map[string][]graph.NodeID // import path → methods by name
	// removed holds, on an update, the calls edges dropped to be resolved
	// again; one made again is taken out, so what is left was dropped.
	removed map[[2]graph.NodeID]bool
}

func (b *builder) newCallResolver() *callResolver {
	return &callResolver{b: b, scopes: map[string]map[member]graph.NodeID{}, methods: map[string]map[string][]graph.NodeID{}}
}

// scope returns the Go symbols of the package with the import path: those
// of the files its package node contains.
func (r *callResolver) scope(importPath string) map[member]graph.NodeID {
	if sc, ok := r.scopes[importPath]; ok {
		return sc
	}
	sc := map[member]graph.NodeID{}
	s := r.b.store
	for file := range s.Targets(graph.PackageID(importPath), graph.EdgeContains) {
		for n := range s.Targets(file.ID, graph.EdgeContains) {
			if !n.Kind.IsSymbol() || n.Lang != "go" || scopeKey(n) != importPath {
				continue
			}
			m := member{n.Receiver, n.Name}
			if cur, ok := sc[m]; !ok || n.ID < cur {
				sc[m] = n.ID
			}
		}
	}
	r.scopes[importPath] = sc
	return sc
}

// methodsNamed returns the methods (and fields) of a package by name.
func (r *callResolver) methodsNamed(importPath, name string) []graph.NodeID {
	m, ok := r.methods[importPath]
	if !ok {
		m = map[string][]graph.NodeID{}
		for mb, id := range r.scope(importPath) {
			if mb.recv != "" {
				m[mb.name] = append(m[mb.name], id)
			}
		}
		r.methods[importPath] = m
	}
	return m[name]
}

// importNames maps the names a file's imports are used by to their paths.
func (r *callResolver) importNames(imports []syntax.Import) map[string]string {
	names := make(map[string]string, len(imports))
	for _, imp := range imports {
		name := imp.Alias
		if name == "" {
			name = r.b.importName(imp.Path)
		}
		names[name] = imp.Path
	}
	return names
}

// resolve adds the calls edges of calls made in file, of package pkg. A
// bare call resolves in the file's package; pkg.F resolves through the
// file's imports; x.M on a value resolves when the package has exactly one
// method named M.
func (r *callResolver) resolve(file, pkg string, imports []syntax.Import, calls []syntax.Call) {
	names := r.importNames(imports)
	// The calls of one caller come one after another: its ID is made once
	// for them.
	var caller string
	var from graph.NodeID
	for i, c := range calls {
		if i == 0 || c.Caller != caller {
			caller, from = c.Caller, graph.SymbolID(file, c.Caller)
		}
		var to graph.NodeID
		switch ip, ok := names[c.Qualifier]; {
		case c.Qualifier == "":
			to = r.scope(pkg)[member{"", c.Name}]
		case ok:
			to = r.scope(ip)[member{"", c.Name}]
		default:
			if m := r.methodsNamed(pkg, c.Name); len(m) == 1 {
				to = m[0]
			}
		}
		if to != "" && to != from {
			r.add(from, to)
		}
	}
}

// add adds a calls edge, noting on an update the ends of an edge that is
// new rather than made again.
func (r *callResolver) add(from, to graph.NodeID) {
	if r.b.dirty != nil {
		pair := [2]graph.NodeID{from, to}
		if r.removed[pair] {
			delete(r.removed, pair)
		} else if e, had := r.b.store.EdgeBetween(from, to); !had || !e.Kinds.Has(graph.EdgeCalls) {
			r.b.markEdge(from, to)
		}
	}
	r.b.store.AddEdge(from, to, graph.EdgeCalls)
}

// importName is the name a package is used by without an alias: its declared
// name when indexed, else the last path element that is not a major version.
func (b *builder) importName(importPath string) string {
	if n, ok := b.store.Node(graph.PackageID(importPath)); ok && n.Name != "" {
		return n.Name
	}
	return guessedName(importPath)
}

// guessedName is the name a package is used by when it is not indexed.
func guessedName(importPath string) string {
	base := path.Base(importPath)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = path.Base(path.Dir(importPath))
	}
	return strings.TrimPrefix(base, "go-")
}
