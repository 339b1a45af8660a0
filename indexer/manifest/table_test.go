package manifest

import (
	"errors"
	"hash/crc32"
	"maps"
	"testing"

	"github.com/gortex/gortex/internal/binrec"
)

func TestTableRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]FileRecord
	}{
		{"empty", map[string]FileRecord{}},
		{"one", map[string]FileRecord{"a.go": {Size: 10, ModTime: 1, Hash: 7, Class: ClassSource, Lang: "go"}}},
		{"shared languages", map[string]FileRecord{
			"z/b.go":     {Size: 1, Class: ClassSource, Lang: "go"},
			"a.go":       {Size: -1, ModTime: -5, Hash: 1<<64 - 1, Class: ClassSource, Lang: "go"},
			"docs/x.md":  {Size: 3, Class: ClassDoc},
			"src/lib.rs": {Size: 4, Class: ClassSource, Lang: "rust"},
			"a b/ü.txt":  {Size: 5},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := decodeTable(encodeTable(len(tc.files), sortedFiles(tc.files)))
			if err != nil {
				t.Fatal(err)
			}
			if tab.len() != len(tc.files) {
				t.Fatalf("Len = %d, want %d", tab.len(), len(tc.files))
			}
			got := maps.Collect(tab.all())
			if !maps.Equal(got, tc.files) {
				t.Fatalf("All = %v, want %v", got, tc.files)
			}
			for p, want := range tc.files {
				if r, ok := tab.lookup(p); !ok || r != want {
					t.Errorf("Lookup(%q) = %+v, %v; want %+v", p, r, ok, want)
				}
				if _, ok := tab.lookup(p + "x"); ok {
					t.Errorf("Lookup(%q) found a file that is not there", p+"x")
				}
			}
			prev := ""
			for i := range tab.len() {
				p, r := tab.atPath(i)
				if p <= prev && i > 0 {
					t.Errorf("record %d %q after %q", i, p, prev)
				}
				if tab.class(i) != r.Class {
					t.Errorf("Class(%d) = %d, record says %d", i, tab.class(i), r.Class)
				}
				prev = p
			}
		})
	}
}

// TestDecodeRefuses checks that a changed, cut or reordered table is
// refused rather than read.
func TestTableRefuses(t *testing.T) {
	good := encodeTable(2, sortedFiles(map[string]FileRecord{"a.go": {Size: 1, Lang: "go"}, "b.go": {Size: 2, Lang: "go"}}))
	flipped := append([]byte(nil), good...)
	flipped[len(tableMagic)+8] ^= 1
	// The two records swapped, the checksum made good again.
	swapped := append([]byte(nil), good...)
	r0, r1 := len(tableMagic)+4, len(tableMagic)+4+recordSize
	copy(swapped[r0:r1], good[r1:r1+recordSize])
	copy(swapped[r1:r1+recordSize], good[r0:r1])
	body := swapped[:len(swapped)-4]
	le.PutUint32(swapped[len(body):], crc32.Checksum(body, binrec.Castagnoli))
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"bad tableMagic", append([]byte("XXXX"), good[4:]...)},
		{"cut", good[:len(good)-5]},
		{"flipped bit", flipped},
		{"out of order", swapped},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := decodeTable(tc.data); !errors.Is(err, errTable) {
				t.Fatalf("Decode = %v, want errTable", err)
			}
		})
	}
}
