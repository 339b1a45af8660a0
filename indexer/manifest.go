package indexer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/manifest"
	"github.com/gortex/gortex/indexer/syntax"
)

// The manifest's types, by the names the indexer's API gives them.
type (
	Manifest   = manifest.Manifest
	FileRecord = manifest.FileRecord
	FileClass  = manifest.FileClass
	Skip       = manifest.Skip
)

// The file classes.
const (
	ClassOther  = manifest.ClassOther
	ClassSource = manifest.ClassSource
	ClassDoc    = manifest.ClassDoc
	ClassGoMod  = manifest.ClassGoMod
)

// fileParse is what re-resolving calls needs of a parsed Go file; it is
// kept in its own file (parses.go) because `why` never reads it.
type fileParse struct {
	Package string
	Imports []syntax.Import
	Calls   []syntax.Call
}

// writeManifestAtomic replaces the manifest of the index in dir.
func writeManifestAtomic(dir string, m *Manifest) error {
	tmp := filepath.Join(dir, ManifestFile+".tmp")
	if err := manifest.Write(tmp, m); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, ManifestFile))
}

// readManifest reads the manifest of the index in dir; one an older gortex
// wrote under its old name is graph.ErrVersion, which rebuilds the index.
func readManifest(dir string) (*Manifest, error) {
	m, err := manifest.Read(filepath.Join(dir, ManifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		if _, oerr := os.Lstat(filepath.Join(dir, oldManifestFile)); oerr == nil {
			return nil, fmt.Errorf("%w: the manifest was written by an older gortex", graph.ErrVersion)
		}
	}
	return m, err
}
