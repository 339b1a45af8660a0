package indexer

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/syntax"
)

// manifestVersion changes whenever Manifest changes shape. Version 2 added
// Links and moved the parse records out of gob (parses.go); version 3 the
// source roots (Crates, PyRoots), which name Rust and Python modules;
// version 4 ScriptRoots, which name TypeScript and JavaScript modules.
const manifestVersion = 4

// Manifest records what an index was built from, so that a later run can
// tell which files changed.
type Manifest struct {
	Version int
	Files   map[string]FileRecord // by repo-relative path
	Dirs    map[string]int64      // directory modification times (ns), to notice new files
	Modules map[string]string     // go.mod directory → module path
	Crates  map[string]string     // Cargo.toml directory → crate name (Roots)
	PyRoots []string              // Python source roots (Roots)
	// ScriptRoots are the TypeScript and JavaScript source roots: folder →
	// the alias imports write for it, "" for a baseUrl (Roots).
	ScriptRoots map[string]string
	// Build names the gortex that built the index (rulesID): another one
	// may extract and link by other rules, so an update rebuilds.
	Build   string
	Skipped []Skip               // what the walk skipped, kept for the summary
	Broken  []Skip               // files that could not be parsed
	Links   map[graph.Signal]int // motivates edges by signal, as the last linking counted them
}

// FileRecord is one indexed file.
type FileRecord struct {
	Size    int64
	ModTime int64 // ns
	Hash    uint64
	Class   FileClass
	Lang    string
}

// fileParse is what re-resolving calls needs of a parsed Go file; it is
// kept in its own file (parses.go) because `why` never reads it.
type fileParse struct {
	Package string
	Imports []syntax.Import
	Calls   []syntax.Call
}

// writeManifest writes m to path. Nothing is synced: an index is written
// into a scratch directory renamed into place, which a crashing process
// cannot leave half done, and a file that a power loss leaves torn fails to
// load (graph.ErrCorrupt), which rebuilds the index.
func writeManifest(path string, m *Manifest) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	err = gob.NewEncoder(w).Encode(m)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return nil
}

// writeManifestAtomic replaces the manifest of the index in dir.
func writeManifestAtomic(dir string, m *Manifest) error {
	tmp := filepath.Join(dir, manifestFile+".tmp")
	if err := writeManifest(tmp, m); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, manifestFile))
}

// readManifest reads a manifest, refusing one of another version with
// graph.ErrVersion and one it cannot decode with graph.ErrCorrupt, so that
// either rebuilds the index.
func readManifest(path string, m *Manifest) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%w: %v", graph.ErrCorrupt, err)
	}
	defer f.Close()
	if err := gob.NewDecoder(bufio.NewReaderSize(f, 64<<10)).Decode(m); err != nil {
		return fmt.Errorf("%w: decode %s: %v", graph.ErrCorrupt, filepath.Base(path), err)
	}
	if m.Version != manifestVersion {
		return fmt.Errorf("%w: manifest %d, want %d", graph.ErrVersion, m.Version, manifestVersion)
	}
	return nil
}
