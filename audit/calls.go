package audit

import (
	"fmt"
	"path"
	"sort"
	"strings"

	dgraph "github.com/dominikbraun/graph"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphlib"
)

// Calls answers what depends on a symbol, over the reversed calls edges of
// a store as a github.com/dominikbraun/graph view: a symbol's adjacency in
// it is its callers, and a breadth-first search from it reaches every
// function that depends on it. Build one with NewCalls; it may be shared by
// any number of goroutines while the store stays unchanged.
type Calls struct {
	s       *graph.Store
	rev     dgraph.Graph[graph.NodeID, graph.Node]
	callers map[graph.NodeID]map[graph.NodeID]dgraph.Edge[graph.NodeID]
}

// NewCalls builds the calls view of s: one pass over its edges.
func NewCalls(s *graph.Store) (*Calls, error) {
	rev := graphlib.ViewOf(s, graphlib.View{Kinds: graph.EdgeCalls, Reverse: true})
	adj, err := rev.AdjacencyMap()
	if err != nil {
		return nil, fmt.Errorf("calls graph: %w", err)
	}
	return &Calls{s: s, rev: rev, callers: adj}, nil
}

// load is what rests on a load-bearing symbol.
type load struct {
	callers    int // distinct callers in production code
	packages   int // the directories they are in
	dependents int // functions reaching the symbol through calls, at most MaxDependents
}

// loadOf returns what rests on n, and whether that makes it load-bearing:
// MinCallers callers in MinCallerPackages directories, one of them not its
// own. Only then is the (costlier) search for its dependents run.
func (c *Calls) loadOf(n *graph.Node) (load, bool) {
	if !c.production(n) || (n.Kind != graph.KindFunction && n.Kind != graph.KindMethod) || trivial(n) {
		return load{}, false
	}
	own := path.Dir(n.Path)
	dirs := map[string]bool{}
	callers, outside := 0, false
	for _, id := range c.callersOf(n.ID) {
		caller, ok := c.s.Node(id)
		if !ok || id == n.ID || !c.production(caller) {
			continue
		}
		callers++
		d := path.Dir(caller.Path)
		dirs[d] = true
		outside = outside || d != own
	}
	if callers < MinCallers || len(dirs) < MinCallerPackages || !outside {
		return load{}, false
	}
	return load{callers: callers, packages: len(dirs), dependents: c.dependents(n.ID)}, true
}

// trivial reports whether n's body is too short to hold a decision: it
// spans at most MaxTrivialSpan lines past its first.
func trivial(n *graph.Node) bool {
	return n.EndLine > 0 && n.EndLine-n.Line <= MaxTrivialSpan
}

// selfExplained reports whether n's doc comment is the whole of what it
// does: a predicate (its one result a bool) that calls none of the
// repository's code, of at most MaxLeafSpan lines past its first, with a
// doc comment. A predicate's behaviour is when it holds, which such a
// comment says ("IsNil returns true if the interface is nil or holds a
// nil value", util.IsNil on cluster-api: a nil check by kind); nothing it
// decides reaches into the rest of the repository, and the lines that
// decide it are in view beside the comment. A function whose result is a
// value it computes (money.RoundCents rounding half away from zero) chooses
// that value, which its comment need not say, and stays reported. A leaf
// is known only in a language whose calls the index resolves.
func selfExplained(s *graph.Store, n *graph.Node) bool {
	return resolvedLanguages[n.Lang] && n.EndLine > 0 && n.EndLine-n.Line <= MaxLeafSpan &&
		strings.TrimSpace(n.Text) != "" && goResult(n.Signature) == "bool" && len(s.Out(n.ID, graph.EdgeCalls)) == 0
}

// goResult returns the result list of a Go function's or method's
// one-line signature ("func (m *M) IsX(a, b int) bool" gives "bool"):
// what follows the parameters, the receiver's list before them skipped.
func goResult(sig string) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(sig), "func")
	if !ok {
		return ""
	}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "(") { // a method's receiver
		if rest = afterList(rest); rest == "" {
			return ""
		}
	}
	i := strings.IndexByte(rest, '(')
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(afterList(rest[i:])), "{"))
}

