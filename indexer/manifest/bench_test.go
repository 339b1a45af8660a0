package manifest

import (
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkRead reads a manifest the size of three copies of GOROOT/src's
// (31k files in 3.3k directories, 4k documents) and scans its documents,
// as every gortex why does.
func BenchmarkRead(b *testing.B) {
	m := New()
	m.Dirs = map[string]int64{}
	for d := range 3300 {
		dir := fmt.Sprintf("copy%d/pkg%d/sub", d%3, d)
		m.Dirs[dir] = int64(d)
		for f := range 9 {
			class, lang := ClassSource, "go"
			if f == 0 {
				class, lang = ClassDoc, ""
			}
			m.Set(fmt.Sprintf("%s/file%d.go", dir, f), FileRecord{Size: int64(f), ModTime: int64(d), Class: class, Lang: lang})
		}
	}
	p := filepath.Join(b.TempDir(), "manifest.bin")
	if err := Write(p, m); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		got, err := Read(p)
		if err != nil {
			b.Fatal(err)
		}
		docs := 0
		for range got.Docs() {
			docs++
		}
		if docs != 3300 {
			b.Fatalf("%d documents, want 3300", docs)
		}
	}
}
