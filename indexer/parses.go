package indexer

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/gortex/gortex/indexer/syntax"
	"github.com/gortex/gortex/internal/binrec"
)

// The parses file keeps, per Go source file, what resolving its calls
// needs (fileParse), so that an update re-resolves only the calls a change
// can affect without re-parsing anything. An update reads few records: the
// changed package's files, and in the files importing that package only
// the calls made through that import. So each record is self-contained and
// located through a table, imports come first in it, and calls are grouped
// by qualifier; unchanged records are copied byte for byte when the file is
// rewritten.
//
//	magic "GORTEXPS", version u32
//	file count uvarint; per file, by path: path, package (strings),
//	    record offset and length (uvarints)
//	records
//	CRC-32C of everything before it, u32
//
// A record: import count, per import alias and path; group count, per group
// the qualifier, the byte length of its calls, the call count, per call the
// caller and the name. A string is a uvarint length and its bytes.
const (
	parsesMagic   = "GORTEXPS"
	parsesVersion = 1
)

// errParses is a parses file that cannot be read as one.
var errParses = errors.New("parses file is corrupt")

// parseFile is a loaded parses file: its table, and the records still in
// their encoded form.
type parseFile struct {
	data  []byte // the whole file; strings of decoded records point into it
	index map[string]parseRef
	close func() // unmaps data; nothing read from the records may be used after
}

// parseRef is where one file's record is.
type parseRef struct {
	pkg      string
	off, len int
}

// readParses loads a parses file where it lies (reading GOROOT/src's 9.7 MB
// was a tenth of an update's CPU): only the table is decoded, its strings
// copied. The caller must close it, its records' strings pointing into it.
func readParses(path string) (*parseFile, error) {
	data, unmap, err := binrec.ReadMapped(path)
	if err != nil {
		return nil, err
	}
	pf, err := decodeParses(data)
	if err != nil {
		unmap()
		return nil, err
	}
	pf.close = unmap
	return pf, nil
}

// decodeParses checks a parses file and decodes its table.
func decodeParses(data []byte) (*parseFile, error) {
	if len(data) < len(parsesMagic)+8 || string(data[:len(parsesMagic)]) != parsesMagic {
		return nil, fmt.Errorf("%w: no header", errParses)
	}
	body, ok := binrec.Summed(data)
	if !ok {
		return nil, fmt.Errorf("%w: checksum mismatch", errParses)
	}
	if v := binary.LittleEndian.Uint32(data[len(parsesMagic):]); v != parsesVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", errParses, v, parsesVersion)
	}
	r := binrec.New(body[len(parsesMagic)+4:])
	n := r.Count(4)
	pf := &parseFile{data: body, index: make(map[string]parseRef, n)}
	for range n {
		p, pkg := strings.Clone(r.Str()), strings.Clone(r.Str())
		off, l := r.Uvarint(), r.Uvarint()
		pf.index[p] = parseRef{pkg: pkg, off: int(off), len: int(l)}
	}
	recs := len(body) - r.Len()
	for p, ref := range pf.index {
		if r.Failed() || uint64(ref.off)+uint64(ref.len) > uint64(r.Len()) {
			return nil, fmt.Errorf("%w: record of %s out of range", errParses, p)
		}
		ref.off += recs
		pf.index[p] = ref
	}
	if r.Failed() {
		return nil, fmt.Errorf("%w: table cut short", errParses)
	}
	return pf, nil
}

func (pf *parseFile) record(path string) (*binrec.Reader, bool) {
	ref, ok := pf.index[path]
	if !ok {
		return nil, false
	}
	return binrec.New(pf.data[ref.off : ref.off+ref.len]), true
}

// imports returns a file's imports.
func (pf *parseFile) imports(path string) []syntax.Import {
	r, ok := pf.record(path)
	if !ok {
		return nil
	}
	return readImports(r)
}

// importsAny reports whether the file imports one of paths, without
// decoding its imports.
func (pf *parseFile) importsAny(path string, paths map[string]bool) bool {
	r, ok := pf.record(path)
	if !ok {
		return false
	}
	for range r.Count(2) {
		r.Bytes()
		if paths[r.Str()] {
			return true
		}
	}
	return false
}

// calls returns a file's calls for which keep(qualifier) is true.
func (pf *parseFile) calls(path string, keep func(qualifier string) bool) []syntax.Call {
	r, ok := pf.record(path)
	if !ok {
		return nil
	}
	readImports(r)
	var out []syntax.Call
	for range r.Count(3) {
		q := r.Str()
		g := r.Sub()
		if r.Failed() {
			return out
		}
		if keep(q) {
			out = appendCalls(out, q, g)
		}
	}
	return out
}

