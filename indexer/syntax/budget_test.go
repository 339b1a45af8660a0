package syntax

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	sitter "github.com/smacker/go-tree-sitter"
)

// nested writes n levels of open(i), inner, then n of closing.
func nested(n int, open func(int) string, inner, closing string) []byte {
	var b strings.Builder
	for i := range n {
		b.WriteString(open(i))
	}
	b.WriteString(inner)
	b.WriteString(strings.Repeat(closing, n))
	return []byte(b.String())
}

// deepInputs are files whose shape, not size, made parsing quadratic.
var deepInputs = []struct {
	name, lang string
	src        func(n int) []byte
}{
	{"bash unclosed braces", "bash", func(n int) []byte { return []byte("f() " + strings.Repeat("{ ", n) + "\n") }},
	{"csharp namespaces", "csharp", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("namespace N%d {\n", i) }, "class C { void M() {} }\n", "}\n")
	}},
	{"csharp classes", "csharp", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("class C%d {\n", i) }, "void M() {}\n", "}\n")
	}},
	{"cpp namespaces", "cpp", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("namespace N%d {\n", i) }, "class C { void m(); };\n", "}\n")
	}},
	{"java classes", "java", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("class C%d {\n", i) }, "void m() {}\n", "}\n")
	}},
	{"ruby modules", "ruby", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("module M%d\n", i) }, "def m; end\n", "end\n")
	}},
	{"elixir modules", "elixir", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("defmodule M%d do\n", i) }, "def m, do: 1\n", "end\n")
	}},
	{"swift classes", "swift", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("class C%d {\n", i) }, "func m() {}\n", "}\n")
	}},
	{"ocaml modules", "ocaml", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("module M%d = struct\n", i) }, "let m x = x\n", "end\n")
	}},
	{"protobuf messages", "protobuf", func(n int) []byte {
		return append([]byte("syntax = \"proto3\";\n"), nested(n, func(i int) string { return fmt.Sprintf("message M%d {\n", i) }, "int32 x = 1;\n", "}\n")...)
	}},
	{"scala objects", "scala", func(n int) []byte {
		return nested(n, func(i int) string { return fmt.Sprintf("object O%d {\n", i) }, "def m = 1\n", "}\n")
	}},
}

// TestDeepNestingIsTooComplex parses each deep input at 10,000 levels
// (100,000 for the braces): each is over a budget and refused with
// ErrTooComplex, and the same shape within the budgets parses.
func TestDeepNestingIsTooComplex(t *testing.T) {
	p := NewParser()
	defer p.Close()
	for _, in := range deepInputs {
		t.Run(in.name, func(t *testing.T) {
			n := 10_000
			if in.lang == "bash" {
				n = 100_000
			}
			_, err := p.Parse(context.Background(), in.lang, "deep", in.src(n))
			if !errors.Is(err, ErrTooComplex) {
				t.Errorf("%d levels: %v, want ErrTooComplex", n, err)
			}
			shallow := 8
			pf, err := p.Parse(context.Background(), in.lang, "shallow", in.src(shallow))
			if err != nil && in.lang != "bash" {
				t.Errorf("%d levels: %v", shallow, err)
			}
			if in.lang != "bash" && len(pf.Symbols) == 0 {
				t.Errorf("%d levels: no symbols", shallow)
			}
		})
	}
}

func TestSymbolBudget(t *testing.T) {
	p := NewParser()
	defer p.Close()
	var b strings.Builder
	b.WriteString("package p\n\nconst (\n")
	for i := range maxSymbols + 1 {
		fmt.Fprintf(&b, "\tC%d = %d\n", i, i)
	}
	b.WriteString(")\n")
	if _, err := p.Parse(context.Background(), "go", "many.go", []byte(b.String())); !errors.Is(err, ErrTooComplex) {
		t.Errorf("%d constants: %v, want ErrTooComplex", maxSymbols+1, err)
	}
}

// BenchmarkDeepNesting parses each deep input at the sizes of the report
// that found them: 500,000 unclosed braces (1 MB of .sh), 10,000 levels
// elsewhere.
func BenchmarkDeepNesting(b *testing.B) {
	p := NewParser()
	defer p.Close()
	for _, in := range deepInputs {
		n := 10_000
		if in.lang == "bash" {
			n = 500_000
		}
		src := in.src(n)
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := p.Parse(context.Background(), in.lang, "deep", src); !errors.Is(err, ErrTooComplex) {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestCursorStartDepth checks that the query cursor's start depth can be
// set (cursor_depth.go reaches into go-tree-sitter's QueryCursor), and
// that it keeps a query over valid deep nesting from costing the square
// of the depth: with it, the query over 40,000 nested classes visits only
// the top maxStartDepth levels, so it finds as few matches as over 1,000.
func TestCursorStartDepth(t *testing.T) {
	if !handleOK {
		t.Fatal("go-tree-sitter's QueryCursor changed layout: the query start depth is not set (see cursor_depth.go)")
	}
	l := langByName["csharp"]
	q, err := l.query()
	if err != nil {
		t.Fatal(err)
	}
	matches := func(n int) int {
		src := deepInputs[2].src(n) // csharp classes
		sp := sitter.NewParser()
		defer sp.Close()
		sp.SetLanguage(l.grammar())
		tree, err := sp.ParseCtx(context.Background(), nil, src)
		if err != nil {
			t.Fatal(err)
		}
		defer tree.Close()
		cur := sitter.NewQueryCursor()
		defer cur.Close()
		limitStartDepth(cur)
		cur.Exec(q.q, tree.RootNode())
		count := 0
		for _, ok := cur.NextMatch(); ok; _, ok = cur.NextMatch() {
			count++
		}
		return count
	}
	if small, large := matches(1_000), matches(40_000); large != small || large > maxStartDepth {
		t.Errorf("matches over 1,000 and 40,000 nested classes: %d and %d, want the same, at most %d", small, large, maxStartDepth)
	}
}

func TestParseBudget(t *testing.T) {
	for _, tc := range []struct {
		bytes int
		want  time.Duration
	}{
		{0, parseFloor},
		{28, parseFloor + 28*parsePerByte},
		{100_000, parseFloor + 500*time.Millisecond},
		{2 << 20, parseTimeout},
		{1 << 40, parseTimeout},
	} {
		if got := parseBudget(tc.bytes); got != tc.want {
			t.Errorf("parseBudget(%d) = %v, want %v", tc.bytes, got, tc.want)
		}
	}
}

// TestRunawayParse: a few bytes on which a grammar's error recovery runs
// away (Swift's, found by FuzzLangParser) cost the budget of a few bytes,
// not the 10 s of a large file, and are reported as too complex.
func TestRunawayParse(t *testing.T) {
	p := NewParser()
	defer p.Close()
	src := []byte("a astruct A {00A0 a() {a()")
	start := time.Now()
	_, err := p.Parse(context.Background(), "swift", "runaway.swift", src)
	took := time.Since(start)
	if !errors.Is(err, ErrTooComplex) {
		t.Skipf("the Swift grammar parsed %q in %v: no runaway to bound (%v)", src, took, err)
	}
	// Far below parseTimeout, with room for a loaded machine.
	if took > parseTimeout/2 {
		t.Errorf("the runaway parse of %d bytes took %v, want about %v", len(src), took, parseBudget(len(src)))
	}
}
