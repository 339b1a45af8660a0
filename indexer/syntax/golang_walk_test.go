package syntax

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// walkCases are Go sources whose walk and query extractions are compared:
// the shapes of every pattern of queries/go.scm and their odd corners.
var walkCases = map[string]string{
	"methods": `package p
// M is a method.
func (b *B[T]) M() { x.y() }
func (b B) N() {}
func (b (B)) O() {}
func (b (*B)) P() {}
func (a A, b B) Two() {}
func (a pkg.T) Qualified() {}
func () None() {}
`,
	"types": `package p
type (
	// A is a.
	A int
	I interface {
		// M is m.
		M(x int) error
		fmt.Stringer
	}
	S struct {
		a, b int // trailing
		// C is c.
		C
		*D
		pkg.E
		*pkg.F
		G[int]
		pkg.H[int]
		*J[int]
		inner struct{ x int }
	}
	Alias = S
	Gen[T any] struct{ v T }
)
type X = map[string]int
`,
	"values": `package p
const a, b = 1, 2
const (
	c = iota // c
	d
)
var e, f = g(), h.i()
var (
	j int
	k, l = m[int](1), pkg.N[int](2)
)
var _ = 3
`,
	"calls": `package p
func f() {
	x.f().g()
	a[i].Run()
	T{}.M()
	(f)(x)
	f()()
	func() { inner() }()
	s.a.b.c(1)
	F[int](x)
	pkg.F[int](x)
	g[int, string](y)
	x.y.z()
	go run()
	defer cleanup()
}
var top = initCall()
`,
	"comments": `// Package p does things.
package p /* after */

/* block */
// line
func f() {} // trailing

// one
// two

// three
func g() { /* inside */ }
/* a */ /* b */
func h() {}
`,
	"errors": `package p
func f( {
type T struct { a int
func (x *T) M() { y.z( }
var v = [}
`,
	"noPackage": "func f() {}\n",
	"imports": `package p
import "fmt"
import (
	f "fmt"
	_ "embed"
	. "strings"
	"os" // os
)
func main() { fmt.Println(f.Sprint(), os.Args) }
`,
	"empty": "",
	// A tree with syntax errors: its import is in a subtree with no "("
	// or "/", below an ERROR node.
	"importInError": "package q\n// c\nimport \"math\" /* e */ ,\n\n// d\ntype x = /* a */ /* b */ 0\n\nfunc () foo() // e\n",
	// Subtrees with no "(" or "/" that the walk skips, beside calls and
	// comments inside literals and types that it must not.
	"skipped": "package p\nvar t = [][]int{{1, 2}, {3, f(4)}, {5 /* c */}}\nvar m = map[string]struct{ a int }{\"k\": {a: 1}}\nfunc g() { x := a + b*c; _ = x; y := T{A: h()} }\n",
	// Nodes whose first byte is "(" (left out when it is their only one)
	// beside calls at and after their start, and children before the first
	// "(" or "/" (gone past).
	"openings": "package p\nfunc f() {\n\tx := (y)\n\t_ = f(a, (b), g(c), /* x */ d)\n\t(h)(x)\n\t(*T)(x).M()\n" +
		"\tv := a + b + (c) + T{1, 2}.m(k(1))\n\tif a, b := 1, 2; (a) < b { _ = (i)(j) }\n\tw := x / y\n\ty := p1(1) + p2(2)*(p3(3))\n\tq := []int{1, 2, (3)} // c\n}\n",
	// Children after a node's last "(" or "/" (gone past), beside calls
	// and comments after nested calls that they must not hide.
	"rests": "package p\nfunc f() {\n\t_ = T{A: f(g(1)), B: 2, C: h()}.m + x.y[2]\n\t_ = []int{f(1), 2 /* c */, 3, 4}\n" +
		"\ty := a(b)(c) + d.e + (f) - [2]int{1, 2}[0] // c\n\tz := a[i(1)].b + c\n}\n",
	"deep":          "package p\nfunc f() {\n" + strings.Repeat("g(", 700) + strings.Repeat(")", 700) + "\n}\n",
	"deepSelectors": "package p\nfunc f() {\n" + strings.Repeat("a.b(", 600) + strings.Repeat(")", 600) + "\n}\n",
	"deepComments":  "package p\nvar x = " + strings.Repeat("[]any{/* c */", 600) + strings.Repeat("}", 600) + "\n",
}

