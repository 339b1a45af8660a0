package indexer

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/repofs"
)

// snapshotTree records every entry under dir: file contents, link
// targets and directories, to show that nothing there changed.
func snapshotTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "link " + target
		case d.IsDir():
			out[rel] = "dir"
		default:
			b, _ := os.ReadFile(p)
			out[rel] = "file " + string(b)
		}
		return nil
	})
	return out
}

// TestHostileGortexDir indexes repositories that committed their .gortex,
// or entries in it, as links to another directory or as things gortex did
// not make: nothing outside the repository is written or removed, and
// gortex removes only the scratch directories it made itself.
func TestHostileGortexDir(t *testing.T) {
	link := func(t *testing.T, target, p string) {
		t.Helper()
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		// setup prepares root's .gortex with outside, a directory outside
		// the repository holding what an attacker wants destroyed.
		setup   func(t *testing.T, root, outside string)
		wantErr error
		loadErr error // of Load, when not wantErr
		// kept are entries of root/.gortex that must survive the build.
		kept []string
	}{
		{name: ".gortex links outside", wantErr: repofs.ErrNotDir, setup: func(t *testing.T, root, outside string) {
			link(t, outside, filepath.Join(root, ".gortex"))
		}},
		{name: ".gortex is a file", wantErr: repofs.ErrNotDir, setup: func(t *testing.T, root, outside string) {
			writeTree(t, root, map[string]string{".gortex": "not a directory"})
		}},
		{name: "entries of .gortex link outside", setup: func(t *testing.T, root, outside string) {
			g := filepath.Join(root, ".gortex")
			os.Mkdir(g, 0o755)
			link(t, filepath.Join(outside, "index"), filepath.Join(g, "index"))
			link(t, filepath.Join(outside, "tmp-1"), filepath.Join(g, "tmp-1"))
			link(t, filepath.Join(outside, "old-2"), filepath.Join(g, "old-2"))
			link(t, filepath.Join(outside, ".gitignore"), filepath.Join(g, ".gitignore"))
		}},
		{name: "committed scratch directories stay", kept: []string{"tmp-5/keep.txt", "old-6/keep.txt"}, setup: func(t *testing.T, root, outside string) {
			writeTree(t, root, map[string]string{".gortex/tmp-5/keep.txt": "mine"})
			writeTree(t, root, map[string]string{".gortex/old-6/keep.txt": "mine"})
		}},
		{name: "lock file links outside", wantErr: errLockRefused, loadErr: ErrNoIndex, setup: func(t *testing.T, root, outside string) {
			os.Mkdir(filepath.Join(root, ".gortex"), 0o755)
			link(t, filepath.Join(outside, "created-by-lock"), filepath.Join(root, ".gortex", lockFile))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			root := filepath.Join(base, "repo")
			outside := filepath.Join(base, "precious")
			writeTree(t, root, map[string]string{"main.go": "package main\n\nfunc main() {}\n"})
			for _, p := range []string{"index/graph.bin", "index/content.bleve/data", "tmp-1/work", "old-2/work", ".gitignore"} {
				writeTree(t, outside, map[string]string{p: "the user's data: " + p})
			}
			tt.setup(t, root, outside)
			before := snapshotTree(t, outside)
			loadErr := tt.loadErr
			if loadErr == nil {
				loadErr = tt.wantErr
			}
			for _, step := range []struct {
				name string
				run  func() error
				want error
			}{
				{"Build", func() error { _, _, err := Build(context.Background(), root, Options{}); return err }, tt.wantErr},
				{"Update", func() error { _, _, err := Update(context.Background(), root, Options{}); return err }, tt.wantErr},
				{"Load", func() error { _, err := Load(root); return err }, loadErr},
			} {
				err := step.run()
				switch {
				case step.want == nil && err != nil:
					t.Errorf("%s: %v", step.name, err)
				case step.want != nil && !errors.Is(err, step.want):
					t.Errorf("%s: error %v, want %v", step.name, err, step.want)
				case step.want != nil && step.want != ErrNoIndex && !strings.Contains(err.Error(), ".gortex"):
					t.Errorf("%s: error %q does not name .gortex", step.name, err)
				}
			}
			if after := snapshotTree(t, outside); !maps.Equal(before, after) {
				t.Errorf("outside the repository changed:\nbefore %v\nafter  %v", before, after)
			}
			for _, k := range tt.kept {
				if _, err := os.Stat(filepath.Join(root, ".gortex", k)); err != nil {
					t.Errorf(".gortex/%s was removed: %v", k, err)
				}
			}
			if tt.wantErr != nil {
				return
			}
			if !repofs.OwnDir(IndexDir(root)) {
				t.Error("the index is not a directory gortex made")
			}
			if fi, err := os.Lstat(filepath.Join(root, ".gortex", ".gitignore")); err != nil || !fi.Mode().IsRegular() {
				t.Errorf(".gortex/.gitignore is not a regular file: %v", err)
			}
		})
	}
}

