package indexer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseModulePath feeds arbitrary go.mod files to the module path
// reader: it must not panic, and a path it returns is one the walk can use
// (not empty, no blanks, quotes or backslashes).
func FuzzParseModulePath(f *testing.F) {
	for _, s := range []string{"module example.com/shop\n\ngo 1.22\n", "\xef\xbb\xbfmodule a\n", "module \"a b\"\n", "go 1.21\n", "module a // c\nrequire (\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := parseModulePath(data)
		if err == nil && (p == "" || strings.ContainsAny(p, " \t\"'`\\")) {
			t.Fatalf("module path %q from %q", p, data)
		}
	})
}

// FuzzReadManifest feeds arbitrary bytes to the manifest reader: it must
// not panic, and refuses what it cannot decode with an error.
func FuzzReadManifest(f *testing.F) {
	dir := f.TempDir()
	good := filepath.Join(dir, "good")
	if err := writeManifest(good, &Manifest{Version: manifestVersion, Files: map[string]FileRecord{"a.go": {Size: 1, Class: ClassSource, Lang: "go"}}}); err != nil {
		f.Fatal(err)
	}
	seed, _ := os.ReadFile(good)
	f.Add(seed)
	f.Add([]byte{})
	f.Add(seed[:len(seed)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), manifestFile)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var m Manifest
		if err := readManifest(p, &m); err == nil && m.Version != manifestVersion {
			t.Fatalf("accepted a manifest of version %d", m.Version)
		}
	})
}
