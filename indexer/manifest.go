package indexer

import (
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
)

// manifestVersion changes whenever Manifest or fileParse change shape.
const manifestVersion = 1

// Manifest records what an index was built from, so that a later run can
// tell which files changed.
type Manifest struct {
	Version int
	Files   map[string]FileRecord // by repo-relative path
	Dirs    map[string]int64      // directory modification times (ns), to notice new files
	Modules map[string]string     // go.mod directory → module path
	Skipped []Skip                // what the walk skipped, kept for the summary
	Broken  []Skip                // files that could not be parsed
}

// FileRecord is one indexed file.
type FileRecord struct {
	Size    int64
	ModTime int64 // ns
	Hash    uint64
	Class   FileClass
	Lang    string
}

// fileParse is what re-resolving calls needs of a parsed source file; it is
// kept in its own file because `why` never reads it.
type fileParse struct {
	Package string
	Imports []Import
	Calls   []Call
}

func writeGob(path string, v any) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(v); err != nil {
		f.Close()
		return fmt.Errorf("encode %s: %w", filepath.Base(path), err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readGob(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := gob.NewDecoder(f).Decode(v); err != nil {
		return fmt.Errorf("decode %s: %w", filepath.Base(path), err)
	}
	return nil
}
