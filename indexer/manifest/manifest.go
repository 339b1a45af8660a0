// Package manifest records what an index was built from, so that a later
// run can tell which files changed: every file with its size, time, hash
// and class, the directories' times, the modules and source roots. Its
// file is a gob of everything but the files, then the files as a table a
// query reads where it lies (table.go): gortex why looks up the few files
// its answer cites, and checks the documents, without decoding the rest.
package manifest

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
)

// Version changes whenever Manifest changes shape. Version 2 added Links
// and moved the parse records out of gob; version 3 the source roots
// (Crates, PyRoots), which name Rust and Python modules; version 4
// ScriptRoots, which name TypeScript and JavaScript modules; version 5
// moved the files out of gob into a table read in place; version 6 writes
// the maps in key order (Sorted), so one tree gives one manifest.
const Version = 6

// Manifest is what an index was built from.
type Manifest struct {
	Version int
	Dirs    Sorted[string, int64]  // directory modification times (ns), to notice new files
	Modules Sorted[string, string] // go.mod directory → module path
	Crates  Sorted[string, string] // Cargo.toml directory → crate name (roots.Record)
	PyRoots []string               // Python source roots (roots.Record)
	// ScriptRoots are the TypeScript and JavaScript source roots: folder →
	// the alias imports write for it, "" for a baseUrl (roots.Record).
	ScriptRoots Sorted[string, string]
	// Build names the gortex that built the index: another one may
	// extract and link by other rules, so an update rebuilds.
	Build   string
	Skipped []Skip                    // what the walk skipped, kept for the summary
	Broken  []Skip                    // files that could not be parsed
	Links   Sorted[graph.Signal, int] // motivates edges by signal, as the last linking counted them

	// The files by repo-relative path: a map once made, else the table as
	// read, which File searches without decoding it, under the changes an
	// update made (edits: a file's record, or gone).
	files map[string]FileRecord
	table *table
	edits map[string]edit
	count int // the files of table and edits
}

// edit is a change an update made to a file's record.
type edit struct {
	r    FileRecord
	gone bool
}

// New returns an empty manifest of this version.
func New() *Manifest { return &Manifest{Version: Version, files: map[string]FileRecord{}} }

// FileRecord is one indexed file.
type FileRecord struct {
	Size    int64
	ModTime int64 // ns
	Hash    uint64
	Class   FileClass
	Lang    string
}

// FileClass says what the indexer does with a walked file.
type FileClass uint8

const (
	ClassOther  FileClass = iota // listed as a file node only; never read by the walker
	ClassSource                  // handed to the language parser named by the file's language
	ClassDoc                     // split into sections (sections.Split)
	ClassGoMod                   // a go.mod file: the module path for qualified names
)

// String returns the class name used in logs.
func (c FileClass) String() string {
	switch c {
	case ClassSource:
		return "source"
	case ClassDoc:
		return "doc"
	case ClassGoMod:
		return "gomod"
	}
	return "other"
}

// Skip is a path the walk left out, and why.
type Skip struct {
	Path   string // repo-relative, forward slashes
	Reason string // one of the indexer's Skip* constants
}

// File returns the record of the file at repo-relative path p.
func (m *Manifest) File(p string) (FileRecord, bool) {
	if m.files == nil && m.table != nil {
		if e, ok := m.edits[p]; ok {
			return e.r, !e.gone
		}
		return m.table.lookup(p)
	}
	r, ok := m.files[p]
	return r, ok
}

// Files yields every file with its record.
func (m *Manifest) Files() iter.Seq2[string, FileRecord] {
	if m.files == nil && m.table != nil {
		return m.merged()
	}
	return maps.All(m.files)
}

// FilesUnder yields the files below the directory dir ("." for all), in
// path order: of a table as read, only that range of it (the paths below
// a directory are one run of the sorted table), found by binary search.
func (m *Manifest) FilesUnder(dir string) iter.Seq2[string, FileRecord] {
	if dir == "." {
		return m.Files()
	}
	prefix := dir + "/"
	if m.files != nil || m.table == nil || len(m.edits) > 0 {
		return func(yield func(string, FileRecord) bool) {
			for p, r := range m.Files() {
				if strings.HasPrefix(p, prefix) && !yield(p, r) {
					return
				}
			}
		}
	}
	return func(yield func(string, FileRecord) bool) {
		for i := m.table.search(prefix); i < m.table.len(); i++ {
			p, r := m.table.atPath(i)
			if !strings.HasPrefix(p, prefix) || !yield(p, r) {
				return
			}
		}
	}
}

// FileCount is the number of files.
func (m *Manifest) FileCount() int {
	if m.files == nil && m.table != nil {
		return m.count
	}
	return len(m.files)
}

