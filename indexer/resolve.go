package indexer

import (
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
)

// resolve adds the edges that need more than one file: type → member
// contains edges, and calls. It runs over the whole graph after every build
// or update; adding an edge that exists is a no-op, so it is idempotent.
func (b *builder) resolve() {
	scope := b.scopes()
	for n := range b.store.Nodes() {
		if n.Receiver == "" || !n.Kind.IsSymbol() {
			continue
		}
		pkg := strings.TrimSuffix(n.Qualified, "."+n.Receiver+"."+n.Name)
		if t, ok := scope[pkg][n.Receiver]; ok {
			b.store.AddEdge(t, n.ID, graph.EdgeContains)
		}
	}
	for file, fp := range b.parses {
		b.resolveCalls(file, fp, scope)
	}
}

// scopes maps each package path to its symbols by dotted name.
func (b *builder) scopes() map[string]map[string]graph.NodeID {
	scope := map[string]map[string]graph.NodeID{}
	for n := range b.store.Nodes() {
		if !n.Kind.IsSymbol() {
			continue
		}
		dotted := n.Name
		if n.Receiver != "" {
			dotted = n.Receiver + "." + n.Name
		}
		pkg := strings.TrimSuffix(n.Qualified, "."+dotted)
		if scope[pkg] == nil {
			scope[pkg] = map[string]graph.NodeID{}
		}
		scope[pkg][dotted] = n.ID
	}
	return scope
}

// resolveCalls adds calls edges for one file. A bare call resolves in the
// file's package; pkg.F resolves through the file's imports; x.M on a value
// resolves when the package has exactly one method named M.
func (b *builder) resolveCalls(file string, fp *fileParse, scope map[string]map[string]graph.NodeID) {
	local := scope[fp.Package]
	imports := map[string]string{}
	for _, imp := range fp.Imports {
		name := imp.Alias
		if name == "" {
			name = b.importName(imp.Path)
		}
		imports[name] = imp.Path
	}
	var methods map[string][]graph.NodeID // built on first use
	for _, c := range fp.Calls {
		from := graph.SymbolID(file, c.Caller)
		var to graph.NodeID
		switch ip, ok := imports[c.Qualifier]; {
		case c.Qualifier == "":
			to = local[c.Name]
		case ok:
			to = scope[ip][c.Name]
		default:
			if methods == nil {
				methods = methodsByName(local)
			}
			if m := methods[c.Name]; len(m) == 1 {
				to = m[0]
			}
		}
		if to != "" && to != from {
			b.store.AddEdge(from, to, graph.EdgeCalls)
		}
	}
}

// importName is the name a package is used by without an alias: its declared
// name when indexed, else the last path element that is not a major version.
func (b *builder) importName(importPath string) string {
	if n, ok := b.store.Node(graph.PackageID(importPath)); ok && n.Name != "" {
		return n.Name
	}
	base := path.Base(importPath)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = path.Base(path.Dir(importPath))
	}
	return strings.TrimPrefix(base, "go-")
}

func methodsByName(local map[string]graph.NodeID) map[string][]graph.NodeID {
	m := map[string][]graph.NodeID{}
	for dotted, id := range local {
		if _, name, ok := strings.Cut(dotted, "."); ok {
			m[name] = append(m[name], id)
		}
	}
	return m
}
