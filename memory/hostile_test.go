package memory

import (
	"context"
	"errors"
	"os"
	"path/filepath"
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