// Docs yields the documents with their records, scanning a table read
// from disk by class alone.
func (m *Manifest) Docs() iter.Seq2[string, FileRecord] {
	return func(yield func(string, FileRecord) bool) {
		if m.files == nil && m.table != nil && len(m.edits) > 0 {
			for p, r := range m.merged() {
				if r.Class == ClassDoc && !yield(p, r) {
					return
				}
			}
			return
		}
		if m.files == nil && m.table != nil {
			for i := range m.table.len() {
				if m.table.class(i) == ClassDoc {
					if !yield(m.table.atPath(i)) {
						return
					}
				}
			}
			return
		}
		for p, r := range m.files {
			if r.Class == ClassDoc && !yield(p, r) {
				return
			}
		}
	}
}

// Set records the file at p. On a manifest read from disk the change is
// kept beside its table, not decoded whole: an update changes a few of
// GOROOT/src's 11k files, and decoding them into a map and sorting them
// back was most of writing the manifest.
func (m *Manifest) Set(p string, r FileRecord) {
	if m.change(p, edit{r: r}) {
		return
	}
	m.own()
	m.files[p] = r
}

// Delete forgets the file at p.
func (m *Manifest) Delete(p string) {
	if m.change(p, edit{gone: true}) {
		return
	}
	m.own()
	delete(m.files, p)
}

// change records e for p over the table; false when the manifest has no
// table to change.
func (m *Manifest) change(p string, e edit) bool {
	if m.files != nil || m.table == nil {
		return false
	}
	_, had := m.File(p)
	switch {
	case had && e.gone:
		m.count--
	case !had && !e.gone:
		m.count++
	}
	if m.edits == nil {
		m.edits = map[string]edit{}
	}
	m.edits[p] = e
	return true
}

// merged yields the table's records and the edits, in path order.
func (m *Manifest) merged() iter.Seq2[string, FileRecord] {
	paths := slices.Sorted(maps.Keys(m.edits))
	return func(yield func(string, FileRecord) bool) {
		j := 0
		// edited yields the edits up to p (all with last), p's own in
		// place of the table's record.
		edited := func(p string, last bool) bool {
			for ; j < len(paths) && (last || paths[j] <= p); j++ {
				if e := m.edits[paths[j]]; !e.gone && !yield(paths[j], e.r) {
					return false
				}
			}
			return true
		}
		for i := range m.table.len() {
			p, r := m.table.atPath(i)
			_, own := m.edits[p]
			if !edited(p, false) || (!own && !yield(p, r)) {
				return
			}
		}
		edited("", true)
	}
}

// own turns the files into a map the manifest may change.
func (m *Manifest) own() {
	if m.files != nil {
		return
	}
	m.files = make(map[string]FileRecord, m.FileCount())
	if m.table != nil {
		maps.Insert(m.files, m.merged())
		m.table, m.edits = nil, nil
	}
}

// magic starts a manifest file; what follows is the length of the gob of
// everything but the files (u64, little-endian), that gob, and the table.
const magic = "gortex-manifest\n"

// Write writes m to path. Nothing is synced: an index is written into a
// scratch directory renamed into place, which a crashing process cannot
// leave half done, and a file that a power loss leaves torn fails to read
// (graph.ErrCorrupt), which rebuilds the index.
func Write(path string, m *Manifest) error {
	var head bytes.Buffer
	if err := gob.NewEncoder(&head).Encode(m); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	tab, ok := m.patchedTable()
	if !ok {
		recs := m.Files()
		if m.files != nil {
			recs = sortedFiles(m.files)
		}
		tab = encodeTable(m.FileCount(), recs)
	}
	// The head and the table are written one after the other, not joined
	// into one more buffer of the table's size first.
	out := make([]byte, 0, len(magic)+8+head.Len())
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint64(out, uint64(head.Len()))
	out = append(out, head.Bytes()...)
	if err := writeParts(path, out, tab); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return nil
}

// writeParts creates the file at path with the parts one after another.
func writeParts(path string, parts ...[]byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	for _, b := range parts {
		if _, err := f.Write(b); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// Read reads the manifest at path, refusing one of another version with
// graph.ErrVersion and one it cannot decode with graph.ErrCorrupt, so that
// either rebuilds the index. The files stay a table searched in place
// until something changes them.
func Read(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", graph.ErrCorrupt, err)
	}
	return decode(filepath.Base(path), data)
}

func decode(name string, data []byte) (*Manifest, error) {
	rest, ok := bytes.CutPrefix(data, []byte(magic))
	if !ok || len(rest) < 8 || binary.LittleEndian.Uint64(rest) > uint64(len(rest)-8) {
		return nil, fmt.Errorf("%w: %s has no manifest header", graph.ErrCorrupt, name)
	}
	n := binary.LittleEndian.Uint64(rest)
	head, tab := rest[8:8+n], rest[8+n:]
	var m Manifest
	if err := gob.NewDecoder(bytes.NewReader(head)).Decode(&m); err != nil {
		return nil, fmt.Errorf("%w: decode %s: %v", graph.ErrCorrupt, name, err)
	}
	if m.Version != Version {
		return nil, fmt.Errorf("%w: manifest %d, want %d", graph.ErrVersion, m.Version, Version)
	}
	t, err := decodeTable(tab)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", graph.ErrCorrupt, name, err)
	}
	m.table, m.count = t, t.len()
	return &m, nil
}
