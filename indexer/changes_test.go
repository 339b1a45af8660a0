//go:build unix

package indexer

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gortex/gortex/indexer/manifest"
)

// TestWalkChangedMatchesWalk holds an update's listing of the changed
// directories (walkChanged) to a walk of the whole tree: after each
// change, the files found changed and gone, the directories and the
// skipped paths are those a walk and its diff with the manifest give;
// and the listing is taken (not a walk) where it can be.
func TestWalkChangedMatchesWalk(t *testing.T) {
	tree := map[string]string{
		".gitignore":           "*.log\nbuild/\n",
		"README.md":            "# R\n",
		"a/a.go":               "package a\n",
		"a/doc.md":             "# A\n",
		"a/b/b.go":             "package b\n",
		"a/b/c/c.go":           "package c\n",
		"a/b/c/d/d.md":         "# D\n",
		"a/b/keep.log":         "ignored\n",
		"build/out.go":         "package out\n",
		"e/e.go":               "package e\n",
		"e/bin.go":             "package e\x00\n",
		"vendor/v/v.go":        "package v\n",
		"f/testdata/script.md": "# S\n",
	}
	tests := []struct {
		name   string
		change func(t *testing.T, root string)
		walk   bool // the listing cannot be placed: a walk is needed
	}{
		{"saved by renaming", func(t *testing.T, root string) {
			writeTree(t, root, map[string]string{"a/b/b.go.new": "package b\n\nfunc B() {}\n"})
			mustDo(t, os.Rename(filepath.Join(root, "a/b/b.go.new"), filepath.Join(root, "a/b/b.go")))
		}, false},
		{"a new file", func(t *testing.T, root string) {
			writeTree(t, root, map[string]string{"a/b/new.go": "package b\n"})
		}, false},
		{"a new directory with directories in it", func(t *testing.T, root string) {
			writeTree(t, root, map[string]string{"a/n/n.go": "package n\n", "a/n/m/m.md": "# M\n", "a/n/m/x.log": "x\n", "a/n/node_modules/p.js": "x\n"})
		}, false},
		{"a directory removed", func(t *testing.T, root string) {
			mustDo(t, os.RemoveAll(filepath.Join(root, "a/b")))
		}, false},
		{"a directory replaced by a file", func(t *testing.T, root string) {
			mustDo(t, os.RemoveAll(filepath.Join(root, "a/b/c")))
			writeTree(t, root, map[string]string{"a/b/c": "now a file\n"})
		}, false},
		{"a directory replaced by a link to one", func(t *testing.T, root string) {
			mustDo(t, os.RemoveAll(filepath.Join(root, "a/b/c")))
			mustDo(t, os.Symlink("../../e", filepath.Join(root, "a/b/c")))
			// Not the time a/b/c had, which one tick may have given both.
			old := time.Now().Add(-time.Hour)
			mustDo(t, os.Chtimes(filepath.Join(root, "e"), old, old))
		}, false},
		{"a binary file and a link out of the tree", func(t *testing.T, root string) {
			writeTree(t, root, map[string]string{"e/bin2.go": "x\x00y"})
			mustDo(t, os.Symlink("/etc/hostname", filepath.Join(root, "e/out.go")))
		}, false},
		{"a file removed from the root", func(t *testing.T, root string) {
			mustDo(t, os.Remove(filepath.Join(root, "README.md")))
		}, false},
		{"files in an ignored and a vendored directory", func(t *testing.T, root string) {
			writeTree(t, root, map[string]string{"build/more.go": "package out\n", "vendor/w.go": "package w\n"})
		}, false},
		{"a vendor directory made", func(t *testing.T, root string) {
			writeTree(t, root, map[string]string{"a/vendor/x.go": "package x\n"})
		}, false},
		{"a changed directory below a new one and a removed one", func(t *testing.T, root string) {
			writeTree(t, root, map[string]string{"a/b/c/d/new.md": "# N\n", "a/new/x.go": "package x\n"})
			mustDo(t, os.RemoveAll(filepath.Join(root, "e")))
		}, false},
		{"a new .gitignore", func(t *testing.T, root string) {
			writeTree(t, root, map[string]string{"a/.gitignore": "*.md\n"})
		}, true},
		{"a .gitignore removed", func(t *testing.T, root string) {
			mustDo(t, os.Remove(filepath.Join(root, ".gitignore")))
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, tree)
			man := walkedManifest(t, root)
			// Directory times are in ns but may not move within a tick.
			time.Sleep(20 * time.Millisecond)
			tt.change(t, root)

			want := testBuilder(t, root, man)
			w, err := Walk(context.Background(), root, WalkOptions{Known: want.known})
			if err != nil {
				t.Fatal(err)
			}
			wantChanged, wantGone := want.diff(w.Files)
			want.man.Dirs, want.man.Skipped = w.Dirs, w.Skipped

			got := testBuilder(t, root, man)
			stated, dirs, ok := got.statChanges()
			if ok {
				_, _, ok = testBuilder(t, root, man).walkChanged(context.Background(), dirs, stated)
			}
			if ok == tt.walk {
				t.Fatalf("listing taken: %v, want %v", ok, !tt.walk)
			}
			changed, gone, err := got.changes(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(gone)
			slices.Sort(wantGone)
			if p, q := pathsOf(changed), pathsOf(wantChanged); !slices.Equal(p, q) {
				t.Errorf("changed %v, a walk: %v", p, q)
			}
			if !slices.Equal(gone, wantGone) {
				t.Errorf("gone %v, a walk: %v", gone, wantGone)
			}
			if !maps.Equal(got.man.Dirs, want.man.Dirs) {
				t.Errorf("directories %v, a walk: %v", got.man.Dirs, want.man.Dirs)
			}
			if !slices.Equal(got.man.Skipped, want.man.Skipped) {
				t.Errorf("skipped %v, a walk: %v", got.man.Skipped, want.man.Skipped)
			}
		})
	}
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// walkedManifest is the manifest of a walk of root, as a build records it.
func walkedManifest(t *testing.T, root string) *Manifest {
	t.Helper()
	w, err := Walk(context.Background(), root, WalkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := manifest.New()
	for _, f := range w.Files {
		src, err := os.ReadFile(f.Abs)
		if err != nil {
			t.Fatal(err)
		}
		m.Set(f.Path, FileRecord{Size: f.Size, ModTime: f.ModTime.UnixNano(), Hash: hashBytes(src), Class: f.Class, Lang: f.Lang})
	}
	m.Dirs, m.Skipped = w.Dirs, w.Skipped
	return m
}

// testBuilder is a builder of an update of root from a copy of man.
func testBuilder(t *testing.T, root string, man *Manifest) *builder {
	t.Helper()
	fsys, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	m := manifest.New()
	for p, r := range man.Files() {
		m.Set(p, r)
	}
	m.Dirs, m.Skipped = maps.Clone(man.Dirs), slices.Clone(man.Skipped)
	b := newBuilder(root, Options{})
	b.fsys, b.man = fsys, m
	return b
}