// afterList returns what follows the parenthesised list s starts with, or
// "" when it does not close.
func afterList(s string) string {
	depth := 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return s[i+1:]
			}
		}
	}
	return ""
}

// resolvedLanguages are the languages whose calls the index resolves
// across files (indexer: Go's through its imports); in the others a
// caller in another file is not seen, so their load is not measured.
var resolvedLanguages = map[string]bool{"go": true}

// unanalysed returns, sorted, the languages of syms whose calls are not
// resolved across files: the audit cannot say their code is load-bearing.
func unanalysed(syms []*graph.Node) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range syms {
		if n.Lang != "" && !resolvedLanguages[n.Lang] && !seen[n.Lang] {
			seen[n.Lang] = true
			out = append(out, n.Lang)
		}
	}
	sort.Strings(out)
	return out
}

// localCalls is a Calls that reads each symbol's callers from the store
// when asked, building no view: for one symbol (ForSymbol from the CLI),
// whose answer should cost what its callers weigh, not what the graph does
// (the view's adjacency map of every calls edge was most of a why of a
// much-called function, and a third of GOROOT/src's nodes decoded).
func localCalls(s *graph.Store) *Calls { return &Calls{s: s} }

// callersOf returns the distinct callers of id.
func (c *Calls) callersOf(id graph.NodeID) []graph.NodeID {
	if c.rev != nil {
		out := make([]graph.NodeID, 0, len(c.callers[id]))
		for caller := range c.callers[id] {
			out = append(out, caller)
		}
		return out
	}
	var out []graph.NodeID
	for _, e := range c.s.In(id, graph.EdgeCalls) {
		out = append(out, e.From)
	}
	return out
}

// dependents counts the production functions that reach id through calls,
// up to MaxDependents: the same count whatever order the search visits in.
func (c *Calls) dependents(id graph.NodeID) int {
	if c.rev == nil {
		return c.localDependents(id)
	}
	k := 0
	// The only error is a start vertex outside the view, which has no
	// dependents: loadOf found callers, so it is in.
	_ = dgraph.BFS(c.rev, id, func(v graph.NodeID) bool {
		if n, ok := c.s.Node(v); ok && v != id && c.production(n) {
			k++
		}
		return k >= MaxDependents
	})
	return k
}

// localDependents is dependents by a breadth-first search over the
// store's calls edges, read as it goes.
func (c *Calls) localDependents(id graph.NodeID) int {
	k := 0
	seen := map[graph.NodeID]bool{id: true}
	for queue := []graph.NodeID{id}; len(queue) > 0 && k < MaxDependents; queue = queue[1:] {
		v := queue[0]
		if n, ok := c.s.Node(v); ok && v != id && c.production(n) {
			k++
		}
		for _, caller := range c.callersOf(v) {
			if !seen[caller] {
				seen[caller] = true
				queue = append(queue, caller)
			}
		}
	}
	return k
}

// maybeLoaded is a cheap first look, before a Calls exists: whether n has
// enough callers at all to be load-bearing.
func maybeLoaded(s *graph.Store, n *graph.Node) bool {
	return len(s.In(n.ID, graph.EdgeCalls)) >= MinCallers
}

// production reports whether n is code that ships: not a test, not test
// data or vendored code, not generated.
func (c *Calls) production(n *graph.Node) bool {
	if n.Path == "" || isTestPath(n.Path) {
		return false
	}
	f, ok := c.s.Node(graph.FileID(n.Path))
	return !ok || !f.Generated()
}

// isTestPath reports whether p is test code or data by the conventions of
// the languages gortex parses: Go's _test.go, Python's test_*.py and
// *_test.py, JavaScript's .test. and .spec. files, and test, tests,
// testdata, __tests__, vendor and node_modules directories.
func isTestPath(p string) bool {
	base := path.Base(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	switch {
	case strings.HasSuffix(stem, "_test"), strings.HasPrefix(stem, "test_"),
		strings.Contains(base, ".test."), strings.Contains(base, ".spec."):
		return true
	}
	for _, d := range strings.Split(path.Dir(p), "/") {
		switch d {
		case "test", "tests", "testdata", "__tests__", "vendor", "node_modules":
			return true
		}
	}
	return false
}
