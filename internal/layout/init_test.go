package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// heavyInit names the calls that must not run while a package is
// initialised: compiling a regular expression or a template, parsing the
// build information. Every run of gortex pays for them before main, for
// `gortex version` too; what one command needs is made on first use
// (textutil.Regexp, sync.OnceValue).
var heavyInit = map[string]bool{
	"regexp.MustCompile": true, "regexp.Compile": true, "regexp.MustCompilePOSIX": true, "regexp.CompilePOSIX": true,
	"template.Must": true, "template.New": true, "debug.ReadBuildInfo": true,
}

// TestNoHeavyInit reads every non-test Go file of the module and fails on
// a package-level variable whose initialiser makes one of the heavyInit
// calls, directly or in a function literal called on the spot. A function
// literal handed to sync.OnceValue (or kept to call later) is not run at
// initialisation and may make them.
func TestNoHeavyInit(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".") || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					for _, call := range initCalls(v) {
						rel, _ := filepath.Rel(root, fset.Position(call.Pos()).Filename)
						t.Errorf("%s:%d: %s runs at package initialisation; make it on first use (textutil.Regexp, sync.OnceValue)",
							rel, fset.Position(call.Pos()).Line, callName(call))
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d Go files read", files)
	}
}

// initCalls returns the heavyInit calls that evaluating e runs: those in
// e, and in function literals e calls on the spot, but not in function
// literals it only passes or keeps.
func initCalls(e ast.Expr) []*ast.CallExpr {
	var out []*ast.CallExpr
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false // not run now; a literal called now is entered below
		case *ast.CallExpr:
			if heavyInit[callName(x)] {
				out = append(out, x)
			}
			if lit, ok := x.Fun.(*ast.FuncLit); ok {
				ast.Inspect(lit.Body, visit)
			}
		}
		return true
	}
	ast.Inspect(e, visit)
	return out
}

// callName is "pkg.Func" for a call of a package's function, else "".
func callName(c *ast.CallExpr) string {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return id.Name + "." + sel.Sel.Name
}

// TestInitCalls holds initCalls to what runs at initialisation.
func TestInitCalls(t *testing.T) {
	tests := []struct {
		src  string
		want int
	}{
		{`regexp.MustCompile("a")`, 1},
		{`textutil.Regexp("a")`, 0},
		{`sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("a") })`, 0},
		{`func() *regexp.Regexp { return regexp.MustCompile("a") }()`, 1},
		{`[]*regexp.Regexp{regexp.MustCompile("a"), regexp.MustCompile("b")}`, 2},
		{`template.Must(template.New("t").Parse("x"))`, 2},
		{`map[string]func() bool{"a": func() bool { return regexp.MustCompile("a") != nil }}`, 0},
		{`cmp.Or(stamped, func() string { bi, _ := debug.ReadBuildInfo(); return bi.Path }())`, 1},
	}
	for _, tt := range tests {
		e, err := parser.ParseExpr(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(initCalls(e)); got != tt.want {
			t.Errorf("initCalls(%s) = %d calls, want %d", tt.src, got, tt.want)
		}
	}
}
