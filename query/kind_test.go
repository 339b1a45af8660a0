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
		name, text, file string
		kind             TargetKind
		wd               string // the working directory; "" for none
	}{
		{name: "indexed file", text: "pkg/apis/v1/nodepool.go", kind: TargetFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "from a subdirectory", text: "v1/nodepool.go", wd: apis, kind: TargetFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "dot slash from a subdirectory", text: "./v1/nodepool.go", wd: apis, kind: TargetFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "dot dot from a subdirectory", text: "../../docs/x.md", wd: apis, kind: TargetFile, file: "docs/x.md"},
		{name: "root-relative from a subdirectory", text: "go.mod", wd: apis, kind: TargetFile, file: "go.mod"},
		{name: "root-relative from a subdirectory, indexed", text: "pkg/apis/v1/nodepool.go", wd: apis, kind: TargetFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "dot slash is the working directory only", text: "./go.mod", wd: apis, kind: TargetNoFile},
		{name: "working directory outside root", text: "v1/nodepool.go", wd: t.TempDir(), kind: TargetNoFile},
		{name: "dot slash", text: "./pkg/apis/v1/nodepool.go", kind: TargetFile, file: "pkg/apis/v1/nodepool.go"},
		{name: "absolute under root", text: filepath.Join(root, "docs/x.md"), kind: TargetFile, file: "docs/x.md"},
		{name: "file on disk, not indexed", text: "go.mod", kind: TargetFile, file: "go.mod"},
		{name: "bare word naming a file only", text: "LICENSE", kind: TargetFile, file: "LICENSE"},
		{name: "bare word naming a symbol too", text: "Makefile", kind: TargetSymbol},
		{name: "missing file with an indexed extension", text: "pkg/apis/v1/gone.go", kind: TargetNoFile},
		{name: "missing file under ./", text: "./gone", kind: TargetNoFile},
		{name: "qualified name", text: "v1.Budget.IsActive", kind: TargetSymbol},
		{name: "qualified name ending like no file", text: "example.com/build.Makefile", kind: TargetSymbol},
		{name: "stable id", text: "pkg/apis/v1/nodepool.go::Budget", kind: TargetSymbol},
		{name: "unknown symbol", text: "Budgte", kind: TargetUnknown},
		{name: "ambiguous symbol", text: "Budget.IsActive", kind: TargetAmbiguous},
		{name: "question", text: "why use TOML for config?", kind: TargetQuestion},
		{name: "question without mark", text: "why was dynamic loading rejected", kind: TargetQuestion},
		{name: "escape from root", text: "../etc/passwd", kind: TargetNoFile},
		{name: "malformed symbol", text: "a..b", kind: TargetBad},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Classify(s, tt.text, root, tt.wd)
			if got.Kind != tt.kind || got.Path != tt.file {
				t.Errorf("Classify(%q) = %d %q, want %d %q", tt.text, got.Kind, got.Path, tt.kind, tt.file)
			}
			if (got.Kind == TargetSymbol) != (got.Node != nil && got.Node.Kind.IsSymbol()) {
				t.Errorf("Classify(%q): kind %d with node %v", tt.text, got.Kind, got.Node)
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
