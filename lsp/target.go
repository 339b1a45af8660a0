package lsp

import (
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/query"
)

// symbolAt returns the code symbol an identifier at line (1-based) of the
// file at rel names, or nil when it cannot tell which. It does not guess:
// a declaration is the symbol declared there; a qualified use is what the
// qualified name resolves to; a bare use is the one symbol of that name
// nearest the file (in it, else in its directory, else anywhere), members
// preferred after a dot and the rest without one.
func symbolAt(s *graph.Store, rel string, line int, id ident) *graph.Node {
	word := id.word()
	for _, n := range fileSymbols(s, rel) {
		if n.Name == word && n.Line == line {
			return n
		}
	}
	if len(id.chain) > 1 {
		if n := resolved(s, strings.Join(id.chain, ".")); n != nil {
			return n
		}
	}
	var cands []*graph.Node
	for _, n := range s.ByName(word) {
		if n.Kind.IsSymbol() {
			cands = append(cands, n)
		}
	}
	member := len(id.chain) > 1
	for _, near := range []func(*graph.Node) bool{
		func(n *graph.Node) bool { return n.Path == rel },
		func(n *graph.Node) bool { return path.Dir(n.Path) == path.Dir(rel) },
		func(*graph.Node) bool { return true },
	} {
		if n := only(cands, func(n *graph.Node) bool { return near(n) && (n.Receiver != "") == member }); n != nil {
			return n
		}
		if n := only(cands, near); n != nil {
			return n
		}
		if some(cands, near) {
			return nil // several near: which one is not known
		}
	}
	return nil
}

// resolved returns the node text resolves to as a why query does; nil
// when it names none or several.
func resolved(s *graph.Store, text string) *graph.Node {
	return query.ResolveText(s, text).Node
}

// only returns the one node of ns that keep holds for; nil for none or
// several.
func only(ns []*graph.Node, keep func(*graph.Node) bool) *graph.Node {
	var found *graph.Node
	for _, n := range ns {
		if !keep(n) {
			continue
		}
		if found != nil {
			return nil
		}
		found = n
	}
	return found
}

func some(ns []*graph.Node, keep func(*graph.Node) bool) bool {
	for _, n := range ns {
		if keep(n) {
			return true
		}
	}
	return false
}

// fileSymbols returns the symbols declared in the file at rel, members of
// its types included.
func fileSymbols(s *graph.Store, rel string) []*graph.Node {
	var out []*graph.Node
	queue := []graph.NodeID{graph.FileID(rel)}
	seen := map[graph.NodeID]bool{}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for n := range s.Targets(id, graph.EdgeContains) {
			if seen[n.ID] || !n.Kind.IsSymbol() || n.Path != rel {
				continue
			}
			seen[n.ID] = true
			out = append(out, n)
			queue = append(queue, n.ID)
		}
	}
	return out
}
