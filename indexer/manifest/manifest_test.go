package manifest

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gortex/gortex/graph"
)

func testManifest() *Manifest {
	m := New()
	m.Dirs = map[string]int64{".": 1, "docs": 2}
	m.Modules = map[string]string{".": "example.com/shop"}
	m.Build = "v1"
	m.Links = map[graph.Signal]int{graph.SignalNamed: 3}
	m.Skipped = []Skip{{Path: "vendor", Reason: "vendor"}}
	m.Set("main.go", FileRecord{Size: 10, ModTime: 100, Hash: 1, Class: ClassSource, Lang: "go"})
	m.Set("docs/adr.md", FileRecord{Size: 20, ModTime: 200, Hash: 2, Class: ClassDoc})
	m.Set("go.mod", FileRecord{Size: 30, ModTime: 300, Hash: 3, Class: ClassGoMod})
	m.Set("README.md", FileRecord{Size: 40, ModTime: 400, Hash: 4, Class: ClassDoc})
	return m
}

// TestWriteRead checks that a manifest reads back as written, files
// searched in the table, and that changing one read from disk keeps the
// files it did not change.
func TestWriteRead(t *testing.T) {
	want := testManifest()
	p := filepath.Join(t.TempDir(), "manifest.bin")
	if err := Write(p, want); err != nil {
		t.Fatal(err)
	}
	got, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if got.table == nil || got.files != nil {
		t.Fatal("a manifest read from disk decoded its files into a map")
	}
	if got.Build != want.Build || !maps.Equal(got.Dirs, want.Dirs) || !maps.Equal(got.Modules, want.Modules) ||
		!maps.Equal(got.Links, want.Links) || !slices.Equal(got.Skipped, want.Skipped) {
		t.Errorf("read %+v, wrote %+v", got, want)
	}
	if !maps.Equal(maps.Collect(got.Files()), maps.Collect(want.Files())) {
		t.Errorf("files %v, wrote %v", maps.Collect(got.Files()), maps.Collect(want.Files()))
	}
	if r, ok := got.File("docs/adr.md"); !ok || r.Hash != 2 || r.Class != ClassDoc {
		t.Errorf("File(docs/adr.md) = %+v, %v", r, ok)
	}
	if _, ok := got.File("docs"); ok {
		t.Error("File found a directory")
	}
	if docs := slices.Sorted(maps.Keys(maps.Collect(got.Docs()))); !slices.Equal(docs, []string{"README.md", "docs/adr.md"}) {
		t.Errorf("Docs = %v", docs)
	}

	got.Delete("go.mod")
	got.Set("new.go", FileRecord{Size: 1, Class: ClassSource, Lang: "go"})
	if got.FileCount() != 4 {
		t.Fatalf("FileCount = %d after a delete and an add, want 4", got.FileCount())
	}
	if _, ok := got.File("main.go"); !ok {
		t.Error("a change lost a file it did not touch")
	}
	if _, ok := got.File("go.mod"); ok {
		t.Error("Delete kept the file")
	}
}

func TestReadRefuses(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if err := Write(good, testManifest()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// A manifest of another version, framed as this one writes it.
	var head bytes.Buffer
	if err := gob.NewEncoder(&head).Encode(&Manifest{Version: Version - 1}); err != nil {
		t.Fatal(err)
	}
	old := binary.LittleEndian.AppendUint64([]byte(magic), uint64(head.Len()))
	old = append(append(old, head.Bytes()...), encodeTable(nil)...)
	for _, tc := range []struct {
		name string
		data []byte // nil: no file
		want error
	}{
		{"missing", nil, fs.ErrNotExist},
		{"empty", []byte{}, graph.ErrCorrupt},
		{"gob alone", data[len(magic)+8:], graph.ErrCorrupt},
		{"cut", data[:len(data)-3], graph.ErrCorrupt},
		{"head length too long", append(append([]byte(magic), 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0), data[len(magic)+8:]...), graph.ErrCorrupt},
		{"older version", old, graph.ErrVersion},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name)
			if tc.data != nil {
				if err := os.WriteFile(p, tc.data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := Read(p); !errors.Is(err, tc.want) {
				t.Fatalf("Read = %v, want %v", err, tc.want)
			}
		})
	}
}
