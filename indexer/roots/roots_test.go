package roots

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tailscale/hujson"

	"github.com/gortex/gortex/indexer/syntax"
	"github.com/gortex/gortex/repofs"
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
		// TypeScript imports start at the baseUrl, or under a path alias;
		// tsconfig.json is JSON with comments and trailing commas.
		"web/tsconfig.json": `{
  // where non-relative imports start
  "compilerOptions": {
    "baseUrl": "./src",
    "paths": {"@app/*": ["app/*", "fallback/*"], "@config": ["config/index.ts"], "@out/*": ["../../../etc/*"],},
  },
}`,
		"web/src/util/strings.ts":   "",
		"web/src/app/cart/cart.tsx": "",
		"web/scripts/build.js":      "",
		// A jsconfig.json whose paths have no baseUrl start at its folder.
		"site/jsconfig.json":  `{"compilerOptions": {"paths": {"~/*": ["lib/*"]}}}`,
		"site/lib/menu.js":    "",
		"site/other/page.js":  "",
		"notjs/tsconfig.json": `{"compilerOptions": {"baseUrl": "."}}`,
		"notjs/tool.py":       "",
	}
	var walked []File
	for p, body := range files {
		walked = append(walked, writeFile(t, root, p, body))
	}
	r, bad := Find(root, walked)
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
		{"web/src/util/strings.ts", "typescript", syntax.SourceRoot{Dir: "web/src"}, "util/strings"},
		{"web/src/app/cart/cart.tsx", "tsx", syntax.SourceRoot{Dir: "web/src/app", Alias: "@app"}, "@app/cart/cart"},
		{"web/scripts/build.js", "javascript", syntax.SourceRoot{}, "web/scripts/build"},
		{"site/lib/menu.js", "javascript", syntax.SourceRoot{Dir: "site/lib", Alias: "~"}, "~/menu"},
		{"site/other/page.js", "javascript", syntax.SourceRoot{}, "site/other/page"},
		{"notjs/tool.py", "python", syntax.SourceRoot{}, "notjs.tool"},
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
		crates, python, script := r.Record()
		if !slices.IsSorted(python) {
			t.Errorf("Python roots recorded out of order: %q", python)
		}
		again := New(crates, python, script)
		for _, tt := range tests {
			if got := again.For(tt.file, tt.lang); got != tt.want {
				t.Errorf("after the manifest, For(%s) = %+v, want %+v", tt.file, got, tt.want)
			}
		}
	})
}

