package syntax

import (
	"embed"
	"fmt"
	"path"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/bash"
	"github.com/smacker/go-tree-sitter/c"
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/smacker/go-tree-sitter/csharp"
	"github.com/smacker/go-tree-sitter/elixir"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/hcl"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/kotlin"
	"github.com/smacker/go-tree-sitter/lua"
	"github.com/smacker/go-tree-sitter/ocaml"
	"github.com/smacker/go-tree-sitter/php"
	"github.com/smacker/go-tree-sitter/protobuf"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/ruby"
	"github.com/smacker/go-tree-sitter/rust"
	"github.com/smacker/go-tree-sitter/scala"
	"github.com/smacker/go-tree-sitter/swift"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// Language is one source language symbols are extracted from: a
// tree-sitter grammar, the tags query queries/<Name>.scm, and how its
// qualified names are written. Adding a language is a query file, a line in
// languages and a fixture under testdata/lang.
type Language struct {
	Name    string   // indexer.WalkedFile.Lang and graph.Node.Lang: "python"
	Exts    []string // file extensions, lower case with the dot
	grammar func() *sitter.Language
	naming  Naming
	// queries names the query files when they are not just Name: a grammar
	// that extends another (TypeScript extends JavaScript) runs the base
	// language's query followed by its own.
	queries []string
	// clauses is set for a language whose functions are written as several
	// clauses, one definition each (Elixir): adjacent definitions of one
	// name in one container are one symbol, not overloads.
	clauses bool
	// bodyDoc is set for a language whose definitions are documented by a
	// string that opens their body (a Python docstring): it is read from
	// the tree once a definition matches (bodyDocOf), not by the query,
	// where the nested pattern that found it was half the query's compile
	// time, paid by every process that parses a file of the language.
	bodyDoc bool

	query func() (*tagsQuery, error) // compiled on first use, once per process
}

// languages is the registry. Extensions shared by two languages go to the
// first listed; ".h" is C++, as in Universal Ctags, because the C++ grammar
// also reads C headers.
var languages = []*Language{
	{Name: "go", Exts: []string{".go"}, grammar: golang.GetLanguage, naming: Naming{module: moduleImport, sep: "."}},
	{Name: "python", Exts: []string{".py", ".pyi"}, grammar: python.GetLanguage, naming: Naming{module: modulePython, sep: "."}, bodyDoc: true},
	{Name: "javascript", Exts: []string{".js", ".jsx", ".mjs", ".cjs"}, grammar: javascript.GetLanguage, naming: Naming{module: modulePath, sep: "."}, queries: []string{"ecmascript", "javascript"}},
	{Name: "typescript", Exts: []string{".ts", ".mts", ".cts"}, grammar: typescript.GetLanguage, naming: Naming{module: modulePath, sep: "."}, queries: []string{"ecmascript", "typescript"}},
	{Name: "tsx", Exts: []string{".tsx"}, grammar: tsx.GetLanguage, naming: Naming{module: modulePath, sep: "."}, queries: []string{"ecmascript", "typescript"}},
	{Name: "java", Exts: []string{".java"}, grammar: java.GetLanguage, naming: Naming{module: moduleDeclared, sep: "."}},
	{Name: "kotlin", Exts: []string{".kt", ".kts"}, grammar: kotlin.GetLanguage, naming: Naming{module: moduleDeclared, sep: "."}},
	{Name: "scala", Exts: []string{".scala", ".sc"}, grammar: scala.GetLanguage, naming: Naming{module: moduleDeclared, sep: "."}},
	{Name: "c", Exts: []string{".c"}, grammar: c.GetLanguage, naming: Naming{module: moduleNone, sep: "."}},
	{Name: "cpp", Exts: []string{".cc", ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp", ".hxx", ".h++", ".inl"}, grammar: cpp.GetLanguage, naming: Naming{module: moduleNone, sep: "::"}, queries: []string{"c", "cpp"}},
	{Name: "csharp", Exts: []string{".cs"}, grammar: csharp.GetLanguage, naming: Naming{module: moduleDeclared, sep: "."}},
	{Name: "rust", Exts: []string{".rs"}, grammar: rust.GetLanguage, naming: Naming{module: moduleRust, sep: "::"}},
	{Name: "ruby", Exts: []string{".rb", ".rake", ".gemspec"}, grammar: ruby.GetLanguage, naming: Naming{module: moduleNone, sep: "::", methodSep: "#"}},
	{Name: "php", Exts: []string{".php"}, grammar: php.GetLanguage, naming: Naming{module: moduleDeclared, sep: "::", moduleSep: `\`}},
	{Name: "swift", Exts: []string{".swift"}, grammar: swift.GetLanguage, naming: Naming{module: modulePath, sep: "."}},
	{Name: "lua", Exts: []string{".lua"}, grammar: lua.GetLanguage, naming: Naming{module: modulePath, sep: "."}},
	{Name: "elixir", Exts: []string{".ex", ".exs"}, grammar: elixir.GetLanguage, naming: Naming{module: moduleNone, sep: "."}, clauses: true},
	{Name: "ocaml", Exts: []string{".ml", ".mli"}, grammar: ocaml.GetLanguage, naming: Naming{module: moduleOCaml, sep: "."}},
	{Name: "bash", Exts: []string{".sh", ".bash"}, grammar: bash.GetLanguage, naming: Naming{module: modulePath, sep: "."}},
	{Name: "protobuf", Exts: []string{".proto"}, grammar: protobuf.GetLanguage, naming: Naming{module: moduleDeclared, sep: "."}},
	{Name: "hcl", Exts: []string{".hcl", ".tf", ".tfvars"}, grammar: hcl.GetLanguage, naming: Naming{module: modulePath, sep: "."}},
}

//go:embed queries/*.scm
var queryFiles embed.FS

var (
	langByName = map[string]*Language{}
	langByExt  = map[string]*Language{}
)

func init() {
	for _, l := range languages {
		l.query = sync.OnceValues(l.compile)
		langByName[l.Name] = l
		for _, ext := range l.Exts {
			if _, ok := langByExt[ext]; !ok {
				langByExt[ext] = l
			}
		}
	}
}

// compile compiles the language's tags query. A compiled query is immutable
// and tree-sitter allows sharing it between threads; only parsers and query
// cursors are per worker.
func (l *Language) compile() (*tagsQuery, error) {
	files := l.queries
	if files == nil {
		files = []string{l.Name}
	}
	var src []byte
	for _, f := range files {
		b, err := queryFiles.ReadFile("queries/" + f + ".scm")
		if err != nil {
			return nil, fmt.Errorf("tags query of %s: %w", l.Name, err)
		}
		src = append(append(src, b...), '\n')
	}
	tq, err := compileTagsQuery(src, l.grammar())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", l.Name, err)
	}
	return tq, nil
}

// Languages lists the names of the languages Parser parses, in the
// registry's order.
func Languages() []string {
	names := make([]string, len(languages))
	for i, l := range languages {
		names[i] = l.Name
	}
	return names
}

// LanguageOf returns the language of a file name by its extension, nil when
// none is registered.
func LanguageOf(name string) *Language {
	return langByExt[strings.ToLower(path.Ext(name))]
}

// NamingOf returns how the named language writes qualified names; for one
// not in the registry, the default (modulePath and ".").
func NamingOf(lang string) Naming {
	if l, ok := langByName[lang]; ok {
		return l.naming
	}
	return Naming{module: modulePath, sep: "."}
}