// extractBoth parses src as Go with the walk and with the tags query.
func extractBoth(t testing.TB, src []byte) (walk, query *ParsedFile, werr, qerr error) {
	t.Helper()
	p, q := NewParser(), NewParser()
	defer p.Close()
	defer q.Close()
	q.queryOnly = true
	walk, werr = p.Parse(context.Background(), "go", "f.go", src)
	query, qerr = q.Parse(context.Background(), "go", "f.go", src)
	return walk, query, werr, qerr
}

func sameExtraction(t testing.TB, name string, src []byte) {
	t.Helper()
	walk, query, werr, qerr := extractBoth(t, src)
	if (werr == nil) != (qerr == nil) || werr != nil && werr.Error() != qerr.Error() {
		t.Errorf("%s: walk error %v, query error %v", name, werr, qerr)
		return
	}
	if !reflect.DeepEqual(walk, query) {
		t.Errorf("%s: walk and query differ\nwalk:\n%s\nquery:\n%s", name, listing(walk), listing(query))
	}
}

// TestGoWalkMatchesQuery holds the Go walk to the tags query it replaces:
// one ParsedFile from both, on every shape of walkCases and on the Go
// fixtures.
func TestGoWalkMatchesQuery(t *testing.T) {
	if !walkLayoutOK {
		t.Fatal("go-tree-sitter's node or cursor layout is not the one the walk declares")
	}
	for name, src := range walkCases {
		sameExtraction(t, name, []byte(src))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "go", "*.go"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sameExtraction(t, f, src)
	}
}

// TestGoWalkGOROOT compares the walk with the query on every Go file of
// $GOROOT/src. It runs only when GORTEX_SCAN_GOROOT is set (about a
// minute).
func TestGoWalkGOROOT(t *testing.T) {
	if os.Getenv("GORTEX_SCAN_GOROOT") == "" {
		t.Skip("set GORTEX_SCAN_GOROOT=1 to compare on all of $GOROOT/src")
	}
	paths, srcs, _ := goFiles(t, filepath.Join(runtime.GOROOT(), "src"))
	for i, src := range srcs {
		sameExtraction(t, paths[i], src)
	}
}

// FuzzGoWalk checks that the walk and the query extract the same from any
// input.
func FuzzGoWalk(f *testing.F) {
	for _, src := range walkCases {
		f.Add([]byte(src))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "go", "*.go"))
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		sameExtraction(t, "input", src)
	})
}

// BenchmarkGoExtract parses the standard library's net/http with the walk
// and with the tags query it replaces, reporting MB/s.
func BenchmarkGoExtract(b *testing.B) {
	paths, srcs, size := goFiles(b, filepath.Join(runtime.GOROOT(), "src", "net", "http"))
	for _, mode := range []string{"walk", "query"} {
		b.Run(mode, func(b *testing.B) {
			p := NewParser()
			defer p.Close()
			p.queryOnly = mode == "query"
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				for i, src := range srcs {
					if _, err := p.Parse(context.Background(), "go", paths[i], src); err != nil && !errors.Is(err, ErrSyntax) {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkGoWalkOnly extracts net/http's files from trees parsed once,
// reporting MB/s: the walk and extraction alone, which the parse hides in
// BenchmarkGoExtract.
func BenchmarkGoWalkOnly(b *testing.B) {
	_, srcs, size := goFiles(b, filepath.Join(runtime.GOROOT(), "src", "net", "http"))
	sp := sitter.NewParser()
	defer sp.Close()
	sp.SetLanguage(langByName["go"].grammar())
	trees := make([]*sitter.Tree, len(srcs))
	for i, src := range srcs {
		t, err := sp.ParseCtx(context.Background(), nil, src)
		if err != nil {
			b.Fatal(err)
		}
		defer t.Close()
		trees[i] = t
	}
	p := NewParser()
	defer p.Close()
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for i, t := range trees {
			if err := extractGo(nodeOf(t.RootNode()), srcs[i], &p.walk, &p.tags, &ParsedFile{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
