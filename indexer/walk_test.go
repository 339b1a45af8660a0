package indexer

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/indexer/ignore"
)

// writeTree creates files under root from a map of slash paths to contents.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// symlinks creates links under root from a map of slash paths to targets.
func symlinks(t *testing.T, root string, links map[string]string) {
	t.Helper()
	for p, target := range links {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(p))); err != nil {
			t.Skipf("symlinks unavailable: %v", err)
		}
	}
}

// walkFixture builds the tree every Walk case below is checked against.
func walkFixture(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore":          "# comment\n*.log\nbuild/\n!keep.log\n/rootonly.txt\ndocs/gen/\n",
		".git/config":         "[core]\n",
		".git/info/exclude":   "excluded.txt\n",
		".gortex/index/x":     "x",
		"a.go":                "package a\n",
		"a.log":               "log",
		"keep.log":            "kept",
		"rootonly.txt":        "root only",
		"excluded.txt":        "excluded by .git/info/exclude",
		"build/x.go":          "package x\n",
		"docs/gen/out.md":     "# generated\n",
		"docs/design.md":      "# Design\n",
		"other/docs/gen/y.md": "# not anchored here\n",
		"sub/.gitignore":      "!a.log\n*.md\n!README.md\n",
		"sub/a.log":           "re-included by the nested negation",
		"sub/build":           "a file: build/ matches directories only",
		"sub/rootonly.txt":    "anchored pattern does not apply here",
		"sub/notes.md":        "ignored by the nested file",
		"sub/README.md":       "# kept\n",
		"sub/deep/x.md":       "nested rules apply below",
		"sub/go.mod":          "module example.com/sub\n",
		"vendor/v.go":         "package v\n",
		"node_modules/m.js":   "m",
		"go.mod":              "module example.com/a\n",
		"bin.go":              "package bin\x00\x01",
		"img.png":             "\x89PNG\x00\x00",
		"big.md":              strings.Repeat("x", 200),
		"empty.md":            "",
		"bad.txt":             "caf\xe9 \xff\xfe\n",
		"README.MD":           "# upper case extension\n",
		"notes.adoc":          "= Notes\n",
		"guide.rst":           "Guide\n=====\n",
	})
	outside := filepath.Join(t.TempDir(), "outside.go")
	if err := os.WriteFile(outside, []byte("package out\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	symlinks(t, root, map[string]string{
		"loop1":       "loop2",
		"loop2":       "loop1",
		"broken.md":   "missing.md",
		"dirlink":     "sub",
		"self":        ".",
		"filelink.go": "a.go",
		"outside.go":  outside,
		"ignored.log": "a.go",
	})
	return root
}

