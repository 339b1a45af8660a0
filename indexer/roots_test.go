package indexer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/indexer/syntax"
)

func TestRoots(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		// A src layout: the modules are imported from below src/.
		"flaskish/pyproject.toml":      "[project]\nname = \"flaskish\"\n",
		"flaskish/src/flaskish/app.py": "",
		"flaskish/tests/test_app.py":   "",
		// A flat project in a subfolder: imported from its folder.
		"tools/gen/setup.py":    "",
		"tools/gen/gen/main.py": "",
		// Python next to Rust (maturin): python/ holds the Python package,
		// src/ the Rust crate.
		"fast/pyproject.toml":     "",
		"fast/Cargo.toml":         "[package]\nname = \"fast-core\"\n[lib]\nname = \"fastcore\"\n",
		"fast/src/lib.rs":         "",
		"fast/python/fast/api.py": "",
		// A workspace manifest names no crate; its members do.
		"Cargo.toml":                 "[workspace]\nmembers = [\"crates/*\"]\n",
		"crates/meta-srv/Cargo.toml": "[package]\nname = \"meta-srv\"\nversion.workspace = true\n",
		"crates/meta-srv/src/lib.rs": "",
		"crates/meta-srv/src/a/b.rs": "",
		"plain/mod.py":               "",
	}
	var walked []WalkedFile
	for p, body := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		class, lang := classify(p)
		walked = append(walked, WalkedFile{Path: p, Abs: abs, Class: class, Lang: lang})
	}
	r, bad := FindRoots(root, walked)
	if len(bad) > 0 {
		t.Fatalf("broken: %v", bad)
	}
	tests := []struct {
		file, lang string
		want       syntax.SourceRoot
		module     string
	}{
		{"flaskish/src/flaskish/app.py", "python", syntax.SourceRoot{Dir: "flaskish/src"}, "flaskish.app"},
		{"flaskish/tests/test_app.py", "python", syntax.SourceRoot{}, "flaskish.tests.test_app"},
		{"tools/gen/gen/main.py", "python", syntax.SourceRoot{Dir: "tools/gen"}, "gen.main"},
		{"fast/python/fast/api.py", "python", syntax.SourceRoot{Dir: "fast/python"}, "fast.api"},
		{"fast/src/lib.rs", "rust", syntax.SourceRoot{Dir: "fast", Crate: "fastcore"}, "fastcore"},
		{"crates/meta-srv/src/a/b.rs", "rust", syntax.SourceRoot{Dir: "crates/meta-srv", Crate: "meta_srv"}, "meta_srv::a::b"},
		{"plain/mod.py", "python", syntax.SourceRoot{}, "plain.mod"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got := r.For(tt.file, tt.lang)
			if got != tt.want {
				t.Errorf("For(%s) = %+v, want %+v", tt.file, got, tt.want)
			}
			if m := syntax.NamingOf(tt.lang).FileModule(tt.file, "", "", got); m != tt.module {
				t.Errorf("module of %s = %q, want %q", tt.file, m, tt.module)
			}
		})
	}
	t.Run("kept in the manifest", func(t *testing.T) {
		crates, python := r.record()
		again := NewRoots(crates, python)
		for _, tt := range tests {
			if got := again.For(tt.file, tt.lang); got != tt.want {
				t.Errorf("after the manifest, For(%s) = %+v, want %+v", tt.file, got, tt.want)
			}
		}
	})
}
