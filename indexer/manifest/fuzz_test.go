package manifest

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead feeds arbitrary bytes to the manifest reader: it must not
// panic, refuses what it cannot decode with an error, and a manifest it
// accepts yields strictly increasing paths, each of which File finds with
// the same record.
func FuzzRead(f *testing.F) {
	m := New()
	m.Set("a.go", FileRecord{Size: 1, Class: ClassSource, Lang: "go"})
	m.Set("doc/b.md", FileRecord{Size: 2, Class: ClassDoc})
	p := filepath.Join(f.TempDir(), "m")
	if err := Write(p, m); err != nil {
		f.Fatal(err)
	}
	seed, err := os.ReadFile(p)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Add([]byte{})
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decode("fuzz", data)
		if err != nil {
			return
		}
		if m.Version != Version {
			t.Fatalf("accepted a manifest of version %d", m.Version)
		}
		prev, n := "", 0
		for p, r := range m.Files() {
			if p == "" || (n > 0 && p <= prev) {
				t.Fatalf("path %q after %q", p, prev)
			}
			if got, ok := m.File(p); !ok || got != r {
				t.Fatalf("File(%q) = %+v, %v; Files gave %+v", p, got, ok, r)
			}
			prev, n = p, n+1
		}
		if n != m.FileCount() {
			t.Fatalf("Files yielded %d, FileCount says %d", n, m.FileCount())
		}
	})
}
