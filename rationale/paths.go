package rationale

import (
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
)

// Scores of the path signal. A full repo-relative path leaves no doubt; a
// trailing part of one ("ledger/ledger.go") or a bare file name is weaker.
const (
	scorePathFull   = 0.9
	scorePathSuffix = 0.7
	scorePathBase   = 0.5
)

// pathsPerArgument is how many paths a section may name at full score.
const pathsPerArgument = 3

// pathIndex finds files and package directories by the paths a document
// writes: full, trailing parts, or a file's base name.
type pathIndex struct {
	byPath map[string][]*graph.Node // full path and every trailing part → file or package nodes
	byBase map[string][]*graph.Node // file base name → file nodes
	byImp  map[string]*graph.Node   // import path → package node
}

func newPathIndex(s *graph.Store) *pathIndex {
	ix := &pathIndex{byPath: map[string][]*graph.Node{}, byBase: map[string][]*graph.Node{}, byImp: map[string]*graph.Node{}}
	for n := range s.Nodes() {
		switch n.Kind {
		case graph.KindFile:
			if n.Lang == "" || n.Lang == "markdown" || n.Lang == "text" {
				continue // documents and assets explain nothing through their path
			}
			ix.addSuffixes(n.Path, n)
			ix.byBase[path.Base(n.Path)] = append(ix.byBase[path.Base(n.Path)], n)
		case graph.KindPackage:
			if n.Path != "" && n.Path != "." {
				ix.addSuffixes(n.Path, n)
			}
			ix.byImp[n.Qualified] = n
		}
	}
	return ix
}

// addSuffixes indexes p and every trailing part of it with at least two
// elements ("a/b/c.go" → "a/b/c.go", "b/c.go"); a one-element p ("cart")
// is indexed as itself, and matched only when written as a directory.
func (ix *pathIndex) addSuffixes(p string, n *graph.Node) {
	for {
		ix.byPath[p] = append(ix.byPath[p], n)
		i := strings.IndexByte(p, '/')
		if i < 0 || !strings.Contains(p[i+1:], "/") {
			return
		}
		p = p[i+1:]
	}
}

// pathMentions returns the path-like tokens of text: those with a '/' or
// a file extension, cleaned of "./", leading and trailing slashes.
func pathMentions(text string) []string {
	var out []string
	for f := range strings.FieldsFuncSeq(text, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '_' || r == '-' || r == '*' ||
			('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9'))
	}) {
		dir := strings.HasSuffix(f, "/")
		f = strings.TrimPrefix(strings.Trim(f, "/.*"), "./")
		if f == "" || strings.Contains(f, "*") || strings.Contains(f, "//") {
			continue
		}
		if dir || strings.Contains(f, "/") || path.Ext(f) != "" {
			out = append(out, f)
		}
	}
	return out
}

// linkPaths adds a path motivation from the section to each file or
// package directory it names, and a named one to each package it names by
// import path. It returns the number of nodes linked.
func linkPaths(s *graph.Store, ix *pathIndex, sec *graph.Node, text string) int {
	found := map[graph.NodeID]graph.Motivation{}
	add := func(n *graph.Node, m graph.Motivation) {
		if cur, ok := found[n.ID]; !ok || m.Score > cur.Score {
			found[n.ID] = m
		}
	}
	mentions := pathMentions(text)
	// A section that names many paths is an index (a layout listing, a
	// list of commands), not an argument about any one of them.
	spread := min(1, float64(pathsPerArgument)/float64(max(len(mentions), 1)))
	for _, p := range mentions {
		if pkg, ok := ix.byImp[p]; ok {
			add(pkg, graph.Motivation{Signal: graph.SignalNamed, Score: scoreQualified, Detail: p})
			continue
		}
		hits, score := ix.byPath[p], scorePathSuffix
		if len(hits) == 0 && !strings.Contains(p, "/") {
			hits, score = ix.byBase[p], scorePathBase
		}
		if len(hits) == 0 || len(hits) > maxShared {
			continue
		}
		for _, n := range hits {
			sc := score
			if n.Path == p {
				sc = scorePathFull
			}
			add(n, graph.Motivation{Signal: graph.SignalPath, Score: sc * spread / float64(len(hits)), Detail: p})
		}
	}
	for _, id := range graph.SortedIDs(found) {
		_ = s.AddMotivation(sec.ID, id, found[id])
	}
	return len(found)
}
