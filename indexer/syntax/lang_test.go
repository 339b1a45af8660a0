package syntax_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/indexer/syntax"
)

// buildLang indexes a copy of testdata/lang/<lang>, the language's fixture
// tree, and returns its store.
func buildLang(t *testing.T, lang string) *graph.Store {
	t.Helper()
	src := filepath.Join("testdata", "lang", lang)
	if _, err := os.Stat(src); err != nil {
		t.Fatalf("no fixture for %s: %v", lang, err)
	}
	root := filepath.Join(t.TempDir(), lang)
	if err := os.CopyFS(root, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	idx, st, err := indexer.Build(context.Background(), root, indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range st.Broken {
		t.Errorf("broken: %s: %s", b.Path, b.Reason)
	}
	return graphtest.Checked(t, idx.Store)
}

// symbolListing renders a store's symbols as stable text, one per line in
// file and line order: kind, qualified name, path:lines, stable ID and the
// container that contains it; then every calls edge.
func symbolListing(s *graph.Store) string {
	var syms []*graph.Node
	for n := range s.Nodes() {
		if n.Kind.IsSymbol() {
			syms = append(syms, n)
		}
	}
	slices.SortFunc(syms, func(a, b *graph.Node) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return strings.Compare(string(a.ID), string(b.ID))
	})
	var sb strings.Builder
	var calls []string
	for _, n := range syms {
		in := "?"
		if c, ok := s.Container(n.ID); ok {
			in = string(c.ID)
		}
		fmt.Fprintf(&sb, "%-9s %s  %s:%d-%d  id=%s  in=%s\n", n.Kind, n.Qualified, n.Path, n.Line, n.EndLine, n.ID, in)
		if doc, _, _ := strings.Cut(n.Text, "\n"); doc != "" {
			fmt.Fprintf(&sb, "          // %s\n", doc)
		}
		for _, e := range s.Out(n.ID, graph.EdgeCalls) {
			calls = append(calls, fmt.Sprintf("call %s -> %s", n.ID, e.To))
		}
	}
	slices.Sort(calls)
	for _, c := range calls {
		sb.WriteString(c + "\n")
	}
	return sb.String()
}

// TestLangGolden indexes each language's fixture and compares its symbols
// with testdata/lang/<lang>.golden:
//
//	go test ./indexer/syntax -run Lang -update
func TestLangGolden(t *testing.T) {
	for _, lang := range syntax.Languages() {
		if lang == "go" { // Go has its own golden files under testdata/go
			continue
		}
		t.Run(lang, func(t *testing.T) {
			got := symbolListing(buildLang(t, lang))
			golden := filepath.Join("testdata", "lang", lang+".golden")
			if *syntax.UpdateGolden {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s mismatch (run with -update to accept)\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}

// garbage is input that no grammar accepts: parsing it must not panic, and
// whatever is recovered must be sane.
var garbage = [][]byte{
	nil,
	[]byte("\x00\x01\x02\xff\xfe"),
	[]byte("}}}{{{)))((("),
	[]byte("class def fn func impl module namespace struct {"),
	[]byte("\"unterminated 'string `template ${"),
	[]byte("/* never closed"),
	[]byte(strings.Repeat("(", 2000)),
	[]byte(strings.Repeat("class A { ", 300)),
	[]byte("def f(:\n  class\n\tend end end\n"),
	[]byte("\xef\xbb\xbfnamespace \xc3\x28 { class \xa0\xa1 {} }"),
}

// TestLangGarbage parses garbage and every other language's fixture in each
// language.
func TestLangGarbage(t *testing.T) {
	inputs := slices.Clone(garbage)
	for _, lang := range syntax.Languages() {
		files, _ := filepath.Glob(filepath.Join("testdata", "lang", lang, "*", "*"))
		more, _ := filepath.Glob(filepath.Join("testdata", "lang", lang, "*"))
		for _, f := range append(files, more...) {
			if src, err := os.ReadFile(f); err == nil {
				inputs = append(inputs, src)
			}
		}
	}
	p := syntax.NewParser()
	defer p.Close()
	for _, lang := range syntax.Languages() {
		for _, src := range inputs {
			checkParse(t, p, lang, src)
		}
	}
}

// checkParse parses src as lang and checks the result's invariants.
func checkParse(t *testing.T, p *syntax.Parser, lang string, src []byte) {
	t.Helper()
	pf, err := p.Parse(context.Background(), lang, "f.x", src)
	if err != nil {
		// Unparsable, or over a budget (a grammar that runs away on a few
		// bytes): either is the file reported and skipped.
		if !errors.Is(err, syntax.ErrSyntax) && !errors.Is(err, syntax.ErrTooComplex) {
			t.Fatalf("%s: Parse(%.40q) error = %v", lang, src, err)
		}
		return
	}
	for _, s := range pf.Symbols {
		if s.Line < 1 || s.EndLine < s.Line || s.Name == "" || !s.Kind.IsSymbol() {
			t.Fatalf("%s: Parse(%.40q): bad symbol %+v", lang, src, s)
		}
	}
	for _, c := range pf.Calls {
		if c.Caller == "" || c.Name == "" {
			t.Fatalf("%s: Parse(%.40q): bad call %+v", lang, src, c)
		}
	}
}

// TestParserReuse checks that a Parser, which reuses its working memory
// from file to file, gives each file what a new Parser gives it, whatever
// it parsed before: every fixture of every language, forwards and then
// backwards with one Parser.
func TestParserReuse(t *testing.T) {
	type input struct {
		lang, path string
		src        []byte
	}
	var inputs []input
	add := func(lang, dir string) {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				inputs = append(inputs, input{lang, filepath.ToSlash(path), src})
			}
			return nil
		})
	}
	for _, lang := range syntax.Languages() {
		add(lang, filepath.Join("testdata", "lang", lang))
	}
	add("go", filepath.Join("testdata", "go"))
	parse := func(p *syntax.Parser, in input) string {
		pf, err := p.Parse(context.Background(), in.lang, in.path, in.src)
		return fmt.Sprintf("%+v %v", pf, err)
	}
	want := make([]string, len(inputs))
	for i, in := range inputs {
		p := syntax.NewParser()
		want[i] = parse(p, in)
		p.Close()
	}
	p := syntax.NewParser()
	defer p.Close()
	order := make([]int, 0, 2*len(inputs))
	for i := range inputs {
		order = append(order, i)
	}
	for i := range inputs {
		order = append(order, len(inputs)-1-i)
	}
	for _, i := range order {
		if got := parse(p, inputs[i]); got != want[i] {
			t.Errorf("%s as %s, after other files:\n%s\nwant\n%s", inputs[i].path, inputs[i].lang, got, want[i])
		}
	}
	if len(inputs) < 20 {
		t.Fatalf("only %d fixtures found", len(inputs))
	}
}

// FuzzLangParser parses arbitrary input in every language.
func FuzzLangParser(f *testing.F) {
	for _, g := range garbage {
		f.Add(g)
	}
	f.Add([]byte("class A:\n  def f(self): g()\n"))
	f.Add([]byte("namespace n { struct S { void f() { g(); } }; }"))
	p := syntax.NewParser()
	defer p.Close()
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, lang := range syntax.Languages() {
			checkParse(t, p, lang, src)
		}
	})
}

