package fsutil

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCopyRefusesWhatLeadsOut: a live index lies in a repository's
// .gortex, outside input. A symbolic link in it (to a file outside the
// root) is neither read nor linked into the new index, and a copy never
// writes through a name that exists (it could be a hard link of a file
// outside): each refusal is an error, so that the caller rebuilds.
func TestCopyRefusesWhatLeadsOut(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(outside, []byte("outside the root"), 0o600); err != nil {
		t.Fatal(err)
	}
	frozen := func(name string) bool { return strings.HasSuffix(name, ".zap") }
	tests := []struct {
		name string
		link string // the entry of the live directory that is a link out
		copy func(src, dst string) error
	}{
		{"CopyDir, a copied file", "root.bolt", CopyDir},
		{"LinkTree, a copied file", "root.bolt", func(src, dst string) error { return LinkTree(src, dst, frozen) }},
		{"LinkTree, a linked file", "00000001.zap", func(src, dst string) error { return LinkTree(src, dst, frozen) }},
		{"LinkOrCopy", "graph.bin", func(src, dst string) error {
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return err
			}
			return LinkOrCopy(filepath.Join(src, "graph.bin"), filepath.Join(dst, "graph.bin"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			live, dst := t.TempDir(), filepath.Join(t.TempDir(), "new")
			if err := os.WriteFile(filepath.Join(live, "plain"), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, filepath.Join(live, tt.link)); err != nil {
				t.Fatal(err)
			}
			err := tt.copy(live, dst)
			if err == nil {
				t.Fatal("a link out of the live directory was taken over")
			}
			if !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("error %q does not say what is wrong", err)
			}
			filepath.WalkDir(dst, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && d.Type()&os.ModeSymlink != 0 {
					t.Errorf("%s: a link was made in the new directory", p)
				}
				return nil
			})
		})
	}
}

// TestCopyFileNeverWritesThrough: dst is a hard link of another file
// (outside the root); the copy replaces the name and that file keeps its
// bytes.
func TestCopyFileNeverWritesThrough(t *testing.T) {
	dir := t.TempDir()
	src, other, dst := filepath.Join(dir, "src"), filepath.Join(dir, "other"), filepath.Join(dir, "dst")
	if err := os.WriteFile(src, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(other, dst); err != nil {
		t.Fatal(err)
	}
	for _, cp := range []func(src, dst string) error{CopyFile, LinkOrCopy} {
		if err := cp(src, dst); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(other); string(got) != "keep me" {
			t.Errorf("the linked file holds %q", got)
		}
		if got, _ := os.ReadFile(dst); string(got) != "new" {
			t.Errorf("the copy holds %q", got)
		}
		if err := os.Remove(dst); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(other, dst); err != nil {
			t.Fatal(err)
		}
	}
}
