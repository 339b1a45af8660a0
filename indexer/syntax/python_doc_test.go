package syntax

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// pythonDocQuery is queries/python.scm with each definition's docstring
// found by the query, as it was before Language.bodyDoc: the reference
// bodyDocOf is held to.
var pythonDocQuery = sync.OnceValues(func() (*tagsQuery, error) {
	src, err := queryFiles.ReadFile("queries/python.scm")
	if err != nil {
		return nil, err
	}
	s := string(src)
	for _, kind := range []string{"class", "interface", "function"} {
		def := ") @definition." + kind + "\n"
		if strings.Count(s, def) != 1 {
			return nil, &os.PathError{Op: "find " + strings.TrimSpace(def), Path: "queries/python.scm", Err: fs.ErrNotExist}
		}
		s = strings.Replace(s, def, "\n  body: (block . (expression_statement (string) @doc)?)"+def, 1)
	}
	return compileTagsQuery([]byte(s), langByName["python"].grammar())
})

// pythonDocCases are the shapes of a docstring, and of what is not one.
var pythonDocCases = map[string]string{
	"function":      "def f():\n    \"\"\"Does f.\n\n    More.\n    \"\"\"\n    return 1\n",
	"class":         "class C:\n    'A C.'\n    def m(self):\n        r'''Raw.'''\n",
	"interface":     "class P(Protocol):\n    \"\"\"A protocol.\"\"\"\n    def m(self) -> int: ...\n",
	"abc":           "import abc\nclass B(abc.ABC, Other):\n    \"\"\"Base.\"\"\"\n",
	"notFirst":      "def f():\n    x = 1\n    \"\"\"Not a docstring.\"\"\"\n",
	"commentFirst":  "def f():\n    # a comment\n    \"\"\"Doc after a comment.\"\"\"\n",
	"commentAfter":  "def f():\n    \"\"\"Doc.\"\"\"  # a comment\n    pass\n",
	"concatenated":  "def f():\n    \"a\" \"b\"\n",
	"tuple":         "def f():\n    \"a\", \"b\"\n",
	"tupleMixed":    "def f():\n    x, \"b\"\n",
	"fstring":       "def f():\n    f\"doc {x}\"\n",
	"bytes":         "def f():\n    b'doc'\n",
	"oneLine":       "def f(): \"doc\"\nclass C: 'doc'; x = 1\n",
	"semicolon":     "def f():\n    \"doc\"; x = 1\n",
	"decorated":     "@dec\ndef f():\n    \"\"\"Doc.\"\"\"\n@dec\nclass C:\n    \"\"\"Doc.\"\"\"\n",
	"nested":        "class A:\n    \"\"\"A.\"\"\"\n    class B:\n        \"\"\"B.\"\"\"\n        def m(self):\n            \"\"\"M.\"\"\"\n            def inner():\n                \"\"\"Inner.\"\"\"\n",
	"async":         "async def f():\n    \"\"\"Async.\"\"\"\n    await g()\n",
	"empty":         "def f():\n    pass\nclass C: ...\n",
	"docOnly":       "def f():\n    \"\"\"Only a doc.\"\"\"\n",
	"assignment":    "X = 1\n\"\"\"Not the doc of X.\"\"\"\n",
	"syntaxError":   "def f(:\n    \"\"\"Doc?\"\"\"\nclass C(\n    'x'\n",
	"noBody":        "def f()\nclass C\n",
	"parenthesized": "def f():\n    (\"\"\"Doc in parentheses.\"\"\")\n",
	"call":          "def f():\n    print(\"not a doc\")\n",
}

// parsePython extracts src with l's settings and query q.
func parsePython(t testing.TB, l *Language, q *tagsQuery, src []byte) (*ParsedFile, error) {
	t.Helper()
	p := NewParser()
	defer p.Close()
	pf := &ParsedFile{Path: "f.py", Lang: "python"}
	if len(src) == 0 {
		return pf, nil
	}
	_, err := p.query(context.Background(), l, q, src, pf)
	return pf, err
}

func samePythonDocs(t testing.TB, name string, src []byte) {
	t.Helper()
	ref, err := pythonDocQuery()
	if err != nil {
		t.Fatal(err)
	}
	l := langByName["python"]
	q, err := l.query()
	if err != nil {
		t.Fatal(err)
	}
	byQuery := *l
	byQuery.bodyDoc = false
	got, gerr := parsePython(t, l, q, src)
	want, werr := parsePython(t, &byQuery, ref, src)
	if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
		t.Errorf("%s: error %v, by the query %v", name, gerr, werr)
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: bodyDoc and the query differ\nbodyDoc:\n%s\nquery:\n%s", name, listing(got), listing(want))
	}
}

// TestPythonBodyDocMatchesQuery holds bodyDocOf to the query pattern it
// replaces: one ParsedFile from both on every shape of pythonDocCases and
// on the Python fixtures.
func TestPythonBodyDocMatchesQuery(t *testing.T) {
	for name, src := range pythonDocCases {
		samePythonDocs(t, name, []byte(src))
	}
	var docs int
	err := filepath.WalkDir(filepath.Join("testdata", "lang", "python"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".py") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pf, _ := parsePython(t, langByName["python"], must(langByName["python"].query()), src)
		for _, s := range pf.Symbols {
			if s.Doc != "" {
				docs++
			}
		}
		samePythonDocs(t, path, src)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if docs == 0 {
		t.Error("the Python fixtures hold no docstring: nothing compared")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestPythonBodyDocTree compares bodyDocOf with the query on every Python
// file under $GORTEX_SCAN_PYTHON; it runs only when that is set.
func TestPythonBodyDocTree(t *testing.T) {
	root := os.Getenv("GORTEX_SCAN_PYTHON")
	if root == "" {
		t.Skip("set GORTEX_SCAN_PYTHON to a tree to compare on its Python files")
	}
	var n int
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || LanguageOf(path) != langByName["python"] || !d.Type().IsRegular() {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		samePythonDocs(t, path, src)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d Python files compared", n)
}

// FuzzPythonBodyDoc checks that bodyDocOf and the query extract the same
// from any input.
func FuzzPythonBodyDoc(f *testing.F) {
	for _, src := range pythonDocCases {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		samePythonDocs(t, "input", src)
	})
}
