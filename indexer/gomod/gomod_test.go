package gomod

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseModulePath(t *testing.T) {
	tests := []struct {
		name    string
		gomod   string
		want    string
		wantErr string // a substring of the error, "" for none
	}{
		{name: "plain", gomod: "module example.com/m\n\ngo 1.22\n", want: "example.com/m"},
		{name: "comments", gomod: "// a comment\nmodule example.com/m // trailing\n// module other\n", want: "example.com/m"},
		{name: "quoted", gomod: "module \"example.com/q\"\n", want: "example.com/q"},
		{name: "raw quoted", gomod: "module `example.com/r`\n", wantErr: "line 1: invalid quoted string"}, // as the go command
		{name: "block", gomod: "module (\n\t// c\n\texample.com/b\n)\n", want: "example.com/b"},
		{name: "one-line block", gomod: "module ( example.com/o )\n", wantErr: "line 1: usage: module module/path"}, // as the go command
		{name: "no space before paren", gomod: "module(\n\texample.com/p\n)\n", want: "example.com/p"},
		{name: "other blocks skipped", gomod: "require (\n\tmodule v1.0.0\n)\nmodule example.com/s\nreplace x => ../x\n", want: "example.com/s"},
		{name: "CRLF and BOM", gomod: "\xef\xbb\xbfmodule example.com/w\r\ngo 1.21\r\n", want: "example.com/w"},
		{name: "deprecated comment", gomod: "// Deprecated: use v2.\nmodule example.com/d\n", want: "example.com/d"},
		{name: "unknown directive skipped", gomod: "module example.com/u\nfuturething x y\n", want: "example.com/u"},
		{name: "bad go version tolerated", gomod: "module example.com/g\ngo 1.22.x\n", want: "example.com/g"},
		{name: "missing", gomod: "go 1.22\n", wantErr: "no module directive"},
		{name: "empty path", gomod: "module \"\"\n", wantErr: "line 1: invalid module path"},
		{name: "blank in path", gomod: "module \"a b\"\n", wantErr: "line 1: invalid module path"},
		{name: "two paths", gomod: "module a b\n", wantErr: "line 1: usage: module module/path"},
		{name: "repeated", gomod: "module a\nmodule b\n", wantErr: "line 2: repeated module statement"},
		{name: "unterminated string", gomod: "module \"a\n", wantErr: "line 1: unexpected newline in string"},
		{name: "unterminated block", gomod: "module (\n\ta\n", wantErr: "line 3: syntax error (unterminated block"},
		{name: "bare module", gomod: "module\n", wantErr: "line 1: usage: module module/path"},
		{name: "malformed require", gomod: "module example.com/x\nrequire example.com/y\n", wantErr: "line 2: usage: require"},
		{name: "first error only", gomod: "module a b\nmodule c d\n", wantErr: "line 1: usage: module module/path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseModulePath([]byte(tt.gomod))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("parseModulePath() = %q, %v; want error containing %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("parseModulePath() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"go.mod":                   "// root\nmodule example.com/root\n",
		"tools/go.mod":             "module \"example.com/tools\" // nested\n",
		"tools/gen/v2/go.mod":      "module (\n\texample.com/gen/v2\n)\n",
		"broken/go.mod":            "module a b\n",
		"unreadable/go.mod":        "", // replaced by a directory below
		"std/src/go.mod":           "module std\n",
		"other/notamodule/file.go": "package x\n",
	}
	for p, content := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if p == "unreadable/go.mod" {
			if err := os.Mkdir(abs, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mods, bad := Find(root, []string{"go.mod", "tools/go.mod", "tools/gen/v2/go.mod", "broken/go.mod", "unreadable/go.mod", "std/src/go.mod", "missing/go.mod"})
	var badPaths []string
	for _, s := range bad {
		if !strings.Contains(s.Reason, s.Path) {
			t.Errorf("reason %q does not name %s", s.Reason, s.Path)
		}
		badPaths = append(badPaths, s.Path)
	}
	if got, want := strings.Join(badPaths, " "), "broken/go.mod unreadable/go.mod missing/go.mod"; got != want {
		t.Errorf("skipped %q, want %q", got, want)
	}
	tests := []struct {
		dir    string
		want   string
		wantOK bool
	}{
		{dir: ".", want: "example.com/root", wantOK: true},
		{dir: "", want: "example.com/root", wantOK: true},
		{dir: "pkg/apis/v1", want: "example.com/root/pkg/apis/v1", wantOK: true},
		{dir: "./pkg/", want: "example.com/root/pkg", wantOK: true},
		{dir: "tools", want: "example.com/tools", wantOK: true},
		{dir: "tools/cmd/x", want: "example.com/tools/cmd/x", wantOK: true},
		{dir: "toolsmith", want: "example.com/root/toolsmith", wantOK: true},
		{dir: "tools/gen/v2", want: "example.com/gen/v2", wantOK: true},
		{dir: "tools/gen/v2/internal", want: "example.com/gen/v2/internal", wantOK: true},
		{dir: "tools/gen", want: "example.com/tools/gen", wantOK: true},
		{dir: "broken/x", want: "example.com/root/broken/x", wantOK: true}, // a broken go.mod is skipped
		{dir: "std/src/net/http", want: "net/http", wantOK: true},
		{dir: "std/src", want: "std", wantOK: true},
		{dir: "../outside", wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			got, ok := mods.ImportPath(tt.dir)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("ImportPath(%q) = %q, %v; want %q, %v", tt.dir, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestModulesOutside(t *testing.T) {
	tests := []struct {
		name string
		mods *Modules
		dir  string
	}{
		{name: "nil", mods: nil, dir: "a"},
		{name: "no root module", mods: New(map[string]string{"sub": "example.com/sub"}), dir: "other/pkg"},
		{name: "root dir without root module", mods: New(map[string]string{"sub": "example.com/sub"}), dir: "."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, ok := tt.mods.ImportPath(tt.dir); ok || got != "" {
				t.Errorf("ImportPath(%q) = %q, %v; want \"\", false", tt.dir, got, ok)
			}
		})
	}
}

func TestModulesPathsRoundTrip(t *testing.T) {
	m := New(map[string]string{"": "example.com/root", "a/b/": "example.com/ab"})
	paths := m.Paths()
	if len(paths) != 2 || paths["."] != "example.com/root" || paths["a/b"] != "example.com/ab" {
		t.Fatalf("Paths() = %v", paths)
	}
	paths["x"] = "mutated"
	if got, _ := New(m.Paths()).ImportPath("a/b/c"); got != "example.com/ab/c" {
		t.Errorf("ImportPath(a/b/c) = %q", got)
	}
	if _, ok := m.Paths()["x"]; ok {
		t.Error("Paths() shares the Modules' map")
	}
}

// TestBuildBrokenGoMod indexes a tree with a malformed nested go.mod: the
// go.mod is reported as broken, naming its line, and the packages below it
// take their import paths from the enclosing module.
