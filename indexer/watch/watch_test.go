package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/indexer"
)

// settle waits until w has seen at least n events more than before, or a
// while: events arrive on their own goroutine.
func settle(w *Watcher, before int64, n int64) {
	deadline := time.Now().Add(2 * time.Second)
	for w.gen.Load() < before+n && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // and whatever else the change made
}

func TestWatcher(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, root string)
		events bool // whether the change makes an event the watcher counts
		stale  bool
	}{
		{name: "nothing", stale: false},
		{name: "a file written in place", change: func(t *testing.T, root string) {
			f, err := os.OpenFile(filepath.Join(root, "billing", "invoice.go"), os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("\n// later\n")
			f.Close()
		}, events: true, stale: true},
		{name: "a new file in a subdirectory", change: func(t *testing.T, root string) {
			os.WriteFile(filepath.Join(root, "billing", "new.go"), []byte("package billing\n"), 0o644)
		}, events: true, stale: true},
		{name: "a file removed", change: func(t *testing.T, root string) {
			os.Remove(filepath.Join(root, "billing", "invoice.go"))
		}, events: true, stale: true},
		{name: "a mode changed, nothing else", change: func(t *testing.T, root string) {
			os.Chmod(filepath.Join(root, "billing", "invoice.go"), 0o600)
		}, events: true, stale: false},
		{name: "the index's own directory", change: func(t *testing.T, root string) {
			os.WriteFile(filepath.Join(root, ".gortex", "cache", "x.json"), []byte("{}"), 0o644)
			os.MkdirAll(filepath.Join(root, ".gortex", "cache", "blame"), 0o755)
		}, events: false, stale: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := copyFixture(t)
			idx, _ := mustBuild(t, root)
			os.MkdirAll(filepath.Join(root, ".gortex", "cache"), 0o755)
			w, err := NewWatcher(root)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			w.Track(idx)
			walks := statWalks.Load()
			if w.Stale(idx) {
				t.Fatal("stale right after a build")
			}
			if statWalks.Load() != walks+1 {
				t.Fatal("the first check after Track did not stat")
			}
			if w.Stale(idx) || statWalks.Load() != walks+1 {
				t.Fatal("a quiet second check statted")
			}
			before := w.gen.Load()
			if tt.change != nil {
				tt.change(t, root)
			}
			settle(w, before, 1)
			if got := w.gen.Load() > before; got != tt.events {
				t.Errorf("events counted: %v, want %v", got, tt.events)
			}
			walks = statWalks.Load()
			if got := w.Stale(idx); got != tt.stale {
				t.Errorf("Stale after the change = %v, want %v", got, tt.stale)
			}
			if statted := statWalks.Load() > walks; statted != tt.events {
				t.Errorf("the check after the change statted: %v, want %v", statted, tt.events)
			}
			if !tt.stale {
				walks = statWalks.Load()
				w.Stale(idx)
				if statWalks.Load() != walks {
					t.Error("a quiet check after a clean one statted")
				}
			}
		})
	}
}

func TestWatcherBroken(t *testing.T) {
	root := copyFixture(t)
	idx, _ := mustBuild(t, root)
	w, err := NewWatcher(root)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Track(idx)
	w.mu.Lock()
	w.broken = "test"
	w.mu.Unlock()
	for range 2 {
		walks := statWalks.Load()
		if w.Stale(idx) {
			t.Fatal("stale right after a build")
		}
		if statWalks.Load() != walks+1 {
			t.Error("a broken watcher's index did not stat")
		}
	}
}

