// Package place says where a repository's code lives: its own code, or
// code that exists for it (tests, generated files, vendored and
// third-party trees), with the weight a link to each takes.
package place

import (
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// Place is where a symbol lives: the repository's own code, or code that
// exists for it (tests, generated files, vendored and third-party trees).
// A document that names a name means the code people wrote and maintain;
// the other places hold copies, fixtures and callers of it.
type Place uint8

// The places, own code first.
const (
	Own Place = iota
	Test
	Generated
	Vendored
)

// Weight scales a link's score to a symbol by where it lives, so that a
// test constant or a generated copy never outranks the code it exercises.
func (p Place) Weight() float64 {
	if p == Own {
		return 1
	}
	return 0.5
}

// String names the place, as evidence shows it.
func (p Place) String() string {
	return [...]string{"own code", "test code", "generated code", "vendored code"}[p]
}

// Of says where the symbol n of s lives: by its path (OfPath)
// and by its file's generated mark.
func Of(s *graph.Store, n *graph.Node) Place {
	if p := OfPath(n.Path); p != Own || n.Path == "" {
		return p
	}
	if f, ok := s.Node(graph.FileID(n.Path)); ok && f.Generated() {
		return Generated
	}
	return Own
}

// OfPath says where the code at path p lives by the path alone
// (IsVendored, IsTest): own code, tests or vendored code.
func OfPath(p string) Place {
	switch {
	case p == "":
		return Own
	case IsVendored(p):
		return Vendored
	case IsTest(p):
		return Test
	}
	return Own
}

// IsTest reports whether p is test code or test data by the
// conventions of the languages gortex parses: Go's _test.go, Python's
// test_*.py and *_test.py, JavaScript's and TypeScript's .test. and .spec.
// files, Java's and Kotlin's *Test and *Tests classes, and test, tests,
// testdata, testing-data, e2e, __tests__ and __mocks__ directories.
func IsTest(p string) bool {
	base := path.Base(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	switch {
	case strings.HasSuffix(stem, "_test"), strings.HasPrefix(stem, "test_"),
		strings.Contains(base, ".test."), strings.Contains(base, ".spec."),
		javaTest().MatchString(base):
		return true
	}
	for _, d := range strings.Split(path.Dir(p), "/") {
		switch d {
		case "test", "tests", "testdata", "testing", "e2e", "__tests__", "__mocks__", "fixtures", "golden":
			return true
		}
	}
	return false
}

// javaTest matches a JVM test class's file name ("FooTest.java",
// "BarTests.kt", "BazIT.java").
var javaTest = textutil.Regexp(`^[A-Z]\w*(?:Test|Tests|IT)\.(?:java|kt|scala|groovy)$`)

// IsVendored reports whether p lies in a tree of another project's code
// copied into the repository: vendor (or _vendor, as Python packages that
// keep private copies of their dependencies name it), node_modules,
// third_party.
func IsVendored(p string) bool {
	for _, d := range strings.Split(path.Dir(p), "/") {
		switch strings.TrimLeft(d, "_") {
		case "vendor", "node_modules", "third_party", "third-party", "thirdparty":
			return true
		}
	}
	return false
}