func TestWalk(t *testing.T) {
	root := walkFixture(t)
	res, err := Walk(context.Background(), root, WalkOptions{MaxFileSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]WalkedFile{}
	for _, f := range res.Files {
		files[f.Path] = f
	}
	skipped := map[string]string{}
	for _, s := range res.Skipped {
		skipped[s.Path] = s.Reason
	}
	type want struct {
		class  FileClass
		lang   string
		reason string // non-empty: skipped with this reason
		absent bool   // neither listed nor skipped (inside a skipped directory)
	}
	cases := []struct {
		path string
		want want
	}{
		{"a.go", want{class: ClassSource, lang: "go"}},
		{".gitignore", want{class: ClassOther}},
		{"a.log", want{reason: SkipGitignore}},
		{"keep.log", want{class: ClassOther}},
		{"rootonly.txt", want{reason: SkipGitignore}},
		{"excluded.txt", want{reason: SkipGitignore}},
		{"build", want{reason: SkipGitignore}},
		{"build/x.go", want{absent: true}},
		{"docs/gen", want{reason: SkipGitignore}},
		{"docs/design.md", want{class: ClassDoc, lang: "markdown"}},
		{"other/docs/gen/y.md", want{class: ClassDoc, lang: "markdown"}},
		{"sub/a.log", want{class: ClassOther}},
		{"sub/build", want{class: ClassOther}},
		{"sub/rootonly.txt", want{class: ClassDoc, lang: "text"}},
		{"sub/notes.md", want{reason: SkipGitignore}},
		{"sub/README.md", want{class: ClassDoc, lang: "markdown"}},
		{"sub/deep/x.md", want{reason: SkipGitignore}},
		{"sub/go.mod", want{class: ClassGoMod}},
		{"go.mod", want{class: ClassGoMod}},
		{"vendor", want{reason: SkipVendor}},
		{"vendor/v.go", want{absent: true}},
		{"node_modules", want{reason: SkipVendor}},
		{".git", want{reason: SkipIgnoredDir}},
		{".git/config", want{absent: true}},
		{".gortex", want{reason: SkipIgnoredDir}},
		{"bin.go", want{reason: SkipBinary}},
		{"img.png", want{class: ClassOther}},
		{"big.md", want{reason: SkipTooLarge}},
		{"empty.md", want{class: ClassDoc, lang: "markdown"}},
		{"bad.txt", want{class: ClassDoc, lang: "text"}},
		{"README.MD", want{class: ClassDoc, lang: "markdown"}},
		{"notes.adoc", want{class: ClassDoc, lang: "text"}},
		{"guide.rst", want{class: ClassDoc, lang: "text"}},
		{"loop1", want{reason: SkipSymlinkLoop}},
		{"loop2", want{reason: SkipSymlinkLoop}},
		{"broken.md", want{reason: SkipSymlinkBroken}},
		{"dirlink", want{reason: SkipSymlinkDir}},
		{"dirlink/README.md", want{absent: true}},
		{"self", want{reason: SkipSymlinkDir}},
		{"filelink.go", want{class: ClassSource, lang: "go"}},
		{"outside.go", want{reason: SkipSymlinkOutside}},
		{"ignored.log", want{reason: SkipGitignore}},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			f, listed := files[tc.path]
			reason, wasSkipped := skipped[tc.path]
			switch {
			case tc.want.absent:
				if listed || wasSkipped {
					t.Errorf("listed=%v skipped=%q, want neither", listed, reason)
				}
			case tc.want.reason != "":
				if reason != tc.want.reason || listed {
					t.Errorf("skipped=%q listed=%v, want skipped %q", reason, listed, tc.want.reason)
				}
			case !listed:
				t.Errorf("not listed (skipped=%q)", reason)
			case f.Class != tc.want.class || f.Lang != tc.want.lang:
				t.Errorf("class %v lang %q, want %v %q", f.Class, f.Lang, tc.want.class, tc.want.lang)
			}
		})
	}
	checkWalkResult(t, root, res)
}

// checkWalkResult checks what holds for every walk: sorted output, counts
// matching the skips, absolute paths and stats that agree with the disk.
func checkWalkResult(t *testing.T, root string, res *WalkResult) {
	t.Helper()
	if !slices.IsSortedFunc(res.Files, func(a, b WalkedFile) int { return strings.Compare(a.Path, b.Path) }) {
		t.Error("files not sorted by path")
	}
	if !slices.IsSortedFunc(res.Skipped, func(a, b Skip) int { return strings.Compare(a.Path, b.Path) }) {
		t.Error("skips not sorted by path")
	}
	counts := map[string]int{}
	for _, s := range res.Skipped {
		counts[s.Reason]++
	}
	if !mapsEqual(counts, res.SkipCounts) {
		t.Errorf("SkipCounts %v, want %v", res.SkipCounts, counts)
	}
	for _, f := range res.Files {
		if f.Abs != filepath.Join(root, filepath.FromSlash(f.Path)) {
			t.Errorf("%s: Abs %s", f.Path, f.Abs)
		}
		if fi, err := os.Stat(f.Abs); err != nil || fi.Size() != f.Size {
			t.Errorf("%s: size %d, stat %v", f.Path, f.Size, err)
		}
	}
	if _, ok := res.Dirs["."]; !ok {
		t.Error(`Dirs lacks the root "."`)
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestClassify(t *testing.T) {
	tests := []struct {
		path  string
		class FileClass
		lang  string
	}{
		{"README.md", ClassDoc, "markdown"},
		{"docs/adr/0001-cents.md", ClassDoc, "markdown"},
		{"docs/guide.rst", ClassDoc, "text"},
		{"NOTES.TXT", ClassDoc, "text"},
		{"main.go", ClassSource, "go"},
		{"go.mod", ClassGoMod, ""},
		{"img.png", ClassOther, ""},
		// Test data is a test's input, not reasoning; its code is still code.
		{"testdata/notes.md", ClassOther, ""},
		{"cmd/go/testdata/script/vet.txt", ClassOther, ""},
		{"src/__snapshots__/view.md", ClassOther, ""},
		{"test/fixtures/a/README.md", ClassOther, ""},
		{"spec/__fixtures__/x.rst", ClassOther, ""},
		{"go/parser/testdata/p.go", ClassSource, "go"},
		// Only a directory of that name counts, not a file or a longer name.
		{"testdata.md", ClassDoc, "markdown"},
		{"docs/fixtures.md", ClassDoc, "markdown"},
		{"mytestdata/notes.md", ClassDoc, "markdown"},
		{"testdatas/notes.txt", ClassDoc, "text"},
		{"Testdata/notes.md", ClassDoc, "markdown"},
	}
	for _, tt := range tests {
		class, lang := classify(tt.path)
		if class != tt.class || lang != tt.lang {
			t.Errorf("classify(%q) = %v %q, want %v %q", tt.path, class, lang, tt.class, tt.lang)
		}
	}
}

func TestWalkDirs(t *testing.T) {
	root := walkFixture(t)
	res, err := Walk(context.Background(), root, WalkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir  string
		want bool
	}{
		{".", true}, {"sub", true}, {"sub/deep", true}, {"other/docs/gen", true},
		{"vendor", false}, {".git", false}, {"build", false}, {"dirlink", false},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			if _, ok := res.Dirs[tc.dir]; ok != tc.want {
				t.Errorf("in Dirs = %v, want %v", ok, tc.want)
			}
		})
	}
}

func TestWalkUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads everything")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{"secret.md": "# s\n", "locked/a.go": "package a\n", "ok.md": "# ok\n"})
	for _, p := range []string{"secret.md", "locked"} {
		if err := os.Chmod(filepath.Join(root, p), 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(filepath.Join(root, p), 0o755) })
	}
	res, err := Walk(context.Background(), root, WalkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Skip{{Path: "locked", Reason: SkipUnreadable}, {Path: "secret.md", Reason: SkipUnreadable}}
	if !slices.Equal(res.Skipped, want) {
		t.Errorf("skipped %v, want %v", res.Skipped, want)
	}
	if len(res.Files) != 1 || res.Files[0].Path != "ok.md" {
		t.Errorf("files %v, want ok.md only", res.Files)
	}
}

func TestWalkErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	writeTree(t, dir, map[string]string{"f.txt": "x", "sub/a.go": "package a\n"})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	cases := []struct {
		name string
		ctx  context.Context
		root string
		is   error
	}{
		{"missing root", context.Background(), filepath.Join(dir, "nope"), os.ErrNotExist},
		{"root is a file", context.Background(), file, nil},
		{"cancelled", cancelled, dir, context.Canceled},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Walk(tc.ctx, tc.root, WalkOptions{})
			if err == nil {
				t.Fatalf("no error, result %+v", res)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %v, want %v", err, tc.is)
			}
		})
	}
}

func TestIgnored(t *testing.T) {
	cases := []struct {
		name    string
		pattern string
		path    string
		dir     bool
		want    bool
	}{
		{"extension", "*.log", "a.log", false, true},
		{"extension below", "*.log", "x/y/a.log", false, true},
		{"leading slash anchors", "/a.log", "x/a.log", false, false},
		{"leading slash matches top", "/a.log", "a.log", false, true},
		{"middle slash anchors", "doc/*.html", "y/doc/a.html", false, false},
		{"middle slash top", "doc/*.html", "doc/a.html", false, true},
		{"star stops at slash", "doc/*.html", "doc/x/a.html", false, false},
		{"dir-only on dir", "build/", "x/build", true, true},
		{"dir-only on file", "build/", "x/build", false, false},
		{"double star middle", "a/**/b", "a/x/y/b", false, true},
		{"double star zero dirs", "a/**/b", "a/b", false, true},
		{"double star leading", "**/foo", "x/foo", false, true},
		{"question mark", "fo?", "foo", false, true},
		{"question mark one char", "fo?", "fooo", false, false},
		{"negated class", "[!a]bc", "xbc", false, true},
		{"negated class excludes", "[!a]bc", "abc", false, false},
		{"regexp metachars", "c++", "c++", false, true},
		{"parentheses", "(x)", "(x)", false, true},
		{"comment", "#a.log", "#a.log", false, false},
		{"escaped hash", `\#a.log`, "#a.log", false, true},
		{"trailing space", "a.log  ", "a.log", false, true},
		{"negation", "*.log\n!keep.log", "keep.log", false, false},
		{"negation then pattern", "!keep.log\n*.log", "keep.log", false, true},
		{"crlf", "*.log\r\n!keep.log\r\n", "keep.log", false, false},
		{"double star anchored", "a/**/b", "x/a/b", false, false},
		{"double star question", "**/?.go", "x/y/a.go", false, true},
		{"double star question one char", "**/?.go", "x/ab.go", false, false},
		{"double star dir-only on file", "**/gen/", "x/gen", false, false},
		{"double star dir-only on dir", "**/gen/", "x/gen", true, true},
		{"double star negated", "*.go\n!**/keep/*.go", "a/keep/x.go", false, false},
		{"escaped trailing space", `a\ `, "a ", false, true},
		{"bad class matches nothing", "[a", "[a", false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rules := []*ignore.Rules{ignore.Compile("", tc.pattern)}
			if got := ignore.Ignored(rules, tc.path, tc.dir); got != tc.want {
				t.Errorf("ignored(%q by %q) = %v, want %v", tc.path, tc.pattern, got, tc.want)
			}
		})
	}
}

