package query

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// Classify resolves what text asks about, once, into a Target, in this
// order, so that every symbol query keeps its meaning:
//
//  1. A path to an existing file (a file node of the index, or a regular
//     file under root) is a file target, with the repo-relative path. A
//     relative path is read from wd (the working directory, when it is
//     under root) first, then from root; one starting with ./ or ../ from
//     wd alone. A bare word that names a file ("Makefile") is one only when
//     no symbol has that name.
//  2. Text written as a directory (a trailing "/", a leading ./ or ../)
//     that names one is its package, or the packages below it
//     (dirTarget).
//  3. Text that reads as a path (it starts with ./, ../ or /, or ends in
//     the extension of a file of the index: "pickfirst/pickfirst.go") but
//     names no file and no symbol is TargetNoFile, with the paths tried.
//  4. Text that parses as a symbol query is one: the symbol or package it
//     names, else the module it names (a Rust crate or module, a Python
//     or TypeScript module: moduleTarget), else TargetAmbiguous with the
//     candidates or TargetUnknown.
//  5. Text that cannot be a symbol query because it has a space or a '?'
//     is a question.
//  6. Anything else (and text longer than MaxQueryLen) is TargetBad.
func Classify(s *graph.Store, text, root, wd string) Target {
	if err := CheckLength(text); err != nil {
		return Target{Kind: TargetBad, Text: text, Err: err}
	}
	t := strings.TrimSpace(text)
	q, perr := Parse(t)
	r := Target{Kind: TargetBad, Err: perr}
	if perr == nil {
		r = Resolve(s, q)
	}
	r.Text = text
	resolves := r.Kind != TargetBad && r.Kind != TargetUnknown
	if p, ok := filePath(s, root, wd, t); ok && (strings.ContainsAny(t, "/.") || !resolves) {
		fn, _ := s.Node(graph.FileID(p))
		if fn != nil && fn.Kind != graph.KindFile {
			fn = nil
		}
		return Target{Kind: TargetFile, Text: text, Path: p, Node: fn}
	}
	if dt, ok := dirTarget(s, root, wd, text, t); ok {
		return dt
	}
	if !resolves && readsAsPath(s, t) {
		return Target{Kind: TargetNoFile, Text: text, Tried: candidatePaths(root, wd, t)}
	}
	if r.Kind == TargetBad && strings.ContainsAny(t, " \t\n?") {
		return Target{Kind: TargetQuestion, Text: text}
	}
	if r.Kind == TargetUnknown {
		if mt, ok := moduleTarget(s, text, r.Query); ok {
			return mt
		}
	}
	return r
}

// filePath returns t as a clean repo-relative path when it names a file
// of the index or a regular file under root ("" skips the disk), trying
// the places Classify lists.
func filePath(s *graph.Store, root, wd, t string) (string, bool) {
	if t == "" || strings.Contains(t, "::") || strings.ContainsAny(t, "\n?*") {
		return "", false
	}
	for _, p := range candidatePaths(root, wd, t) {
		if n, ok := s.Node(graph.FileID(p)); ok && n.Kind == graph.KindFile {
			return p, true
		}
		if root == "" {
			continue
		}
		if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err == nil && fi.Mode().IsRegular() {
			return p, true
		}
	}
	return "", false
}

// candidatePaths are the repo-relative paths t may mean, in the order they
// are tried: from wd, then from root; those outside root are left out.
func candidatePaths(root, wd, t string) []string {
	if filepath.IsAbs(t) {
		if root == "" {
			return nil
		}
		rel, err := filepath.Rel(root, t)
		if err != nil {
			return nil
		}
		return inside(rel)
	}
	var out []string
	if sub := subdir(root, wd); sub != "" {
		out = inside(path.Join(sub, filepath.ToSlash(t)))
		if strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") {
			return out
		}
	}
	return append(out, inside(t)...)
}

// subdir is wd relative to root in slash form ("billing/pricing"), or ""
// when wd is root, outside it, or not given.
func subdir(root, wd string) string {
	if root == "" || wd == "" {
		return ""
	}
	rel, err := filepath.Rel(root, wd)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// inside returns p cleaned as a one-element list, or none when it leaves
// the repository.
func inside(p string) []string {
	p = path.Clean(filepath.ToSlash(p))
	if p == "." || p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") {
		return nil
	}
	return []string{p}
}

// readsAsPath reports whether t is written like a file path: it starts
// with ./, ../ or /, or its last element ends in the extension of some
// file of the index (no symbol query ends in ".go" or ".md").
func readsAsPath(s *graph.Store, t string) bool {
	if strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || strings.HasPrefix(t, "/") {
		return true
	}
	if strings.Contains(t, "::") || strings.ContainsAny(t, " \t\n?") {
		return false
	}
	ext := path.Ext(t)
	if ext == "" || ext == t || strings.Contains(ext, "/") {
		return false
	}
	for n := range s.Nodes() {
		if n.Kind == graph.KindFile && path.Ext(n.Path) == ext {
			return true
		}
	}
	return false
}

// missingFile answers a path that names no file: unknown, with the files
// of the index it may have meant.
func missingFile(s *graph.Store, t Target) *Answer {
	a := &Answer{Query: t.Text, Kind: AnswerFile, Status: StatusUnknown, Candidates: []SymbolRef{}, Rationale: []Entry{}}
	a.Note = fmt.Sprintf("no file %s in the repository", strings.TrimSpace(t.Text))
	if sug := SuggestPaths(s, t.Tried, 5); len(sug) > 0 {
		a.Note += "; did you mean " + strings.Join(sug, ", ") + "?"
	}
	return a
}

// SuggestPaths returns up to n files of the index that one of the
// repo-relative paths tried may have meant, best first: files whose path
// ends with it ("pickfirst/pickfirst.go" for balancer/pickfirst/pickfirst.go),
// then files of the same name elsewhere, then paths a few edits away.
func SuggestPaths(s *graph.Store, tried []string, n int) []string {
	type cand struct {
		path string
		rank int
	}
	var cs []cand
	for f := range s.Nodes() {
		if f.Kind != graph.KindFile {
			continue
		}
		if r, ok := pathRank(f.Path, tried); ok {
			cs = append(cs, cand{f.Path, r})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].rank != cs[j].rank {
			return cs[i].rank < cs[j].rank
		}
		return cs[i].path < cs[j].path
	})
	var out []string
	for _, c := range cs[:min(len(cs), n)] {
		out = append(out, c.path)
	}
	return out
}

// pathRank says how close file is to one of tried: 0 when it ends with
// one, 1 when it has the same base name, 2+d when it is d edits from one
// (d at most a third of its length); ok is false otherwise.
func pathRank(file string, tried []string) (rank int, ok bool) {
	best := -1
	for _, p := range tried {
		switch d := textutil.Distance(p, file); {
		case strings.HasSuffix(file, "/"+p):
			return 0, true
		case path.Base(file) == path.Base(p):
			best = 1
		case d <= max(2, len(p)/3) && (best < 0 || 2+d < best):
			best = 2 + d
		}
	}
	return best, best >= 0
}
