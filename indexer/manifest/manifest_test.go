package manifest

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
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
	got := writeRead(t, want)
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
	old = append(append(old, head.Bytes()...), encodeTable(0, sortedFiles(nil))...)
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

// TestEditsOverTable changes a manifest read from disk, one file at a
// time, as updates do (kept beside its table), and compares every read
// with a manifest of the same files made in memory: File, Files (in path
// order), FileCount, Docs, and the manifest written and read again.
func TestEditsOverTable(t *testing.T) {
	p := filepath.Join(t.TempDir(), "manifest.bin")
	if err := Write(p, testManifest()); err != nil {
		t.Fatal(err)
	}
	got, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	want := maps.Collect(testManifest().Files())
	steps := []struct {
		path string
		rec  *FileRecord // nil: delete
	}{
		{"main.go", &FileRecord{Size: 11, ModTime: 101, Hash: 9, Class: ClassSource, Lang: "go"}}, // changed
		{"a.go", &FileRecord{Size: 1, Class: ClassSource, Lang: "go"}},                            // before every path
		{"zz/last.md", &FileRecord{Size: 2, Class: ClassDoc}},                                     // after every path
		{"go.mod", nil}, // gone
		{"docs/b.md", &FileRecord{Size: 3, Class: ClassDoc}}, // between two
		{"go.mod", &FileRecord{Size: 31, Class: ClassGoMod}}, // back
		{"README.md", nil},
		{"never.go", nil}, // gone without having been
	}
	for i, st := range steps {
		if st.rec == nil {
			got.Delete(st.path)
			delete(want, st.path)
		} else {
			got.Set(st.path, *st.rec)
			want[st.path] = *st.rec
		}
		check := func(m *Manifest, what string) {
			t.Helper()
			var paths []string
			for q, r := range m.Files() {
				paths = append(paths, q)
				if w, ok := want[q]; !ok || w != r {
					t.Errorf("step %d, %s: Files yields %s %+v, want %+v (%v)", i, what, q, r, w, ok)
				}
				if f, ok := m.File(q); !ok || f != r {
					t.Errorf("step %d, %s: File(%s) = %+v, %v", i, what, q, f, ok)
				}
			}
			if !slices.IsSorted(paths) || len(paths) != len(want) || m.FileCount() != len(want) {
				t.Errorf("step %d, %s: Files %v (count %d), want the %d of %v in order", i, what, paths, m.FileCount(), len(want), slices.Sorted(maps.Keys(want)))
			}
			var docs, wantDocs []string
			for q := range m.Docs() {
				docs = append(docs, q)
			}
			for q, r := range want {
				if r.Class == ClassDoc {
					wantDocs = append(wantDocs, q)
				}
			}
			slices.Sort(docs)
			slices.Sort(wantDocs)
			if !slices.Equal(docs, wantDocs) {
				t.Errorf("step %d, %s: Docs %v, want %v", i, what, docs, wantDocs)
			}
			if _, ok := m.File("never.go"); ok {
				t.Errorf("step %d, %s: File found a file never added", i, what)
			}
		}
		check(got, "edited")
		q := filepath.Join(t.TempDir(), "manifest.bin")
		if err := Write(q, got); err != nil {
			t.Fatal(err)
		}
		back, err := Read(q)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		check(back, "written and read")
	}
	if got.files != nil {
		t.Error("an edit decoded the table into a map")
	}
}

// TestWritePatched checks that a manifest read from disk and changed in
// place (the records of files it holds, as an update changes them) writes
// the table a manifest decoded whole and encoded again writes, and that
// other changes (a file added or gone, another language) do too.
func TestWritePatched(t *testing.T) {
	tests := []struct {
		name    string
		change  func(m *Manifest)
		patched bool
	}{
		{"records changed", func(m *Manifest) {
			m.Set("main.go", FileRecord{Size: 11, ModTime: 101, Hash: 9, Class: ClassSource, Lang: "go"})
			m.Set("README.md", FileRecord{Size: 41, ModTime: 401, Hash: 8, Class: ClassOther})
			m.Dirs["docs"] = 5
		}, true},
		{"nothing changed", func(m *Manifest) {}, true},
		{"language changed", func(m *Manifest) {
			m.Set("main.go", FileRecord{Size: 11, Class: ClassSource, Lang: "rust"})
		}, false},
		{"file added", func(m *Manifest) { m.Set("b.go", FileRecord{Size: 1, Lang: "go"}) }, false},
		{"file gone", func(m *Manifest) { m.Delete("go.mod") }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			src := filepath.Join(dir, "m.bin")
			if err := Write(src, testManifest()); err != nil {
				t.Fatal(err)
			}
			read := func() *Manifest {
				m, err := Read(src)
				if err != nil {
					t.Fatal(err)
				}
				return m
			}
			got, want := read(), read()
			tt.change(got)
			tt.change(want)
			want.own() // decoded whole: encoded record by record
			if _, ok := got.patchedTable(); ok != tt.patched {
				t.Errorf("patched = %v, want %v", ok, tt.patched)
			}
			gp, wp := filepath.Join(dir, "got"), filepath.Join(dir, "want")
			if err := Write(gp, got); err != nil {
				t.Fatal(err)
			}
			if err := Write(wp, want); err != nil {
				t.Fatal(err)
			}
			g, w := tableBytes(t, gp), tableBytes(t, wp)
			if !bytes.Equal(g, w) {
				t.Errorf("wrote %d bytes, a manifest encoded whole %d, not the same", len(g), len(w))
			}
			if _, err := Read(gp); err != nil {
				t.Errorf("read back: %v", err)
			}
		})
	}
}

