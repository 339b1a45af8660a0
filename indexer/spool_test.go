package indexer

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gortex/gortex/indexer/syntax"
)

var spoolRecords = map[string]*fileParse{
	"b/b.go": {Package: "example.com/b", Imports: []syntax.Import{{Path: "fmt"}, {Alias: "x", Path: "example.com/x"}},
		Calls: []syntax.Call{{Caller: "F", Name: "Println", Qualifier: "fmt"}, {Caller: "F", Name: "g"}, {Caller: "T.M", Name: "Y", Qualifier: "x"}}},
	"a/a.go": {Package: "example.com/a", Calls: []syntax.Call{{Caller: "main", Name: "Run", Qualifier: "()"}}},
	"c/c.go": {Package: "example.com/c"},
}

// fillSpool writes spoolRecords, in the order of paths, to a spool in a
// fresh directory.
func fillSpool(t *testing.T, paths ...string) *parseSpool {
	t.Helper()
	s, err := newParseSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.remove)
	for _, p := range paths {
		s.add(p, spoolRecords[p])
	}
	return s
}

// TestSpoolRoundTrip reads a spool back, and the parses file written from
// it, as the records it was given.
func TestSpoolRoundTrip(t *testing.T) {
	order := []string{"b/b.go", "a/a.go", "c/c.go"}
	s := fillSpool(t, order...)
	var got []string
	err := s.each(func(path, pkg string, imports []syntax.Import, calls []syntax.Call) {
		got = append(got, path)
		want := spoolRecords[path]
		if pkg != want.Package || !reflect.DeepEqual(imports, append([]syntax.Import{}, want.Imports...)) || len(calls) != len(want.Calls) {
			t.Errorf("%s: read back %q %v %v, want %+v", path, pkg, imports, calls, want)
		}
		for i := range calls {
			if calls[i] != want.Calls[i] {
				t.Errorf("%s: call %d = %+v, want %+v", path, i, calls[i], want.Calls[i])
			}
		}
	})
	if err != nil || !reflect.DeepEqual(got, order) {
		t.Fatalf("each: %v, files %v", err, got)
	}
	dst := filepath.Join(t.TempDir(), parsesFile)
	if err := s.writeParses(dst); err != nil {
		t.Fatal(err)
	}
	pf, err := readParses(dst)
	if err != nil {
		t.Fatal(err)
	}
	if !pf.same(nil, spoolRecords) {
		t.Error("the parses file written from the spool does not hold its records")
	}
	ref := filepath.Join(t.TempDir(), parsesFile)
	if err := writeParses(ref, nil, nil, spoolRecords); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(dst)
	b, _ := os.ReadFile(ref)
	if len(a) != len(b) {
		t.Errorf("parses file from the spool is %d bytes, from the records %d", len(a), len(b))
	}
	s.remove()
	if _, err := os.Stat(s.path); !os.IsNotExist(err) {
		t.Errorf("spool not removed: %v", err)
	}
}

// TestSpoolCorrupt changes the spool on disk after it was written: reading
// it back, or writing the parses file from it, is an error, never a
// silent use of other records.
func TestSpoolCorrupt(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(data []byte) []byte
	}{
		{"flipped byte", func(d []byte) []byte { d[len(d)/2] ^= 0x55; return d }},
		{"count too large", func(d []byte) []byte { d[0] = 0x7f; return d }},
		{"truncated", func(d []byte) []byte { return d[:len(d)-3] }},
		{"zeroed", func(d []byte) []byte { return make([]byte, len(d)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := fillSpool(t, "b/b.go", "a/a.go")
			if err := s.flush(); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(s.path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.path, tc.change(data), 0o600); err != nil {
				t.Fatal(err)
			}
			err = s.each(func(string, string, []syntax.Import, []syntax.Call) {})
			if err == nil {
				t.Fatal("each read a corrupt spool without an error")
			}
			if !errors.Is(err, errSpool) && !strings.Contains(err.Error(), "read parse spool") {
				t.Errorf("each: %v, want errSpool or a read error", err)
			}
			if err := s.writeParses(filepath.Join(t.TempDir(), parsesFile)); err == nil {
				t.Error("writeParses copied a corrupt spool without an error")
			}
		})
	}
}

// TestFullBuildLeavesNoSpool builds the fixture: the index holds no spool,
// and a build cancelled midway leaves no scratch directory behind.
func TestFullBuildLeavesNoSpool(t *testing.T) {
	root := filepath.Join(t.TempDir(), "repo")
	if err := os.CopyFS(root, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Build(context.Background(), root, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(IndexDir(root), spoolFile)); !os.IsNotExist(err) {
		t.Errorf("the index holds the parse spool: %v", err)
	}
	if _, err := readParses(filepath.Join(IndexDir(root), parsesFile)); err != nil {
		t.Errorf("parses file: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	opts := Options{Progress: func(stage string, done, total int) {
		if stage == "parse" {
			cancel()
		}
	}}
	if _, _, err := Build(ctx, root, opts); err == nil {
		t.Fatal("a cancelled build succeeded")
	}
	entries, _ := os.ReadDir(filepath.Join(root, gortexDir))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "tmp-") {
			t.Errorf("a cancelled build left %s", e.Name())
		}
	}
}

// FuzzDecodeParse feeds arbitrary records to the spool's decoder: it must
// not panic, and what it decodes encodes within the record's length.
func FuzzDecodeParse(f *testing.F) {
	for _, fp := range spoolRecords {
		f.Add(encodeParse(nil, fp))
	}
	f.Add([]byte{0x01, 0x00})
	f.Fuzz(func(t *testing.T, rec []byte) {
		imports, calls, err := decodeParse(rec)
		if err != nil {
			return
		}
		if n := len(encodeParse(nil, &fileParse{Imports: imports, Calls: calls})); n > len(rec) {
			t.Fatalf("decoded %d bytes into a record of %d", len(rec), n)
		}
	})
}