// appendCalls appends the calls of one qualifier's group.
func appendCalls(out []syntax.Call, q string, g *binrec.Reader) []syntax.Call {
	for range g.Count(2) {
		out = append(out, syntax.Call{Qualifier: q, Caller: g.Str(), Name: g.Str()})
	}
	return out
}

// readImports reads a record's imports.
func readImports(r *binrec.Reader) []syntax.Import {
	n := r.Count(2)
	out := make([]syntax.Import, 0, n)
	for range n {
		out = append(out, syntax.Import{Alias: r.Str(), Path: r.Str()})
	}
	return out
}

// encodeParse encodes one file's record.
func encodeParse(dst []byte, fp *fileParse) []byte {
	dst = binrec.AppendUvarint(dst, uint64(len(fp.Imports)))
	for _, imp := range fp.Imports {
		dst = binrec.AppendStr(binrec.AppendStr(dst, imp.Alias), imp.Path)
	}
	groups := map[string][]syntax.Call{}
	var order []string
	for _, c := range fp.Calls {
		if _, ok := groups[c.Qualifier]; !ok {
			order = append(order, c.Qualifier)
		}
		groups[c.Qualifier] = append(groups[c.Qualifier], c)
	}
	dst = binrec.AppendUvarint(dst, uint64(len(order)))
	var calls []byte
	for _, q := range order {
		calls = binrec.AppendUvarint(calls[:0], uint64(len(groups[q])))
		for _, c := range groups[q] {
			calls = binrec.AppendStr(binrec.AppendStr(calls, c.Caller), c.Name)
		}
		dst = binrec.AppendStr(dst, q)
		dst = binrec.AppendUvarint(dst, uint64(len(calls)))
		dst = append(dst, calls...)
	}
	return dst
}

// same reports whether writing the parses with drop and fresh would give
// pf's records again: every dropped file was parsed again, into the record
// it had.
func (pf *parseFile) same(drop map[string]bool, fresh map[string]*fileParse) bool {
	if pf == nil {
		return false
	}
	for p := range drop {
		if _, ok := pf.index[p]; ok && fresh[p] == nil {
			return false
		}
	}
	for p, fp := range fresh {
		if !pf.sameRecord(p, fp) {
			return false
		}
	}
	return true
}

// sameRecord reports whether fp is the record pf holds for the file p:
// the same package, imports and calls.
func (pf *parseFile) sameRecord(p string, fp *fileParse) bool {
	if pf == nil {
		return false
	}
	ref, ok := pf.index[p]
	return ok && ref.pkg == fp.Package && bytes.Equal(encodeParse(nil, fp), pf.data[ref.off:ref.off+ref.len])
}

// writeParses writes the records of every Go file: those in fresh, newly
// encoded, and those of old (which may be nil) that are not in drop, copied.
func writeParses(path string, old *parseFile, drop map[string]bool, fresh map[string]*fileParse) error {
	type entry struct {
		path, pkg string
		rec       []byte
	}
	var entries []entry
	if old != nil {
		for p, ref := range old.index {
			if !drop[p] && fresh[p] == nil {
				entries = append(entries, entry{p, ref.pkg, old.data[ref.off : ref.off+ref.len]})
			}
		}
	}
	var buf []byte
	for p, fp := range fresh {
		start := len(buf)
		buf = encodeParse(buf, fp)
		entries = append(entries, entry{p, fp.Package, buf[start:len(buf):len(buf)]})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].path < entries[j].path })
	off := 0
	head := parsesHead(len(entries), func(i int) (string, string, int, int) {
		e := entries[i]
		off += len(e.rec)
		return e.path, e.pkg, off - len(e.rec), len(e.rec)
	})
	return writeSummed(path, head, func(w io.Writer) error {
		for _, e := range entries {
			w.Write(e.rec) // a bufio.Writer: its Flush reports a failed write
		}
		return nil
	})
}

// parsesHead is the table of a parses file: its magic and version, the
// number of records, and each record's path, package, offset and length,
// in path order, as entry gives them.
func parsesHead(n int, entry func(i int) (path, pkg string, off, length int)) []byte {
	head := binary.LittleEndian.AppendUint32([]byte(parsesMagic), parsesVersion)
	head = binrec.AppendUvarint(head, uint64(n))
	for i := range n {
		path, pkg, off, length := entry(i)
		head = binrec.AppendStr(binrec.AppendStr(head, path), pkg)
		head = binrec.AppendUvarint(binrec.AppendUvarint(head, uint64(off)), uint64(length))
	}
	return head
}

// writeSummed creates path and writes head, then what body writes into a
// buffer, then the CRC-32C of both (u32, little-endian), as a parses file
// ends.
func writeSummed(path string, head []byte, body func(w io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	crc := crc32.New(binrec.Castagnoli)
	w := bufio.NewWriterSize(io.MultiWriter(f, crc), 1<<20)
	w.Write(head)
	err = body(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		_, err = f.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
