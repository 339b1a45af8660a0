package indexer

import (
	"os"
	"path/filepath"
	"testing"
)

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