func TestIgnoredNested(t *testing.T) {
	rules := []*ignore.Rules{
		ignore.Compile("", "*.md\n/top.txt\n"),
		ignore.Compile("sub", "!*.md\n*.txt\n/only.go\n"),
	}
	cases := []struct {
		path string
		want bool
	}{
		{"a.md", true},
		{"sub/a.md", false},      // the deeper file decides
		{"sub/deep/a.md", false}, // and applies below its directory
		{"sub/a.txt", true},
		{"sub/top.txt", true},
		{"top.txt", true},
		{"other/top.txt", false},
		{"sub/only.go", true}, // anchored to sub, not to the root
		{"sub/x/only.go", false},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			if got := ignore.Ignored(rules, tc.path, false); got != tc.want {
				t.Errorf("ignored(%q) = %v, want %v", tc.path, got, tc.want)
			}
		})
	}
}

// goroot returns the Go toolchain's root, skipping when there is none.
func goroot(tb testing.TB) string {
	tb.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Skipf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}

func BenchmarkWalkGOROOT(b *testing.B) {
	src := filepath.Join(goroot(b), "src")
	if _, err := os.Stat(src); err != nil {
		b.Skipf("no GOROOT source: %v", err)
	}
	var n int
	for b.Loop() {
		res, err := Walk(context.Background(), src, WalkOptions{})
		if err != nil {
			b.Fatal(err)
		}
		n = len(res.Files)
	}
	b.ReportMetric(float64(n), "files")
}

// gitIgnores answers, with git check-ignore in a scratch repository whose
// only ignore file is a .gitignore of patterns, whether git ignores p (a
// directory when dir is set).
type gitIgnores struct{ repo string }

func newGitIgnores(tb testing.TB) *gitIgnores {
	tb.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		tb.Skip("git is not installed")
	}
	repo := tb.TempDir()
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		tb.Skipf("git init: %v: %s", err, out)
	}
	return &gitIgnores{repo: repo}
}

// ignored reports git's answer; ok is false when git refuses the path.
func (g *gitIgnores) ignored(tb testing.TB, patterns, p string, dir bool) (ignored, ok bool) {
	tb.Helper()
	if err := os.WriteFile(filepath.Join(g.repo, ".gitignore"), []byte(patterns), 0o644); err != nil {
		tb.Fatal(err)
	}
	if dir {
		// A directory git can lstat: a trailing slash would have
		// check-ignore match "a/**" against "a/", which no walk does.
		top := filepath.Join(g.repo, strings.SplitN(p, "/", 2)[0])
		if err := os.MkdirAll(filepath.Join(g.repo, filepath.FromSlash(p)), 0o755); err != nil {
			return false, false
		}
		defer os.RemoveAll(top)
	}
	cmd := exec.Command("git", "-c", "core.excludesFile=/dev/null", "-c", "core.ignoreCase=false",
		"check-ignore", "--no-index", "-q", "--", p)
	cmd.Dir = g.repo
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+g.repo)
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return true, true
	case errors.As(err, &ee) && ee.ExitCode() == 1:
		return false, true
	}
	return false, false
}

