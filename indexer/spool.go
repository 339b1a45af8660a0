package indexer

import (
	"bufio"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gortex/gortex/indexer/syntax"
	"github.com/gortex/gortex/internal/binrec"
)

// A full build does not hold every Go file's imports and calls until all
// files are added and the calls can be resolved: on GOROOT/src they were
// the largest part of the heap but the graph. Each file's parse record
// (parses.go) is written to a spool in the build's scratch directory as
// the file is added; resolution reads the records back one at a time, and
// the index's parses file is the spool's records behind their table (the
// format lets records lie in any order). The spool is read back by the
// process that wrote it, but from disk: a record that does not decode, or
// records whose checksum differs from what was written, fail the build.

// spoolFile is the spool's name in the scratch directory; it is removed
// once the parses file is written from it.
const spoolFile = "parses.spool"

// errSpool is a spool that does not read back as it was written.
var errSpool = errors.New("parse spool is corrupt")

// parseSpool is the spool of one full build.
type parseSpool struct {
	path string
	f    *os.File
	w    *bufio.Writer
	crc  hash.Hash32 // of the records as written
	size int
	refs []parseEntry // in the order written
	buf  []byte
	err  error // the first write error, sticky
}

// parseEntry is one record in a spool.
type parseEntry struct {
	path, pkg string
	off, len  int
}

// newParseSpool creates the spool in dir, a scratch directory of gortex's.
func newParseSpool(dir string) (*parseSpool, error) {
	p := filepath.Join(dir, spoolFile)
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create parse spool: %w", err)
	}
	return &parseSpool{path: p, f: f, w: bufio.NewWriterSize(f, 256<<10), crc: crc32.New(binrec.Castagnoli)}, nil
}

// add appends the record of the Go file at path.
func (s *parseSpool) add(path string, fp *fileParse) {
	if s.err != nil {
		return
	}
	s.buf = encodeParse(s.buf[:0], fp)
	if _, s.err = s.w.Write(s.buf); s.err != nil {
		return
	}
	s.crc.Write(s.buf)
	s.refs = append(s.refs, parseEntry{path: path, pkg: fp.Package, off: s.size, len: len(s.buf)})
	s.size += len(s.buf)
}

// flush ends the writing: every record is on disk.
func (s *parseSpool) flush() error {
	if s.err == nil {
		s.err = s.w.Flush()
	}
	if s.err != nil {
		return fmt.Errorf("write parse spool: %w", s.err)
	}
	return nil
}

// each reads the records back in the order written and calls fn with
// each file's package, imports and calls; fn may keep them.
func (s *parseSpool) each(fn func(path, pkg string, imports []syntax.Import, calls []syntax.Call)) error {
	if err := s.flush(); err != nil {
		return err
	}
	r := bufio.NewReaderSize(io.NewSectionReader(s.f, 0, int64(s.size)), 256<<10)
	crc := crc32.New(binrec.Castagnoli)
	for _, e := range s.refs {
		rec := make([]byte, e.len)
		if _, err := io.ReadFull(r, rec); err != nil {
			return fmt.Errorf("read parse spool: %s: %w", e.path, err)
		}
		crc.Write(rec)
		imports, calls, err := decodeParse(rec)
		if err != nil {
			return fmt.Errorf("%w: the record of %s: %v", errSpool, e.path, err)
		}
		fn(e.path, e.pkg, imports, calls)
	}
	if crc.Sum32() != s.crc.Sum32() {
		return fmt.Errorf("%w: checksum mismatch", errSpool)
	}
	return nil
}

// decodeParse decodes a whole record; its strings point into rec.
func decodeParse(rec []byte) ([]syntax.Import, []syntax.Call, error) {
	r := binrec.New(rec)
	imports := readImports(r)
	var calls []syntax.Call
	for range r.Count(3) {
		q := r.Str()
		g := r.Sub()
		if calls = appendCalls(calls, q, g); g.Failed() || g.Len() != 0 {
			return nil, nil, errors.New("malformed")
		}
	}
	if r.Failed() || r.Len() != 0 {
		return nil, nil, errors.New("malformed")
	}
	return imports, calls, nil
}

// writeParses writes the parses file at dst: the table of the spool's
// records by path, then the records as the spool holds them, checked
// against what was written.
func (s *parseSpool) writeParses(dst string) error {
	if err := s.flush(); err != nil {
		return err
	}
	entries := slices.Clone(s.refs)
	slices.SortFunc(entries, func(a, b parseEntry) int { return strings.Compare(a.path, b.path) })
	head := parsesHead(len(entries), func(i int) (string, string, int, int) {
		e := entries[i]
		return e.path, e.pkg, e.off, e.len
	})
	return writeSummed(dst, head, func(w io.Writer) error {
		check := crc32.New(binrec.Castagnoli)
		if _, err := io.Copy(io.MultiWriter(w, check), io.NewSectionReader(s.f, 0, int64(s.size))); err != nil {
			return err
		}
		if check.Sum32() != s.crc.Sum32() {
			return fmt.Errorf("%w: checksum mismatch", errSpool)
		}
		return nil
	})
}

// remove closes the spool and removes its file; it is safe to call twice.
func (s *parseSpool) remove() {
	if s == nil || s.f == nil {
		return
	}
	s.f.Close()
	os.Remove(s.path)
	s.f = nil
}
