package query

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/graph"
)

func TestClassify(t *testing.T) {
	s := testStore(t)
	for _, n := range []graph.Node{
		{ID: graph.FileID("pkg/apis/v1/nodepool.go"), Kind: graph.KindFile, Name: "nodepool.go", Path: "pkg/apis/v1/nodepool.go"},
		{ID: graph.SymbolID("pkg/build/make.go", "Makefile"), Kind: graph.KindFunction, Name: "Makefile", Qualified: "example.com/build.Makefile", Path: "pkg/build/make.go", Line: 1},
	} {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	for _, f := range []string{"go.mod", "Makefile", "LICENSE", "docs/x.md"} {
		os.MkdirAll(filepath.Dir(filepath.Join(root, f)), 0o755)
		if err := os.WriteFile(filepath.Join(root, f), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, text, kind, file string
	}{
		{"indexed file", "pkg/apis/v1/nodepool.go", KindFile, "pkg/apis/v1/nodepool.go"},
		{"dot slash", "./pkg/apis/v1/nodepool.go", KindFile, "pkg/apis/v1/nodepool.go"},
		{"absolute under root", filepath.Join(root, "docs/x.md"), KindFile, "docs/x.md"},
		{"file on disk, not indexed", "go.mod", KindFile, "go.mod"},
		{"bare word naming a file only", "LICENSE", KindFile, "LICENSE"},
		{"bare word naming a symbol too", "Makefile", KindSymbol, ""},
		{"missing file stays a symbol query", "pkg/apis/v1/gone.go", KindSymbol, ""},
		{"qualified name", "v1.Budget.IsActive", KindSymbol, ""},
		{"stable id", "pkg/apis/v1/nodepool.go::Budget", KindSymbol, ""},
		{"unknown symbol", "Budgte", KindSymbol, ""},
		{"question", "why use TOML for config?", KindQuestion, ""},
		{"question without mark", "why was dynamic loading rejected", KindQuestion, ""},
		{"escape from root", "../etc/passwd", KindSymbol, ""},
		{"malformed symbol", "a..b", KindSymbol, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kind, file := Classify(s, tt.text, root)
			if kind != tt.kind || file != tt.file {
				t.Errorf("Classify(%q) = %s %q, want %s %q", tt.text, kind, file, tt.kind, tt.file)
			}
		})
	}
}
