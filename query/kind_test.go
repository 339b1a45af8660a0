package query

import (
	"os"
	"path/filepath"
	"slices"
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
	apis := filepath.Join(root, "pkg", "apis")
	tests := []struct {
		name, text, kind, file string
		wd                     string // the working directory; "" for none
	}{
		{name: "indexed file", text: "pkg/apis/v1/nodepool.go", kind: KindFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "from a subdirectory", text: "v1/nodepool.go", wd: apis, kind: KindFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "dot slash from a subdirectory", text: "./v1/nodepool.go", wd: apis, kind: KindFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "dot dot from a subdirectory", text: "../../docs/x.md", wd: apis, kind: KindFile, file: "docs/x.md"},
		{name: "root-relative from a subdirectory", text: "go.mod", wd: apis, kind: KindFile, file: "go.mod"},
		{name: "root-relative from a subdirectory, indexed", text: "pkg/apis/v1/nodepool.go", wd: apis, kind: KindFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "dot slash is the working directory only", text: "./go.mod", wd: apis, kind: KindFile, file: ""},
		{name: "working directory outside root", text: "v1/nodepool.go", wd: t.TempDir(), kind: KindFile, file: ""},
		{name: "dot slash", text: "./pkg/apis/v1/nodepool.go", kind: KindFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "absolute under root", text: filepath.Join(root, "docs/x.md"), kind: KindFile, file: "docs/x.md"},
		{name: "file on disk, not indexed", text: "go.mod", kind: KindFile, file: "go.mod"},
		{name: "bare word naming a file only", text: "LICENSE", kind: KindFile, file: "LICENSE"},
		{name: "bare word naming a symbol too", text: "Makefile", kind: KindSymbol},
		{name: "missing file with an indexed extension", text: "pkg/apis/v1/gone.go", kind: KindFile, file: ""},
		{name: "missing file under ./", text: "./gone", kind: KindFile, file: ""},
		{name: "qualified name", text: "v1.Budget.IsActive", kind: KindSymbol},
		{name: "qualified name ending like no file", text: "example.com/build.Makefile", kind: KindSymbol},
		{name: "stable id", text: "pkg/apis/v1/nodepool.go::Budget", kind: KindSymbol},
		{name: "unknown symbol", text: "Budgte", kind: KindSymbol},
		{name: "question", text: "why use TOML for config?", kind: KindQuestion},
		{name: "question without mark", text: "why was dynamic loading rejected", kind: KindQuestion},
		{name: "escape from root", text: "../etc/passwd", kind: KindFile, file: ""},
		{name: "malformed symbol", text: "a..b", kind: KindSymbol},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kind, file := Classify(s, tt.text, root, tt.wd)
			if kind != tt.kind || file != tt.file {
				t.Errorf("Classify(%q) = %s %q, want %s %q", tt.text, kind, file, tt.kind, tt.file)
			}
		})
	}
}

func TestSuggestPaths(t *testing.T) {
	s := testStore(t)
	for _, p := range []string{"balancer/pickfirst/pickfirst.go", "balancer/roundrobin/roundrobin.go", "internal/pickfirst.go", "docs/design.md"} {
		if err := s.AddNode(graph.Node{ID: graph.FileID(p), Kind: graph.KindFile, Name: filepath.Base(p), Path: p}); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		tried []string
		want  []string
	}{
		{"a tail of the path first, then the same name", []string{"pickfirst/pickfirst.go"}, []string{"balancer/pickfirst/pickfirst.go", "internal/pickfirst.go"}},
		{"a typo", []string{"docs/desing.md"}, []string{"docs/design.md"}},
		{"nothing near", []string{"zzz/qqq.rs"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SuggestPaths(s, tt.tried, 5); !slices.Equal(got, tt.want) {
				t.Errorf("SuggestPaths(%q) = %q, want %q", tt.tried, got, tt.want)
			}
		})
	}
}