// TestWatcherSeesAWriteAtOnce checks without waiting: a change made just
// before a check is seen by it (the check's marker event comes after the
// change's).
func TestWatcherSeesAWriteAtOnce(t *testing.T) {
	root := copyFixture(t)
	idx, _ := mustBuild(t, root)
	w, err := NewWatcher(root)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Track(idx)
	if w.Stale(idx) || w.Stale(idx) {
		t.Fatal("stale right after a build")
	}
	f, err := os.OpenFile(filepath.Join(root, "cart", "cart.go"), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n// later\n")
	f.Close()
	if !w.Stale(idx) {
		t.Error("a write made just before the check is not seen")
	}
	if strings.Contains(w.Status(), "stat before every call") {
		t.Errorf("status = %q, want the watcher", w.Status())
	}
}

// BenchmarkStale is the staleness check of a long-running process on the
// fixture: statting the manifest's files, and with a watcher that saw no
// change (one op is one check).
func BenchmarkStale(b *testing.B) {
	root := filepath.Join(b.TempDir(), "repo")
	if err := os.CopyFS(root, os.DirFS("../../testdata/repo")); err != nil {
		b.Fatal(err)
	}
	if _, _, err := indexer.Build(context.Background(), root, indexer.Options{}); err != nil {
		b.Fatal(err)
	}
	for _, watched := range []bool{false, true} {
		b.Run(map[bool]string{false: "stat", true: "watcher"}[watched], func(b *testing.B) {
			idx, err := indexer.Load(root)
			if err != nil {
				b.Fatal(err)
			}
			stale := func() bool { return idx.Stale(indexer.CheckAll) }
			if watched {
				w, err := NewWatcher(root)
				if err != nil {
					b.Fatal(err)
				}
				defer w.Close()
				w.Track(idx)
				stale = func() bool { return w.Stale(idx) }
			}
			for b.Loop() {
				if stale() {
					b.Fatal("stale")
				}
			}
		})
	}
}

// copyFixture copies the fixture repository to a temporary directory.
func copyFixture(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("../../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	return root
}

// mustBuild indexes root.
func mustBuild(t testing.TB, root string) (*indexer.Index, indexer.Stats) {
	t.Helper()
	idx, st, err := indexer.Build(context.Background(), root, indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return idx, st
}

// TestWatcherHostileMarkers starts a watcher in a repository that
// committed its marker files as links to a file outside (an
// authorized_keys), or the marker directory as a link to a directory
// outside: the file outside keeps its content, nothing is made outside,
// and the watcher still sees a change (or, with its directory refused,
// stats as without one).
func TestWatcherHostileMarkers(t *testing.T) {
	tests := []struct {
		name   string
		plant  func(t *testing.T, root, keys, outDir string)
		broken bool
	}{
		{"marker files linked outside", func(t *testing.T, root, keys, _ string) {
			dir := filepath.Join(root, ".gortex", "cache", "watch")
			os.MkdirAll(dir, 0o755)
			for i := 1; i <= 20; i++ {
				if err := os.Symlink(keys, filepath.Join(dir, fmt.Sprintf("mark-%d", i))); err != nil {
					t.Fatal(err)
				}
			}
		}, false},
		{"marker directory linked outside", func(t *testing.T, root, _, outDir string) {
			os.MkdirAll(filepath.Join(root, ".gortex", "cache"), 0o755)
			if err := os.Symlink(outDir, filepath.Join(root, ".gortex", "cache", "watch")); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"cache directory linked outside", func(t *testing.T, root, _, outDir string) {
			if err := os.Symlink(outDir, filepath.Join(root, ".gortex", "cache")); err != nil {
				t.Fatal(err)
			}
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := copyFixture(t)
			idx, _ := mustBuild(t, root)
			outside := t.TempDir()
			keys, outDir := filepath.Join(outside, "authorized_keys"), filepath.Join(outside, "dir")
			const key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI user@host\n"
			os.WriteFile(keys, []byte(key), 0o600)
			os.Mkdir(outDir, 0o755)
			tt.plant(t, root, keys, outDir)
			w, err := NewWatcher(root)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			w.Track(idx)
			for range 25 {
				if w.Stale(idx) {
					t.Fatal("stale with nothing changed")
				}
			}
			os.WriteFile(filepath.Join(root, "billing", "new.go"), []byte("package billing\n"), 0o644)
			if !w.Stale(idx) {
				t.Error("a new file is not seen")
			}
			if got, _ := os.ReadFile(keys); string(got) != key {
				t.Errorf("the file outside was changed to %q", got)
			}
			if entries, _ := os.ReadDir(outDir); len(entries) != 0 {
				t.Errorf("files were made outside: %v", entries)
			}
			if broken := strings.Contains(w.Status(), "stat before every call"); broken != tt.broken {
				t.Errorf("status %q: broken %v, want %v", w.Status(), broken, tt.broken)
			}
		})
	}
}
