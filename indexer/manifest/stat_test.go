package manifest

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// statTree writes a tree of n directories of k files each and returns its
// manifest as written to disk and read back (the table Stat reads in place).
func statTree(t *testing.T, n, k int) (string, *Manifest) {
	t.Helper()
	root := t.TempDir()
	m := New()
	m.Dirs = map[string]int64{".": 0}
	for d := range n {
		dir := fmt.Sprintf("pkg%d/sub", d)
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		m.Dirs[dir], m.Dirs[fmt.Sprintf("pkg%d", d)] = 0, 0
		for f := range k {
			p := fmt.Sprintf("%s/f%d.go", dir, f)
			if err := os.WriteFile(filepath.Join(root, p), []byte("package sub\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			m.Set(p, FileRecord{Size: int64(f), Class: ClassSource, Lang: "go"})
		}
	}
	return root, writeRead(t, m)
}

// TestStat checks that Stat visits every directory and file of the
// manifest once, each with its record and its stat or error, from a table
// as read and from a changed manifest alike, and that a visit returning
// false stops it.
func TestStat(t *testing.T) {
	type visit struct {
		dir, failed, regular bool
		size                 int64
		rec                  FileRecord
	}
	tests := []struct {
		name   string
		change func(t *testing.T, root string, m *Manifest)
		want   map[string]func(v visit) bool // checks of some paths' visits
	}{
		{name: "unchanged", want: map[string]func(visit) bool{
			".":               func(v visit) bool { return v.dir && !v.failed },
			"pkg3/sub":        func(v visit) bool { return v.dir && !v.failed },
			"pkg3/sub/f2.go":  func(v visit) bool { return !v.dir && v.regular && v.size == 12 && v.rec.Size == 2 },
			"pkg39/sub/f0.go": func(v visit) bool { return !v.dir && !v.failed && v.rec.Lang == "go" },
		}},
		{name: "file gone, directory gone", change: func(t *testing.T, root string, m *Manifest) {
			os.Remove(filepath.Join(root, "pkg1/sub/f1.go"))
			os.RemoveAll(filepath.Join(root, "pkg2"))
		}, want: map[string]func(visit) bool{
			"pkg1/sub/f1.go": func(v visit) bool { return v.failed && v.rec.Size == 1 },
			"pkg1/sub/f0.go": func(v visit) bool { return !v.failed },
			"pkg2":           func(v visit) bool { return v.dir && v.failed },
			"pkg2/sub/f0.go": func(v visit) bool { return v.failed },
		}},
		{name: "changed manifest", change: func(t *testing.T, root string, m *Manifest) {
			m.Set("pkg0/sub/new.go", FileRecord{Size: 7})
			m.Delete("pkg0/sub/f0.go")
		}, want: map[string]func(visit) bool{
			"pkg0/sub/new.go": func(v visit) bool { return v.failed && v.rec.Size == 7 },
			"pkg0/sub/f1.go":  func(v visit) bool { return !v.failed },
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, m := statTree(t, 40, 3)
			if tt.change != nil {
				tt.change(t, root, m)
			}
			var mu sync.Mutex
			got := map[string][]visit{}
			Stat(root, m, func(p string, st FileStat, err error, dir bool, rec FileRecord) bool {
				mu.Lock()
				defer mu.Unlock()
				got[p] = append(got[p], visit{dir: dir, failed: err != nil, regular: st.Regular, size: st.Size, rec: rec})
				return true
			})
			want := slices.Collect(maps.Keys(m.Dirs))
			for p := range m.Files() {
				want = append(want, p)
			}
			if g := slices.Sorted(maps.Keys(got)); !slices.Equal(g, slices.Sorted(slices.Values(want))) {
				t.Fatalf("visited %d paths, want the manifest's %d", len(g), len(want))
			}
			for p, vs := range got {
				if len(vs) != 1 {
					t.Errorf("%s visited %d times", p, len(vs))
				}
			}
			for p, ok := range tt.want {
				if !ok(got[p][0]) {
					t.Errorf("%s: visit %+v", p, got[p][0])
				}
			}
		})
	}
}

func TestStatStops(t *testing.T) {
	root, m := statTree(t, 200, 5)
	var mu sync.Mutex
	n := 0
	Stat(root, m, func(string, FileStat, error, bool, FileRecord) bool {
		mu.Lock()
		defer mu.Unlock()
		n++
		return n < 3
	})
	// Each goroutine finishes the visit it is in: at most one more each.
	if total := len(m.Dirs) + m.FileCount(); n >= total/2 {
		t.Errorf("%d of %d visits after the third returned false", n, total)
	}
}

func TestStatRootGone(t *testing.T) {
	root, m := statTree(t, 2, 2)
	n := 0
	Stat(filepath.Join(root, "missing"), m, func(_ string, _ FileStat, err error, _ bool, _ FileRecord) bool {
		if err == nil {
			t.Error("a stat below a missing root succeeded")
		}
		n++
		return false
	})
	if n != 1 {
		t.Errorf("%d visits, want 1", n)
	}
}