// secretMarker is the content of a file outside the repository that a
// hostile link tries to have indexed.
const secretMarker = "root:x:0:0:SECRET-OUTSIDE"

// TestHostileFileReads indexes, then updates, repositories whose files
// turn into links out of the repository, devices or FIFOs: the outside
// content never enters the graph, nothing hangs, and each such file is
// skipped with its reason, on the first walk and on an incremental update
// alike (stats follow links, so a link re-pointed elsewhere shows as a
// changed file and used to be read again without resolving it).
func TestHostileFileReads(t *testing.T) {
	tests := []struct {
		name   string
		before func(t *testing.T, root, secret string) // before the first index
		after  func(t *testing.T, root, secret string) // between the index and the update; nil for none
		path   string                                  // the hostile file
		reason string                                  // its skip reason after both runs
	}{
		{name: "first walk: link to a file outside", path: "docs/a.md", reason: SkipSymlinkOutside,
			before: func(t *testing.T, root, secret string) {
				symlinks(t, root, map[string]string{"docs/a.md": secret})
			}},
		{name: "update: link through an ignored file re-pointed outside", path: "docs/guide.md", reason: SkipSymlinkOutside,
			before: func(t *testing.T, root, secret string) {
				writeTree(t, root, map[string]string{".gitignore": "hidden/\n", "hidden/hop": "# Guide\n\nharmless\n"})
				symlinks(t, root, map[string]string{"docs/guide.md": "../hidden/hop"})
			},
			after: func(t *testing.T, root, secret string) {
				os.Remove(filepath.Join(root, "hidden", "hop"))
				symlinks(t, root, map[string]string{"hidden/hop": secret})
			}},
		{name: "update: file replaced by a FIFO", path: "docs/notes.md", reason: SkipNotRegular,
			before: func(t *testing.T, root, secret string) {
				writeTree(t, root, map[string]string{"docs/notes.md": "# Notes\n"})
			},
			after: func(t *testing.T, root, secret string) {
				p := filepath.Join(root, "docs", "notes.md")
				os.Remove(p)
				if err := syscall.Mkfifo(p, 0o644); err != nil {
					t.Skip("no FIFOs:", err)
				}
			}},
		{name: "update: file replaced by a link to /dev/zero", path: "docs/zero.md", reason: SkipNotRegular,
			before: func(t *testing.T, root, secret string) {
				writeTree(t, root, map[string]string{"docs/zero.md": "# Zero\n"})
			},
			after: func(t *testing.T, root, secret string) {
				os.Remove(filepath.Join(root, "docs", "zero.md"))
				symlinks(t, root, map[string]string{"docs/zero.md": "/dev/zero"})
			}},
		{name: "update: source re-pointed outside", path: "lib.go", reason: SkipSymlinkOutside,
			before: func(t *testing.T, root, secret string) {
				writeTree(t, root, map[string]string{".gitignore": "real/\n", "real/lib.go": "package main\n\nfunc Lib() {}\n"})
				symlinks(t, root, map[string]string{"lib.go": "real/lib.go"})
			},
			after: func(t *testing.T, root, secret string) {
				os.Remove(filepath.Join(root, "real", "lib.go"))
				symlinks(t, root, map[string]string{"real/lib.go": secret + ".go"})
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			root := filepath.Join(base, "repo")
			secret := filepath.Join(base, "passwd")
			writeTree(t, base, map[string]string{"passwd": secretMarker + "\n", "passwd.go": "package main\n\n// " + secretMarker + "\nfunc Secret() {}\n"})
			writeTree(t, root, map[string]string{"main.go": "package main\n\nfunc main() {}\n", "docs/readme.md": "# Readme\n\nroot bin daemon\n"})
			tt.before(t, root, secret)
			idx, st := mustBuild(t, root, Options{})
			if tt.after != nil {
				tt.after(t, root, secret)
				var err error
				idx, st, err = Update(context.Background(), root, Options{})
				if err != nil {
					t.Fatal(err)
				}
			}
			for n := range idx.Store.Nodes() {
				if strings.Contains(n.Text+n.Name+n.Signature, "SECRET-OUTSIDE") || n.Name == "Secret" {
					t.Errorf("outside content indexed in %s: %q", n.ID, n.Text)
				}
			}
			if st.Skipped[tt.reason] == 0 {
				t.Errorf("skips %v, want one %s", st.Skipped, tt.reason)
			}
			var reason string
			for _, s := range idx.Manifest.Skipped {
				if s.Path == tt.path {
					reason = s.Reason
				}
			}
			if reason != tt.reason {
				t.Errorf("%s skipped as %q, want %q (skipped: %v)", tt.path, reason, tt.reason, idx.Manifest.Skipped)
			}
		})
	}
}

