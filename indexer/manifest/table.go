package manifest

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"github.com/gortex/gortex/internal/binrec"
)

// errTable is returned for a table of files that does not decode.
var errTable = errors.New("corrupt file table")

// The table of files, little-endian; a query reads it where it lies:
// records of fixed size sorted by path, looked up by binary search, over
// one string blob, with a checksum. A gob map of the same records had to
// be decoded whole by every gortex why, 6 ms on three copies of GOROOT/src
// (31k files), for the few records its answer cites.
//
//	magic    "GXFT"
//	count    u32
//	records  count × recordSize: path (u32 offset, u32 length into the
//	         blob), size i64, mtime i64, hash u64, lang (u32 offset,
//	         u16 length), class u8, one zero byte
//	blobLen  u32
//	blob     the paths and languages
//	crc      u32 CRC-32C of everything before it
//
// Paths are strictly increasing, so a lookup is a binary search.
const (
	tableMagic = "GXFT"
	recordSize = 40
)

var le = binary.LittleEndian

// sortedFiles yields records by path.
func sortedFiles(records map[string]FileRecord) iter.Seq2[string, FileRecord] {
	return func(yield func(string, FileRecord) bool) {
		for _, p := range slices.Sorted(maps.Keys(records)) {
			if !yield(p, records[p]) {
				return
			}
		}
	}
}

// encodeTable encodes the n records recs yields, which it must yield in
// path order, as a table.
func encodeTable(n int, recs iter.Seq2[string, FileRecord]) []byte {
	var blob strings.Builder
	langs := map[string][2]uint32{}
	out := make([]byte, 0, 12+n*recordSize+n*32)
	out = append(out, tableMagic...)
	out = le.AppendUint32(out, uint32(n))
	for p, r := range recs {
		pathOff := uint32(blob.Len())
		blob.WriteString(p)
		lang, ok := langs[r.Lang]
		if !ok {
			lang = [2]uint32{uint32(blob.Len()), uint32(len(r.Lang))}
			blob.WriteString(r.Lang)
			langs[r.Lang] = lang
		}
		out = le.AppendUint32(out, pathOff)
		out = le.AppendUint32(out, uint32(len(p)))
		out = le.AppendUint64(out, uint64(r.Size))
		out = le.AppendUint64(out, uint64(r.ModTime))
		out = le.AppendUint64(out, r.Hash)
		out = le.AppendUint32(out, lang[0])
		out = le.AppendUint16(out, uint16(lang[1]))
		out = append(out, uint8(r.Class), 0)
	}
	out = le.AppendUint32(out, uint32(blob.Len()))
	out = append(out, blob.String()...)
	return binrec.AppendSum(out)
}

// patchedTable encodes m's table with its edits written over the records
// they change, when every edit changes a file the table holds and keeps
// its language (an update's edited files): the records and the blob are
// copied as they are, not encoded again one by one, which was most of
// writing GOROOT/src's manifest (10.4k files).
func (m *Manifest) patchedTable() ([]byte, bool) {
	if m.files != nil || m.table == nil {
		return nil, false
	}
	t := m.table
	out := make([]byte, 0, len(tableMagic)+4+len(t.records)+4+len(t.blob)+4)
	out = append(out, tableMagic...)
	out = le.AppendUint32(out, uint32(t.n))
	recs := out[len(out) : len(out)+len(t.records)]
	out = append(out, t.records...)
	for p, e := range m.edits {
		i := t.search(p)
		if e.gone || i == t.n {
			return nil, false
		}
		if q, _ := t.path(i); q != p {
			return nil, false
		}
		if lang, _ := t.lang(i); lang != e.r.Lang {
			return nil, false
		}
		r := recs[i*recordSize : (i+1)*recordSize]
		le.PutUint64(r[8:], uint64(e.r.Size))
		le.PutUint64(r[16:], uint64(e.r.ModTime))
		le.PutUint64(r[24:], e.r.Hash)
		r[38] = uint8(e.r.Class)
	}
	out = le.AppendUint32(out, uint32(len(t.blob)))
	out = append(out, t.blob...)
	return binrec.AppendSum(out), true
}

