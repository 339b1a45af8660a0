package query

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
)

// dirTarget reads t as a directory when it is written as one (a trailing
// "/", as tab completion adds, or a leading "./" or "../") and names a
// directory of the repository: the package of that directory, or, when
// none is there, the packages below it as candidates. ok is false when t
// is not written as a directory or names none.
func dirTarget(s *graph.Store, root, wd, text, t string) (Target, bool) {
	if !strings.HasSuffix(t, "/") && !strings.HasPrefix(t, "./") && !strings.HasPrefix(t, "../") {
		return Target{}, false
	}
	for _, p := range candidatePaths(root, wd, strings.TrimRight(t, "/")) {
		var here, below []*graph.Node
		for n := range s.NodesOf(graph.KindPackage) {
			switch {
			case n.Path == p:
				here = append(here, n)
			case strings.HasPrefix(n.Path, p+"/"):
				below = append(below, n)
			}
		}
		if len(here) == 0 && len(below) == 0 && !isDir(root, p) {
			continue
		}
		switch {
		case len(here) == 1:
			return NodeTarget(text, here[0]), true
		case len(here) > 1:
			sortNodes(here)
			return Target{Kind: TargetAmbiguous, Text: text, Candidates: here}, true
		case len(below) == 1:
			return NodeTarget(text, below[0]), true
		case len(below) > 1:
			sortNodes(below)
			return Target{Kind: TargetAmbiguous, Text: text, Candidates: below}, true
		}
		return Target{Kind: TargetNoFile, Text: text, Tried: []string{p}}, true
	}
	return Target{}, false
}

// isDir reports whether the repo-relative p is a directory under root.
func isDir(root, p string) bool {
	if root == "" {
		return false
	}
	fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
	return err == nil && fi.IsDir()
}

// moduleParts splits a qualified name or a query into its parts, whatever
// the language's separators: "::", ".", "#", "\" and "/".
func moduleParts(s string) []string {
	return strings.FieldsFunc(nameSeparators.Replace(s), func(r rune) bool { return r == '.' || r == '/' })
}

// moduleTarget resolves q as a module that no symbol is named after: a
// Rust crate or module (vector_buffers, crate::transforms::throttle,
// self::cart), a Python dotted module (flask.app) or a TypeScript module
// path (util/strings). The module is the prefix, as whole parts, of the
// qualified names of the symbols it holds; "crate", "self" and "super"
// stand for any crate. It answers with the module's file (the file named
// after its last part), else the package of the directory all its symbols
// are under, else the candidates. ok is false when no symbol is under q.
func moduleTarget(s *graph.Store, text string, q Query) (Target, bool) {
	if q.ID != "" {
		return Target{}, false
	}
	want := moduleParts(q.Raw)
	anyCrate := len(want) > 1 && (want[0] == "crate" || want[0] == "self" || want[0] == "super")
	if anyCrate {
		want = want[1:]
	}
	if len(want) == 0 {
		return Target{}, false
	}
	files := map[string]bool{}
	for n := range s.Nodes() {
		if n.Qualified == "" || n.Kind == graph.KindPackage || n.Kind == graph.KindFile || n.Kind == graph.KindDoc {
			continue
		}
		parts := moduleParts(n.Qualified)
		if at := modulePrefixAt(parts, want); at >= 0 && (!anyCrate || at == 1) {
			files[n.Path] = true
		}
	}
	if len(files) == 0 {
		return Target{}, false
	}
	last := strings.ReplaceAll(want[len(want)-1], "-", "_")
	var named []*graph.Node
	for p := range files {
		stem := strings.TrimSuffix(p, path.Ext(p))
		for _, index := range []string{"/mod", "/__init__", "/index"} {
			stem = strings.TrimSuffix(stem, index)
		}
		if strings.ReplaceAll(path.Base(stem), "-", "_") == last {
			if n, ok := s.Node(graph.FileID(p)); ok {
				named = append(named, n)
			}
		}
	}
	switch len(named) {
	case 1:
		return NodeTarget(text, named[0]), true
	case 0:
	default:
		sortNodes(named)
		return Target{Kind: TargetAmbiguous, Text: text, Candidates: named}, true
	}
	dir := ""
	for p := range files {
		dir = commonDir(dir, path.Dir(p), dir == "")
	}
	for n := range s.NodesOf(graph.KindPackage) {
		if n.Path == dir {
			return NodeTarget(text, n), true
		}
	}
	var cands []*graph.Node
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range files {
			if !yield(p) {
				return
			}
		}
	}) {
		if n, ok := s.Node(graph.FileID(p)); ok {
			cands = append(cands, n)
		}
	}
	if len(cands) == 0 {
		return Target{}, false
	}
	return Target{Kind: TargetAmbiguous, Text: text, Candidates: cands}, true
}

// modulePrefixAt returns where want stands, as whole parts, in parts with
// at least one part after it (the symbol's own name), or -1.
func modulePrefixAt(parts, want []string) int {
	for i := 0; i+len(want) < len(parts); i++ {
		if slices.Equal(parts[i:i+len(want)], want) {
			return i
		}
	}
	return -1
}

// commonDir is the longest directory both a and b are in ("." when none);
// first says that a is not set yet.
func commonDir(a, b string, first bool) string {
	if first {
		return b
	}
	for a != "." && a != b && !strings.HasPrefix(b, a+"/") {
		a = path.Dir(a)
	}
	return a
}