// TestLangSmoke indexes the tree named by GORTEX_SMOKE_DIR (it writes
// .gortex/ there) and logs the files and symbols per language and the
// time taken.
func TestLangSmoke(t *testing.T) {
	root := os.Getenv("GORTEX_SMOKE_DIR")
	if root == "" {
		t.Skip("set GORTEX_SMOKE_DIR to index a tree")
	}
	idx, st, err := indexer.Build(context.Background(), root, indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	syms := map[string]int{}
	kinds := map[string]map[graph.NodeKind]int{}
	for n := range idx.Store.Nodes() {
		if n.Kind.IsSymbol() {
			syms[n.Lang]++
			if kinds[n.Lang] == nil {
				kinds[n.Lang] = map[graph.NodeKind]int{}
			}
			kinds[n.Lang][n.Kind]++
		}
	}
	for _, lang := range slices.Sorted(maps.Keys(st.FilesByLang)) {
		t.Logf("%-12s %6d files %7d symbols %v", lang, st.FilesByLang[lang], syms[lang], kinds[lang])
	}
	t.Logf("%d symbols, %d broken files, in %v; %s", st.Symbols, len(st.Broken), st.Duration.Round(time.Millisecond), syntax.RSS())
	for i, b := range st.Broken {
		if i < 10 {
			t.Logf("broken: %s: %s", b.Path, b.Reason)
		}
	}
}

// TestLangUpdate re-indexes a changed Python file: its symbols and in-file
// calls are replaced, the other files' are kept.
func TestLangUpdate(t *testing.T) {
	root := filepath.Join(t.TempDir(), "python")
	if err := os.CopyFS(root, os.DirFS(filepath.Join("testdata", "lang", "python"))); err != nil {
		t.Fatal(err)
	}
	if _, _, err := indexer.Build(context.Background(), root, indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	models := filepath.Join(root, "shop", "models.py")
	src, err := os.ReadFile(models)
	if err != nil {
		t.Fatal(err)
	}
	src = []byte(strings.ReplaceAll(string(src), "_changed", "_touched"))
	if err := os.WriteFile(models, src, 0o644); err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(time.Minute) // a new mtime even on coarse clocks
	if err := os.Chtimes(models, future, future); err != nil {
		t.Fatal(err)
	}
	idx, st, err := indexer.Update(context.Background(), root, indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := idx.Store
	if st.Changed != 1 {
		t.Errorf("changed %d files, want 1", st.Changed)
	}
	if s.Has("shop/models.py::Cart._changed") || !s.Has("shop/models.py::Cart._touched") {
		t.Errorf("Cart._changed not replaced by Cart._touched")
	}
	if !s.Has("shop/__init__.py::version") {
		t.Errorf("unchanged file lost its symbols")
	}
	if e, ok := s.EdgeBetween("shop/models.py::Cart.add", "shop/models.py::Cart._touched"); !ok || !e.Kinds.Has(graph.EdgeCalls) {
		t.Errorf("Cart.add does not call Cart._touched after the update")
	}
	if n, ok := s.Node("shop/models.py::Cart._touched"); !ok || n.Qualified != "shop.models.Cart._touched" {
		t.Errorf("qualified name after update: %+v", n)
	}
}