// walkIgnores is what a walk makes of p under one root .gitignore: a path
// is left out when it, or a directory above it, is ignored (the walk never
// enters an ignored directory).
func walkIgnores(patterns, p string, dir bool) bool {
	rules := []*ignore.Rules{ignore.Compile("", patterns)}
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && ignore.Ignored(rules, p[:i], true) {
			return true
		}
	}
	return ignore.Ignored(rules, p, dir)
}

// fuzzablePath reports whether p is a path git and a walk can both be
// asked about: relative, clean, outside .git, with no NUL, and not
// starting with ':' (pathspec magic, which check-ignore refuses).
func fuzzablePath(p string) bool {
	if p == "" || strings.ContainsAny(p, "\x00\n") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, ":") {
		return false
	}
	for i, el := range strings.Split(p, "/") {
		if el == "" || el == "." || el == ".." || el == ".git" || i == 0 && el == ".gitignore" {
			return false
		}
	}
	return true
}

// TestIgnoredLikeGit checks patterns where ignore rules are easy to get
// wrong against git check-ignore itself.
func TestIgnoredLikeGit(t *testing.T) {
	g := newGitIgnores(t)
	cases := []struct{ pattern, path string }{
		{"**/[a?bc", "abc"}, {"**/[a?bc", "x/abc"}, {"[a?bc", "abc"}, {"[abc", "[abc"},
		{"[]a]", "]"}, {"[]a]", "a"}, {"[!]a]", "b"}, {"[^a]", "b"}, {"[^a]", "a"},
		{"[a-c]x", "bx"}, {"[a-]x", "-x"}, {"[-a]x", "-x"}, {"[z-a]x", "mx"},
		{"[[:alpha:]]x", "qx"}, {"[[:digit:][:upper:]]", "Q"}, {"[[:nope:]]", "n"}, {"[[:alpha:]", "a"},
		{"[[:alpha]", "["}, {"[\\]]x", "]x"}, {"a\\*b", "a*b"}, {"a\\*b", "axb"}, {"a\\", "a"},
		{"a  ", "a"}, {"a\\ ", "a "}, {"a\t", "a\t"}, {"a\t", "a"}, {"a\r\n", "a"},
		{"**", "x/y"}, {"a/**", "a/x/y"}, {"a/**", "a"}, {"**/b", "b"}, {"a/**/b", "a/b"}, {"a/**b", "a/xb"},
		{"a/**b", "a/x/b"}, {"a**/b", "ax/b"}, {"/**/a", "x/a"}, {"*/", "x"}, {"x/*", "x/y/z"},
		{"a/b", "x/a/b"}, {"/a", "a"}, {"b/", "a/b"}, {"*.log\n!a.log", "a.log"}, {"a/\n!a/b", "a/b"},
		{"\\!x", "!x"}, {"\\#x", "#x"}, {"\ufeff*.md", "x.md"}, {"?", "a/b"}, {"a?b", "a/b"},
	}
	for _, tc := range cases {
		for _, dir := range []bool{false, true} {
			want, ok := g.ignored(t, tc.pattern, tc.path, dir)
			if !ok {
				continue
			}
			if got := walkIgnores(tc.pattern, tc.path, dir); got != want {
				t.Errorf("pattern %q, path %q (dir %v): gortex ignores %v, git %v", tc.pattern, tc.path, dir, got, want)
			}
		}
	}
}

// FuzzIgnoreRules checks that the walk ignores exactly what git
// check-ignore does, for any .gitignore and any path (as a file and as a
// directory); without git, only that matching does not panic.
func FuzzIgnoreRules(f *testing.F) {
	for _, seed := range []string{"*.log\n!keep.log\n", "/a/**/b\n", "[!a]?c", "c++\n(x)|$\n", "\\#x\n\\!y\n", "a\\\n", "[\n]\n", "a*b?.c", "**/[a?bc", "[[:alpha:]-z]"} {
		f.Add(seed, "a/keep.log")
		f.Add(seed, "abc")
	}
	var g *gitIgnores
	if _, err := exec.LookPath("git"); err == nil {
		g = newGitIgnores(f)
	}
	f.Fuzz(func(t *testing.T, patterns, p string) {
		walkIgnores(patterns, p, false)
		walkIgnores(patterns, p, true)
		if g == nil || !fuzzablePath(p) || strings.IndexByte(patterns, 0) >= 0 {
			return
		}
		for _, dir := range []bool{false, true} {
			want, ok := g.ignored(t, patterns, p, dir)
			if !ok {
				continue
			}
			if got := walkIgnores(patterns, p, dir); got != want {
				t.Fatalf("patterns %q, path %q (dir %v): gortex ignores %v, git %v", patterns, p, dir, got, want)
			}
		}
	})
}

