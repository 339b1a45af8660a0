package query

import (
	"errors"
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// Resolution outcomes of Resolve; Classify turns them into a Target.
var (
	ErrAmbiguous = errors.New("ambiguous query")
	ErrUnknown   = errors.New("unknown symbol")
)

// Resolve finds the one node a query names. With several matches it
// returns them all and ErrAmbiguous; with none, ErrUnknown. It never guesses.
func Resolve(s *graph.Store, q Query) (*graph.Node, []*graph.Node, error) {
	if q.ID != "" {
		if n, ok := s.Node(graph.NodeID(q.ID)); ok {
			return n, nil, nil
		}
		return nil, nil, ErrUnknown
	}
	if strings.Contains(q.Raw, "::") {
		if n, ok := s.Node(graph.NodeID(q.Raw)); ok {
			return n, nil, nil // the ID of a symbol in a file without an extension: Makefile::build
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
	switch len(hits) {
	case 0:
		return nil, nil, ErrUnknown
	case 1:
		return hits[0], nil, nil
	}
	sortNodes(hits)
	return nil, hits, ErrAmbiguous
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
