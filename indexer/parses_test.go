package indexer

import (
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/gortex/gortex/indexer/syntax"
	"github.com/gortex/gortex/internal/binrec"
)

var testParses = map[string]*fileParse{
	"a/a.go": {Package: "example.com/a", Imports: []syntax.Import{{Path: "fmt"}, {Alias: "l", Path: "example.com/ledger"}},
		Calls: []syntax.Call{{Caller: "F", Name: "Println", Qualifier: "fmt"}, {Caller: "F", Name: "G"}, {Caller: "T.M", Name: "Record", Qualifier: "l"}, {Caller: "F", Name: "Printf", Qualifier: "fmt"}}},
	"a/b.go": {Package: "example.com/a"},
	"b/c.go": {Package: "example.com/b", Imports: []syntax.Import{{Path: "example.com/a"}}, Calls: []syntax.Call{{Caller: "H", Name: "F", Qualifier: "a"}, {Caller: "H", Name: "Close", Qualifier: "()"}}},
}

func writeTestParses(t *testing.T, old *parseFile, drop map[string]bool, fresh map[string]*fileParse) (*parseFile, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), parsesFile)
	if err := writeParses(p, old, drop, fresh); err != nil {
		t.Fatal(err)
	}
	pf, err := readParses(p)
	if err != nil {
		t.Fatal(err)
	}
	return pf, p
}

// decodeAll reads every record of pf back into fileParses.
func decodeAll(pf *parseFile) map[string]*fileParse {
	out := map[string]*fileParse{}
	for p, ref := range pf.index {
		fp := &fileParse{Package: ref.pkg, Imports: pf.imports(p), Calls: pf.calls(p, func(string) bool { return true })}
		if len(fp.Imports) == 0 {
			fp.Imports = nil
		}
		out[p] = fp
	}
	return out
}

func TestParsesRoundTrip(t *testing.T) {
	pf, _ := writeTestParses(t, nil, nil, testParses)
	got := decodeAll(pf)
	for p, want := range testParses {
		g := got[p]
		// Calls come back grouped by qualifier, in order of first use.
		if g == nil || g.Package != want.Package || !reflect.DeepEqual(g.Imports, want.Imports) || len(g.Calls) != len(want.Calls) {
			t.Errorf("%s: got %+v, want %+v", p, g, want)
		}
	}
	if calls := pf.calls("a/a.go", func(q string) bool { return q == "fmt" }); len(calls) != 2 || calls[1].Name != "Printf" {
		t.Errorf("calls through fmt: %+v", calls)
	}
	if !pf.importsAny("b/c.go", map[string]bool{"example.com/a": true}) || pf.importsAny("a/b.go", map[string]bool{"fmt": true}) {
		t.Error("importsAny")
	}
}

func TestParsesRewrite(t *testing.T) {
	old, _ := writeTestParses(t, nil, nil, testParses)
	changed := &fileParse{Package: "example.com/b", Calls: []syntax.Call{{Caller: "H", Name: "New"}}}
	pf, _ := writeTestParses(t, old, map[string]bool{"a/b.go": true, "b/c.go": true}, map[string]*fileParse{"b/c.go": changed})
	got := decodeAll(pf)
	if _, ok := got["a/b.go"]; ok || len(got) != 2 {
		t.Fatalf("files after rewrite: %v", got)
	}
	if !reflect.DeepEqual(got["b/c.go"].Calls, changed.Calls) || len(got["a/a.go"].Calls) != 4 {
		t.Errorf("records after rewrite: %+v", got)
	}
	if old.same(map[string]bool{"a/a.go": true}, map[string]*fileParse{"a/a.go": testParses["a/a.go"]}) != true {
		t.Error("a file parsed into its old record is not the same")
	}
	if old.same(map[string]bool{"b/c.go": true}, map[string]*fileParse{"b/c.go": changed}) {
		t.Error("a changed record is the same")
	}
}

func TestParsesCorrupt(t *testing.T) {
	_, p := writeTestParses(t, nil, nil, testParses)
	data, _ := os.ReadFile(p)
	for i := range data {
		bad := append([]byte(nil), data...)
		bad[i] ^= 0x21
		os.WriteFile(p, bad, 0o644)
		if _, err := readParses(p); !errors.Is(err, errParses) {
			t.Fatalf("byte %d flipped: %v, want errParses", i, err)
		}
	}
}

func FuzzReadParses(f *testing.F) {
	dir := f.TempDir()
	p := filepath.Join(dir, parsesFile)
	if err := writeParses(p, nil, nil, testParses); err != nil {
		f.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	f.Add(data)
	f.Fuzz(func(t *testing.T, in []byte) {
		p := filepath.Join(t.TempDir(), parsesFile)
		os.WriteFile(p, withParsesChecksum(in), 0o644)
		pf, err := readParses(p)
		if err != nil {
			return
		}
		decodeAll(pf)
		for file := range pf.index {
			pf.importsAny(file, map[string]bool{"fmt": true})
		}
	})
}

// withParsesChecksum fixes the trailer so that mutations reach the decoder.
func withParsesChecksum(in []byte) []byte {
	if len(in) < 4 {
		return in
	}
	out := append([]byte(nil), in...)
	sum := castagnoliSum(out[:len(out)-4])
	out[len(out)-4], out[len(out)-3], out[len(out)-2], out[len(out)-1] = byte(sum), byte(sum>>8), byte(sum>>16), byte(sum>>24)
	return out
}

func castagnoliSum(b []byte) uint32 { return crc32.Checksum(b, binrec.Castagnoli) }