// TestIsGenerated holds the literal prefilter to the regexp it guards.
func TestIsGenerated(t *testing.T) {
	for _, head := range []string{
		"// Code generated by stringer; DO NOT EDIT.\n\npackage x\n",
		"package x\n// Code generated by hand DO NOT EDIT.\n",
		"  // Code generated x DO NOT EDIT.\n",
		"// Code generated x DO NOT EDIT.",
		"// Code generated x DO NOT EDIT. \n",
		"/* @generated */\n",
		"@generatedness\n",
		"// code generated x DO NOT EDIT.\n",
		"package x\n",
		"",
	} {
		if got, want := isGenerated([]byte(head)), generatedMarker().MatchString(head); got != want {
			t.Errorf("isGenerated(%q) = %v, the regexp says %v", head, got, want)
		}
	}
}

// TestWalkKeepsWholeSmallFiles: a source or doc that the sniff read to its
// end is kept for the parse, which then reads nothing; a longer one, and
// a file of another class, are read again.
func TestWalkKeepsWholeSmallFiles(t *testing.T) {
	root := t.TempDir()
	small := "package p\n\nfunc F() {}\n"
	large := "package p\n\n// " + strings.Repeat("x", sniffSize) + "\nfunc G() {}\n"
	for name, text := range map[string]string{"small.go": small, "large.go": large, "notes.md": "# Notes\n", "data.json": "{}\n"} {
		writeText(t, filepath.Join(root, name), text)
	}
	res, err := Walk(context.Background(), root, WalkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"small.go": small, "notes.md": "# Notes\n"}
	for _, f := range res.Files {
		if got := string(f.content); got != want[f.Path] {
			t.Errorf("%s: kept %d bytes %q, want %q", f.Path, len(f.content), got[:min(len(got), 20)], want[f.Path])
		}
	}
	b := &builder{fsys: mustOpenRoot(t, root)}
	for _, f := range res.Files {
		if f.Path != "small.go" {
			continue
		}
		writeText(t, filepath.Join(root, "small.go"), strings.ToUpper(small)) // read again, it would show
		src, err := b.read(f, nil)
		if err != nil || string(src) != small {
			t.Errorf("read(small.go) = %q, %v; want what the walk read", src, err)
		}
	}
}

func writeText(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustOpenRoot(t *testing.T, dir string) *os.Root {
	t.Helper()
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// TestWalkKnown: a file the caller says it indexed with its present size
// and time (WalkOptions.Known) is taken as text without its head being
// read: a binary file of that size and time is kept, which shows it was
// not read; told nothing, or another time, the walk reads it and skips it.
func TestWalkKnown(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.go": "package a\x00\n", "b.md": "# B\n"})
	info, err := os.Stat(filepath.Join(root, "a.go"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		known func(rel string, size int64, mtime time.Time) bool
		kept  bool
	}{
		{"known with its size and time", func(rel string, size int64, mtime time.Time) bool {
			return rel == "a.go" && size == info.Size() && mtime.Equal(info.ModTime())
		}, true},
		{"known with another time", func(rel string, size int64, mtime time.Time) bool {
			return rel == "a.go" && size == info.Size() && mtime.Equal(info.ModTime().Add(time.Second))
		}, false},
		{"not told", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := Walk(context.Background(), root, WalkOptions{Known: tt.known})
			if err != nil {
				t.Fatal(err)
			}
			kept := slices.ContainsFunc(w.Files, func(f WalkedFile) bool { return f.Path == "a.go" })
			if binary := w.SkipCounts[SkipBinary] > 0; kept != tt.kept || binary == tt.kept {
				t.Errorf("a.go kept %v (skipped as binary %d), want kept %v", kept, w.SkipCounts[SkipBinary], tt.kept)
			}
			if !slices.ContainsFunc(w.Files, func(f WalkedFile) bool { return f.Path == "b.md" }) {
				t.Error("b.md, not known, was not listed")
			}
		})
	}
}