// table is a decoded table of files.
type table struct {
	n       int
	records []byte
	blob    string
}

// decodeTable checks data (its checksum, bounds, and that the paths are
// strictly increasing) and returns the table over it, which reads data:
// the caller must not change it.
func decodeTable(data []byte) (*table, error) {
	if len(data) < len(tableMagic)+12 || string(data[:len(tableMagic)]) != tableMagic {
		return nil, fmt.Errorf("%w: no table header", errTable)
	}
	body, ok := binrec.Summed(data)
	if !ok {
		return nil, fmt.Errorf("%w: checksum mismatch", errTable)
	}
	n := uint64(le.Uint32(body[len(tableMagic):]))
	rest := body[len(tableMagic)+4:]
	if n > uint64(len(rest))/recordSize {
		return nil, fmt.Errorf("%w: %d records in %d bytes", errTable, n, len(rest))
	}
	t := &table{n: int(n), records: rest[:n*recordSize]}
	rest = rest[n*recordSize:]
	if len(rest) < 4 || uint64(le.Uint32(rest)) != uint64(len(rest)-4) {
		return nil, fmt.Errorf("%w: blob length", errTable)
	}
	t.blob = unsafe.String(unsafe.SliceData(rest[4:]), len(rest)-4)
	prev := ""
	for i := range t.n {
		p, ok := t.path(i)
		if !ok || p == "" || (i > 0 && p <= prev) {
			return nil, fmt.Errorf("%w: record %d: path out of order or range", errTable, i)
		}
		if _, ok := t.lang(i); !ok {
			return nil, fmt.Errorf("%w: record %d: language out of range", errTable, i)
		}
		prev = p
	}
	return t, nil
}

// len is the number of records.
func (t *table) len() int { return t.n }

func (t *table) rec(i int) []byte { return t.records[i*recordSize : (i+1)*recordSize] }

// str reads the blob string at offset off of length n.
func (t *table) str(off, n uint64) (string, bool) {
	if off > math.MaxUint32 || off+n > uint64(len(t.blob)) {
		return "", false
	}
	return t.blob[off : off+n], true
}

func (t *table) path(i int) (string, bool) {
	r := t.rec(i)
	return t.str(uint64(le.Uint32(r)), uint64(le.Uint32(r[4:])))
}

func (t *table) lang(i int) (string, bool) {
	r := t.rec(i)
	return t.str(uint64(le.Uint32(r[32:])), uint64(le.Uint16(r[36:])))
}

// at is record i; decodeTable checked its strings.
func (t *table) at(i int) FileRecord {
	r := t.rec(i)
	lang, _ := t.lang(i)
	return FileRecord{
		Size:    int64(le.Uint64(r[8:])),
		ModTime: int64(le.Uint64(r[16:])),
		Hash:    le.Uint64(r[24:]),
		Lang:    lang,
		Class:   FileClass(r[38]),
	}
}

// search returns the index of the first record whose path is p or after it.
func (t *table) search(p string) int {
	return sort.Search(t.n, func(i int) bool {
		q, _ := t.path(i)
		return q >= p
	})
}

// lookup returns the record of path p.
func (t *table) lookup(p string) (FileRecord, bool) {
	i := t.search(p)
	if i < t.n {
		if q, _ := t.path(i); q == p {
			return t.at(i), true
		}
	}
	return FileRecord{}, false
}

// all yields every record with its path, in path order. The paths share
// the table's memory.
func (t *table) all() iter.Seq2[string, FileRecord] {
	return func(yield func(string, FileRecord) bool) {
		for i := range t.n {
			if !yield(t.atPath(i)) {
				return
			}
		}
	}
}

// class is the class of record i, without decoding the rest: for a scan
// of one class.
func (t *table) class(i int) FileClass { return FileClass(t.rec(i)[38]) }

// atPath is record i and its path.
func (t *table) atPath(i int) (string, FileRecord) {
	p, _ := t.path(i)
	return p, t.at(i)
}