// TestDeepNestingIndexed indexes a repository holding the files that made
// indexing quadratic: 100,000 unclosed braces in a .sh and 10,000 nested
// namespaces in a .cs. Each is a file node alone, reported as too-complex,
// and the build allocates a bounded amount (no timing: the budgets are
// counted in nodes and depths; BenchmarkDeepNesting in indexer/syntax
// measures the time).
func TestDeepNestingIndexed(t *testing.T) {
	root := t.TempDir()
	var cs strings.Builder
	for i := range 10_000 {
		cs.WriteString("namespace N" + strconv.Itoa(i) + " {\n")
	}
	cs.WriteString("class C { void M() {} }\n" + strings.Repeat("}\n", 10_000))
	writeTree(t, root, map[string]string{
		"deep.sh":  "f() " + strings.Repeat("{ ", 100_000) + "\n",
		"deep.cs":  cs.String(),
		"small.sh": "greet() { echo hi; }\n",
	})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	idx, st := mustBuild(t, root, Options{})
	runtime.ReadMemStats(&after)
	for _, p := range []string{"deep.sh", "deep.cs"} {
		var reason string
		for _, b := range st.Broken {
			if b.Path == p {
				reason = b.Reason
			}
		}
		if !strings.HasPrefix(reason, SkipTooComplex+": ") {
			t.Errorf("%s: broken reason %q, want too-complex", p, reason)
		}
		if !idx.Store.Has(graph.FileID(p)) || len(idx.Store.Out(graph.FileID(p), graph.EdgeContains)) != 0 {
			t.Errorf("%s: want a file node alone", p)
		}
	}
	if !idx.Store.Has(graph.SymbolID("small.sh", "greet")) {
		t.Error("the small script lost its function")
	}
	// A few MB of source; 600 MB was the budget of the report, and the
	// quadratic names alone were 1.1 GB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 300<<20 {
		t.Errorf("the build allocated %d MB", alloc>>20)
	}
	fi, err := os.Stat(filepath.Join(IndexDir(root), graphFile))
	if err != nil || fi.Size() > 1<<20 {
		t.Errorf("graph.bin: %v, %v", fi, err)
	}
}

// TestStaleTempFilesRemoved leaves in .gortex the temporary file of a
// .gitignore write killed before its rename: the next index removes it
// once it is stale, and leaves a fresh one (a write in progress) alone.
func TestStaleTempFilesRemoved(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"main.go": "package main\n", ".gortex/.tmp-111": "old", ".gortex/.tmp-222": "new"})
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(root, ".gortex", ".tmp-111"), old, old)
	mustBuild(t, root, Options{})
	if _, err := os.Stat(filepath.Join(root, ".gortex", ".tmp-111")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temporary file kept: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, ".gortex", ".tmp-222")); err != nil {
		t.Errorf("fresh temporary file removed: %v", err)
	}
}

// TestOverBudgetRetried: a file whose parse ran over its time budget is
// parsed again by the next update (the budget of nesting or symbols is
// the file's own; a time budget may be met another time), and stays
// reported while it fails.
func TestOverBudgetRetried(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"runaway.swift": "a astruct A {00A0 a() {a()", // Swift's error recovery runs away on it
		"small.sh":      "greet() { echo hi; }\n",
	})
	_, st := mustBuild(t, root, Options{})
	if !slices.ContainsFunc(st.Broken, func(s Skip) bool { return s.Path == "runaway.swift" }) {
		t.Skip("the Swift grammar parsed the runaway file within its budget: nothing to retry")
	}
	_, st2, err := Update(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st2.UpToDate || st2.Changed != 1 {
		t.Errorf("the update after an over-budget parse: up to date %v, %d changed; want the file parsed again", st2.UpToDate, st2.Changed)
	}
	if !slices.ContainsFunc(st2.Broken, func(s Skip) bool { return s.Path == "runaway.swift" }) {
		t.Errorf("the update lost the over-budget file from its report: %v", st2.Broken)
	}
}