// A config that cannot be read or parsed is reported and names nothing;
// the other roots stand.
func TestScriptRootsBroken(t *testing.T) {
	root := t.TempDir()
	write := func(p, body string) File { return writeFile(t, root, p, body) }
	outside := filepath.Join(t.TempDir(), "tsconfig.json")
	if err := os.WriteFile(outside, []byte(`{"compilerOptions": {"baseUrl": "."}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "linked"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "linked", "tsconfig.json")); err != nil {
		t.Fatal(err)
	}
	files := []File{
		write("bad/tsconfig.json", `{"compilerOptions": {"baseUrl": `),
		write("bad/a.ts", ""),
		{Path: "linked/tsconfig.json"},
		write("good/tsconfig.json", `{"compilerOptions": {"baseUrl": "src"}}`),
		write("good/src/b.ts", ""),
	}
	r, bad := Find(root, files)
	if len(bad) != 2 || bad[0].Path != "bad/tsconfig.json" || bad[1].Path != "linked/tsconfig.json" {
		t.Errorf("skips = %v, want the broken and the linked config", bad)
	}
	if got := r.For("bad/a.ts", "typescript"); got != (syntax.SourceRoot{}) {
		t.Errorf("a broken config gives %+v", got)
	}
	if got := r.For("good/src/b.ts", "typescript"); got != (syntax.SourceRoot{Dir: "good/src"}) {
		t.Errorf("the good config gives %+v", got)
	}
}

// Whatever a tsconfig.json says, the folders it names stay in the
// repository.
func FuzzScriptRoots(f *testing.F) {
	f.Add([]byte(`{"compilerOptions": {"baseUrl": "./src", "paths": {"@app/*": ["app/*"]}}}`))
	f.Add([]byte(`{"compilerOptions": {"baseUrl": "../..", "paths": {"x/*": ["../../../*"], "*": ["*"]}}} // c`))
	f.Add([]byte(`{/* */ "compilerOptions": {"paths": {"/*": ["/abs/*",],},},}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		roots, err := parseScriptRoots("web/tsconfig.json", data)
		if err != nil && roots != nil {
			t.Fatalf("an error with roots %v", roots)
		}
		for d := range roots {
			if !inside(d) || path.Clean(d) != d {
				t.Fatalf("root %q is not a clean folder inside the repository", d)
			}
		}
	})
}

// writeFile writes body to p below root and returns it as Find takes it.
func writeFile(t *testing.T, root, p, body string) File {
	t.Helper()
	abs := filepath.Join(root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(abs, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	var lang string
	if l := syntax.LanguageOf(p); l != nil {
		lang = l.Name
	}
	return File{Path: p, Lang: lang}
}

// TestDeepConfigs finds the roots of a tree whose Cargo.toml and
// tsconfig.json nest 500,000 brackets (under the 1 MiB cap): each is a
// problem naming the nesting, refused before its parser recurses, and the
// other packaging files are still read.
func TestDeepConfigs(t *testing.T) {
	root := t.TempDir()
	deep := strings.Repeat("[", 500_000)
	files := []File{
		writeFile(t, root, "evil/Cargo.toml", "[package]\nname = \"evil\"\nx = "+deep),
		writeFile(t, root, "evil/tsconfig.json", `{"compilerOptions": {"paths": `+deep),
		writeFile(t, root, "good/Cargo.toml", "[package]\nname = \"good-crate\"\n"),
	}
	r, problems := Find(root, files)
	if len(problems) != 2 {
		t.Fatalf("problems %v, want the two deep files", problems)
	}
	for _, p := range problems {
		if !strings.Contains(p.Reason, repofs.ErrTooDeep.Error()) {
			t.Errorf("%s: %s, want %q", p.Path, p.Reason, repofs.ErrTooDeep)
		}
	}
	if got := r.crates["good"]; got != "good_crate" {
		t.Errorf("the good crate is named %q", got)
	}
}

// FuzzCrateName feeds arbitrary Cargo.toml files to the crate name reader:
// no panic, and a file nested over repofs.MaxNesting is refused.
func FuzzCrateName(f *testing.F) {
	for _, s := range []string{"[package]\nname = \"a-b\"\n[lib]\nname = \"ab\"\n", "[workspace]\nmembers = [\"x/*\"]\n",
		"a = " + strings.Repeat("[", repofs.MaxNesting+1), "a = [[[['''[[[''']]]]]\n# [[[[\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := parseCrateName(data)
		if repofs.CheckNesting(data, repofs.TOML, repofs.MaxNesting) != nil && !errors.Is(err, repofs.ErrTooDeep) {
			t.Fatalf("a manifest nested too deep was parsed: %v", err)
		}
	})
}

// FuzzScriptNesting holds repofs.CheckNesting to hujson, the parser it
// guards: whatever the check lets through parses no deeper than the
// check's limit, so no bracket hides in what the check took for a string
// or a comment.
func FuzzScriptNesting(f *testing.F) {
	for _, s := range []string{`{"a": [1, {"b": "]]"}], /* [[ */ "c": "\"["} // [`, `[[[[[[[[[`, `["]", ["]", ["]"]]]`, "'[[[[[[[[[['"} {
		f.Add([]byte(s))
	}
	const limit = 4
	f.Fuzz(func(t *testing.T, data []byte) {
		if repofs.CheckNesting(data, repofs.JSONC, limit) != nil {
			return
		}
		v, err := hujson.Parse(data)
		if err != nil {
			return
		}
		if d := depthOf(v.Value); d > limit {
			t.Fatalf("CheckNesting passed %q, nested %d deep", data, d)
		}
	})
}

// depthOf is how deep v nests objects and arrays.
func depthOf(v hujson.ValueTrimmed) int {
	var members []hujson.Value
	switch c := v.(type) {
	case *hujson.Object:
		for _, m := range c.Members {
			members = append(members, m.Value)
		}
	case *hujson.Array:
		members = c.Elements
	default:
		return 0
	}
	d := 0
	for _, m := range members {
		d = max(d, depthOf(m.Value))
	}
	return d + 1
}
