package query

import (
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// Resolve finds what a parsed symbol query names, as a Target: the one
// node's (NodeTarget), TargetAmbiguous with every match as Candidates, or
// TargetUnknown. It never guesses, and these outcomes are not errors.
// The target's Text is q.Raw.
func Resolve(s *graph.Store, q Query) Target {
	n, hits := lookup(s, q)
	switch {
	case n != nil:
		return NodeTarget(q.Raw, n)
	case len(hits) > 1:
		sortNodes(hits)
		return Target{Kind: TargetAmbiguous, Text: q.Raw, Query: q, Candidates: hits}
	}
	return Target{Kind: TargetUnknown, Text: q.Raw, Query: q}
}

// ResolveText parses text as a symbol query and resolves it; text that is
// no symbol query is TargetBad, its Err wrapping ErrBadQuery.
func ResolveText(s *graph.Store, text string) Target {
	q, err := Parse(text)
	if err != nil {
		return Target{Kind: TargetBad, Text: text, Err: err}
	}
	return Resolve(s, q)
}

// lookup returns the node q names when exactly one matches, else every
// match (none or several).
func lookup(s *graph.Store, q Query) (*graph.Node, []*graph.Node) {
	if q.ID != "" {
		n, _ := s.Node(graph.NodeID(q.ID))
		return n, nil
	}
	if strings.Contains(q.Raw, "::") {
		if n, ok := s.Node(graph.NodeID(q.Raw)); ok {
			return n, nil // the ID of a symbol in a file without an extension: Makefile::build
		}
	}
	var hits []*graph.Node
	suffix := q.Suffix()
	for _, n := range s.ByName(q.Last()) {
		if matchesSuffix(n.Qualified, suffix) {
			hits = append(hits, n)
		}
	}
	if len(hits) == 0 {
		hits = packagesMatching(s, suffix)
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	return nil, hits
}

// matchesSuffix reports whether suffix is qualified or ends it at a '.' or
// '/' boundary, once the separators of qualified are made "." as in a
// parsed query (Rust "a::b", Ruby "A#b", PHP "A\b").
func matchesSuffix(qualified, suffix string) bool {
	if strings.ContainsAny(qualified, `:#\`) {
		qualified = nameSeparators.Replace(qualified)
	}
	if qualified == suffix {
		return true
	}
	if !strings.HasSuffix(qualified, suffix) {
		return false
	}
	c := qualified[len(qualified)-len(suffix)-1]
	return c == '.' || c == '/'
}

// packagesMatching finds package nodes by import path or its suffix.
func packagesMatching(s *graph.Store, suffix string) []*graph.Node {
	var out []*graph.Node
	for n := range s.Nodes() {
		if n.Kind == graph.KindPackage && matchesSuffix(n.Qualified, suffix) {
			out = append(out, n)
		}
	}
	return out
}

func sortNodes(ns []*graph.Node) {
	sort.Slice(ns, func(i, j int) bool {
		if ns[i].Qualified != ns[j].Qualified {
			return ns[i].Qualified < ns[j].Qualified
		}
		return ns[i].ID < ns[j].ID
	})
}

// Suggest returns up to n symbol names closest to name by edit distance,
// for "did you mean" on an unknown query.
func Suggest(s *graph.Store, name string, n int) []string {
	type cand struct {
		name string
		d    int
	}
	limit := max(2, len(name)/3)
	var cs []cand
	lower := strings.ToLower(name)
	for n := range s.Names() {
		if d := textutil.Distance(lower, strings.ToLower(n)); d <= limit {
			cs = append(cs, cand{n, d})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].name < cs[j].name
	})
	var out []string
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].name)
	}
	return out
}
