package query

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// An ambiguous name on a large repository matches hundreds of symbols
// (Close on grpc-go: 153, about 11,000 tokens). An answer keeps the few an
// agent most likely meant, says how many there were, and how to narrow.

// rankCandidates orders the symbols an ambiguous query matched, likeliest
// first: exported before unexported, outside tests before in tests, a
// shorter import path (fewer elements, then fewer characters) before a
// longer one, then more reasoning linked to it (motivates edges and memory
// links) before less; the qualified name and the ID break ties.
func rankCandidates(s *graph.Store, mems *rationale.Memories, cands []*graph.Node) {
	type key struct {
		hidden, test bool
		depth, size  int
		links        int
	}
	keys := make(map[graph.NodeID]key, len(cands))
	for _, n := range cands {
		p := importPath(n)
		keys[n.ID] = key{hidden: !exported(n), test: isTestPath(n.Path), depth: strings.Count(p, "/"), size: len(p),
			links: len(s.In(n.ID, graph.EdgeMotivates)) + len(mems.Into(n.ID))}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := keys[cands[i].ID], keys[cands[j].ID]
		switch {
		case a.hidden != b.hidden:
			return b.hidden
		case a.test != b.test:
			return b.test
		case a.depth != b.depth:
			return a.depth < b.depth
		case a.size != b.size:
			return a.size < b.size
		case a.links != b.links:
			return a.links > b.links
		case cands[i].Qualified != cands[j].Qualified:
			return cands[i].Qualified < cands[j].Qualified
		}
		return cands[i].ID < cands[j].ID
	})
}

// exported reports whether n can be used from outside its package: a Go
// name (and its receiver type) in upper case; in other languages, a name
// without the leading underscore that marks it private.
func exported(n *graph.Node) bool {
	if n.Lang != "go" {
		return !strings.HasPrefix(n.Name, "_")
	}
	up := func(s string) bool {
		r, _ := utf8.DecodeRuneInString(s)
		return unicode.IsUpper(r)
	}
	return up(n.Name) && (n.Receiver == "" || up(n.Receiver))
}

// isTestPath reports whether a file holds tests by the usual conventions:
// Go's _test.go, Python's test_*.py and *_test.py, JavaScript's *.test.*
// and *.spec.*, or a file under a test or testdata directory.
func isTestPath(p string) bool {
	base := path.Base(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	if strings.HasSuffix(stem, "_test") || strings.HasPrefix(base, "test_") ||
		strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") {
		return true
	}
	for _, dir := range strings.Split(path.Dir(p), "/") {
		switch dir {
		case "test", "tests", "testdata", "__tests__":
			return true
		}
	}
	return false
}

// importPath is the package a symbol is imported by: the Go import path
// its qualified name starts with, else the directory of its file.
func importPath(n *graph.Node) string {
	if n.Lang == "go" && n.Qualified != "" {
		q := n.Qualified
		slash := strings.LastIndexByte(q, '/')
		if dot := strings.IndexByte(q[slash+1:], '.'); dot >= 0 {
			return q[:slash+1+dot]
		}
		return q
	}
	return path.Dir(n.Path)
}

// ambiguousNote says what an ambiguous query matched, how many candidates
// the answer keeps, and how to narrow it, with the likeliest candidate as
// the example.
func ambiguousNote(text string, cands []SymbolRef, total int) string {
	note := fmt.Sprintf("%q matches %d symbols", text, total)
	if len(cands) < total {
		note += fmt.Sprintf("; the %d likeliest are listed (exported, outside tests, shortest import path, most reasoning first)", len(cands))
	}
	if len(cands) == 0 {
		return note
	}
	return note + fmt.Sprintf("; narrow it with the package or type (%s) or give a candidate's id (%s)", shortName(cands[0].Qualified), cands[0].ID)
}

// shortName is a qualified name without the import path's directories:
// example.com/shop/billing.Invoice.Finalize → billing.Invoice.Finalize.
func shortName(qualified string) string {
	return qualified[strings.LastIndexByte(qualified, '/')+1:]
}
