package memory

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/gortex/gortex/repofs"
)

// TestLinkedMemoryDir stores and lists memories in a repository whose
// .gortex, or .gortex/memories, is a committed link to a directory outside
// it: the write is refused, the read reports the refusal as a problem, and
// nothing outside changes.
func TestLinkedMemoryDir(t *testing.T) {
	tests := []struct {
		name string
		link string // the path below root made a link to outside
	}{
		{"linked .gortex", ".gortex"},
		{"linked memories", ".gortex/memories"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			root, outside := filepath.Join(base, "repo"), filepath.Join(base, "outside")
			os.MkdirAll(filepath.Join(root, ".gortex"), 0o755)
			os.MkdirAll(outside, 0o755)
			planted := filepath.Join(outside, "20260101T000000Z-aaaaaa.md")
			os.WriteFile(planted, []byte("---\nid: 20260101T000000Z-aaaaaa\n---\nsecret\n"), 0o600)
			p := filepath.Join(root, filepath.FromSlash(tt.link))
			os.RemoveAll(p)
			if err := os.Symlink(outside, p); err != nil {
				t.Skip(err)
			}
			s := OpenWorkspace(root)
			_, err := s.Add(context.Background(), &Memory{Body: "# A decision\n\nWe keep it."}, AddOptions{})
			if !errors.Is(err, repofs.ErrNotDir) {
				t.Errorf("Add through a link: %v, want %v", err, repofs.ErrNotDir)
			}
			mems, probs, err := s.List(context.Background(), Filter{})
			if err != nil || len(mems) != 0 || len(probs) != 1 || !errors.Is(probs[0].Err, repofs.ErrNotDir) {
				t.Errorf("List through a link = %v, %v, %v; want one refusal", mems, probs, err)
			}
			entries, _ := os.ReadDir(outside)
			if len(entries) != 1 {
				t.Errorf("outside holds %d entries, want the one planted", len(entries))
			}
		})
	}
}

// TestHostileMemoryFiles lists a store whose memory files are a link to
// /dev/zero, a FIFO, a file over MaxFileSize and a link out of the
// repository: each is skipped as a problem, nothing hangs or reads without
// bound, and the good memory is still read.
func TestHostileMemoryFiles(t *testing.T) {
	s, root := testStore(t)
	good := mustAdd(t, s, &Memory{Body: "# Keep invoices gapless\n\nAuditors require it."}, AddOptions{})
	dir := WorkspaceDir(root)
	secret := filepath.Join(filepath.Dir(root), "secret-memory.md")
	os.WriteFile(secret, []byte("---\nid: 20260101T000000Z-ssssss\n---\nsecret\n"), 0o600)
	tests := []struct {
		name string
		id   string
		make func(p string) error
		err  error
	}{
		{"link to /dev/zero", "20260101T000000Z-zzzzzz", func(p string) error { return os.Symlink("/dev/zero", p) }, repofs.ErrOutside},
		{"fifo", "20260101T000000Z-ffffff", func(p string) error { return syscall.Mkfifo(p, 0o644) }, repofs.ErrNotRegular},
		{"over the cap", "20260101T000000Z-bbbbbb", func(p string) error {
			return os.WriteFile(p, []byte("---\nid: x\n---\n"+strings.Repeat("a", MaxFileSize)), 0o644)
		}, repofs.ErrTooLarge},
		{"link outside", "20260101T000000Z-ssssss", func(p string) error { return os.Symlink(secret, p) }, repofs.ErrOutside},
	}
	want := map[string]error{}
	for _, tt := range tests {
		p := filepath.Join(dir, tt.id+".md")
		if err := tt.make(p); err != nil {
			t.Skipf("%s: %v", tt.name, err)
		}
		want[".gortex/memories/"+tt.id+".md"] = tt.err
	}
	mems, probs, err := s.List(context.Background(), Filter{})
	if err != nil || len(mems) != 1 || mems[0].ID != good.ID {
		t.Fatalf("List = %v, %v; want the one good memory", mems, err)
	}
	if len(probs) != len(tests) {
		t.Errorf("%d problems, want %d: %v", len(probs), len(tests), probs)
	}
	for _, p := range probs {
		if w, ok := want[p.Path]; !ok || !errors.Is(p.Err, w) {
			t.Errorf("problem %s: %v, want %v", p.Path, p.Err, w)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.Get(context.Background(), tt.id); !errors.Is(err, tt.err) {
				t.Errorf("Get(%s) = %v, want %v", tt.id, err, tt.err)
			}
		})
	}
}

// TestOrphanedTempFilesRemoved leaves the temporary files a write killed
// between create and rename leaves (kill -9 during memory add), and checks
// that the next write removes them and nothing else.
func TestOrphanedTempFilesRemoved(t *testing.T) {
	s, root := testStore(t)
	first := mustAdd(t, s, &Memory{Body: "# First decision\n\nKept."}, AddOptions{})
	dir := WorkspaceDir(root)
	orphans := []string{"." + string(first.ID) + ".md.tmp-123456", ".20260101T000000Z-abcdef.md.tmp-42"}
	for _, o := range orphans {
		if err := os.WriteFile(filepath.Join(dir, o), []byte("half a memo"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kept := []string{".gitignore", ".lock", string(first.ID) + ".md", ".notes.tmp-1"} // not memory writes
	os.WriteFile(filepath.Join(dir, ".notes.tmp-1"), []byte("someone else's"), 0o644)
	mustAdd(t, s, &Memory{Body: "# Second decision\n\nAlso kept."}, AddOptions{})
	for _, o := range orphans {
		if _, err := os.Stat(filepath.Join(dir, o)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("orphan %s is still there (%v)", o, err)
		}
	}
	for _, k := range kept {
		if _, err := os.Stat(filepath.Join(dir, k)); err != nil {
			t.Errorf("%s was removed: %v", k, err)
		}
	}
}