// tableBytes returns the table of files of the manifest file at p (its
// head is a gob, whose maps are written in no set order).
func tableBytes(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil || len(data) < len(magic)+8 {
		t.Fatalf("read %s: %v", p, err)
	}
	rest := data[len(magic):]
	return rest[8+binary.LittleEndian.Uint64(rest):]
}

// writeRead writes m to a file and reads it back: its files a table read
// in place.
func writeRead(t *testing.T, m *Manifest) *Manifest {
	t.Helper()
	p := filepath.Join(t.TempDir(), "manifest.bin")
	if err := Write(p, m); err != nil {
		t.Fatal(err)
	}
	got, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestFilesUnder checks the files below a directory, from a table as read
// and from a changed manifest.
func TestFilesUnder(t *testing.T) {
	m := New()
	for _, p := range []string{"a.go", "doc/x.md", "docs/a.md", "docs/adr/1.md", "docs/b.md", "docs.go", "docsx/c.md", "z/docs/y.md"} {
		m.Set(p, FileRecord{Lang: "go"})
	}
	read, changed := writeRead(t, m), writeRead(t, m)
	changed.Set("docs/new.md", FileRecord{})
	tests := []struct {
		name string
		m    *Manifest
		dir  string
		want []string
	}{
		{"table", read, "docs", []string{"docs/a.md", "docs/adr/1.md", "docs/b.md"}},
		{"table, nested", read, "docs/adr", []string{"docs/adr/1.md"}},
		{"table, none", read, "nothing", nil},
		{"table, root", read, ".", []string{"a.go", "doc/x.md", "docs.go", "docs/a.md", "docs/adr/1.md", "docs/b.md", "docsx/c.md", "z/docs/y.md"}},
		{"changed", changed, "docs", []string{"docs/a.md", "docs/adr/1.md", "docs/b.md", "docs/new.md"}},
		{"map", m, "docs", []string{"docs/a.md", "docs/adr/1.md", "docs/b.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for p := range tt.m.FilesUnder(tt.dir) {
				got = append(got, p)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("FilesUnder(%q) = %q, want %q", tt.dir, got, tt.want)
			}
		})
	}
}

// TestWriteSameBytes checks that one manifest, its maps filled in two
// orders, is written byte for byte the same each time: gob writes a plain
// map in Go's random iteration order.
func TestWriteSameBytes(t *testing.T) {
	fill := func(reverse bool) *Manifest {
		m := testManifest()
		m.Dirs, m.Crates, m.ScriptRoots = map[string]int64{}, map[string]string{}, map[string]string{}
		m.Links = map[graph.Signal]int{}
		for i := range 64 {
			if reverse {
				i = 63 - i
			}
			d := fmt.Sprintf("dir%02d", i)
			m.Dirs[d], m.Crates[d], m.ScriptRoots[d] = int64(i), "crate"+d, "@"+d
			m.Links[graph.Signal(d)] = i
		}
		return m
	}
	var first []byte
	for i := range 8 {
		p := filepath.Join(t.TempDir(), "manifest.bin")
		if err := Write(p, fill(i%2 == 1)); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b
			got, err := Read(p)
			if err != nil {
				t.Fatal(err)
			}
			if want := fill(false); !maps.Equal(got.Dirs, want.Dirs) || !maps.Equal(got.Crates, want.Crates) ||
				!maps.Equal(got.ScriptRoots, want.ScriptRoots) || !maps.Equal(got.Links, want.Links) {
				t.Fatalf("read back %+v", got)
			}
			continue
		}
		if !bytes.Equal(b, first) {
			t.Fatalf("write %d differs from the first (%d and %d bytes)", i, len(b), len(first))
		}
	}
}

// TestSortedRefusesUnpaired checks that a map whose keys and values do
// not pair up is refused, not read short.
func TestSortedRefusesUnpaired(t *testing.T) {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(pairs[string, int]{Keys: []string{"a", "b"}, Values: []int{1}}); err != nil {
		t.Fatal(err)
	}
	var m Sorted[string, int]
	if err := m.GobDecode(b.Bytes()); err == nil {
		t.Fatalf("decoded unpaired keys and values as %v", m)
	}
}
