package semantic

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"strings"
	"unsafe"
)

// FormatVersion is the version of the model file; a file of another
// version is built again.
const FormatVersion = 1

// magic starts every model file.
const magic = "gortexsm"

// Limits of a model file Read accepts: a file from a repository's .gortex
// is outside input, and these bound what it can make Read allocate.
const (
	maxDim      = 1024
	maxWords    = 1 << 20
	maxSections = 1 << 22
	maxPathLen  = 4096
)

// ErrFormat is returned by Read for a file that is no model file of this
// version.
var ErrFormat = errors.New("semantic: not a model file of this version")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Encode returns the model file of m:
//
//	magic, version, dim, words, paths, sections  (uint32 each after the magic)
//	hash [32]
//	per word: length uint8, bytes (sorted, distinct)
//	per word: idf float32
//	word vectors: words × dim int8
//	per path: length uint16, bytes (sorted, distinct)
//	per section: path index uint32, line uint32 (sorted)
//	section vectors: sections × dim int8
//	CRC-32C of all before it, uint32
//
// all little-endian. The same model gives the same bytes.
func (m *Model) Encode() []byte {
	var b bytes.Buffer
	b.WriteString(magic)
	put32 := func(v uint32) { b.Write(binary.LittleEndian.AppendUint32(nil, v)) }
	for _, v := range []int{FormatVersion, m.dim, m.Words(), len(m.paths), len(m.secs)} {
		put32(uint32(v))
	}
	b.Write(m.Hash[:])
	for i := range m.Words() {
		w := m.word(i)
		b.WriteByte(byte(len(w)))
		b.WriteString(w)
	}
	for _, x := range m.idf {
		put32(math.Float32bits(x))
	}
	for _, x := range m.wvec {
		b.WriteByte(byte(x))
	}
	for _, p := range m.paths {
		b.Write(binary.LittleEndian.AppendUint16(nil, uint16(len(p))))
		b.WriteString(p)
	}
	for _, s := range m.secs {
		put32(s.path)
		put32(s.line)
	}
	for _, x := range m.svec {
		b.WriteByte(byte(x))
	}
	put32(crc32.Checksum(b.Bytes(), castagnoli))
	return b.Bytes()
}

// intact reports whether data is a model file of this version whose
// checksum holds, without decoding it.
func intact(data []byte) bool {
	if len(data) < len(magic)+20+32+4 || string(data[:len(magic)]) != magic {
		return false
	}
	body := data[:len(data)-4]
	return crc32.Checksum(body, castagnoli) == binary.LittleEndian.Uint32(data[len(data)-4:]) &&
		binary.LittleEndian.Uint32(body[len(magic):]) == FormatVersion
}

// Decode reads a model file, checking every part: sizes within the file
// and the limits, words and paths sorted and distinct, idf finite, the
// checksum. The model keeps data's vectors where they lie: the caller must
// not change data after.
func Decode(data []byte) (*Model, error) {
	if len(data) < len(magic)+20+32+4 || string(data[:len(magic)]) != magic {
		return nil, ErrFormat
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("semantic: model file: checksum mismatch")
	}
	r := reader{b: body[len(magic):]}
	version, dim, words, paths, secs := r.u32(), int(r.u32()), int(r.u32()), int(r.u32()), int(r.u32())
	if version != FormatVersion {
		return nil, ErrFormat
	}
	if dim < 1 || dim > maxDim || words > maxWords || secs > maxSections || paths > secs {
		return nil, fmt.Errorf("semantic: model file: sizes out of range (dim %d, words %d, sections %d)", dim, words, secs)
	}
	m := &Model{dim: dim}
	copy(m.Hash[:], r.bytes(32))
	if err := m.decodeWords(&r, words); err != nil {
		return nil, err
	}
	if err := m.decodeSections(&r, paths, secs); err != nil {
		return nil, err
	}
	if r.err != nil {
		return nil, fmt.Errorf("semantic: model file: %w", r.err)
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("semantic: model file: %d bytes after the end", len(r.b))
	}
	return m, nil
}

func (m *Model) decodeWords(r *reader, words int) error {
	var blob strings.Builder
	m.offs = make([]uint32, 0, min(words, len(r.b))+1)
	prev := ""
	for i := range words {
		w := string(r.bytes(int(r.u8())))
		if r.err != nil {
			return fmt.Errorf("semantic: model file: word %d: %w", i, r.err)
		}
		if i > 0 && w <= prev {
			return fmt.Errorf("semantic: model file: word %d out of order", i)
		}
		m.offs = append(m.offs, uint32(blob.Len()))
		blob.WriteString(w)
		prev = w
	}
	m.offs = append(m.offs, uint32(blob.Len()))
	m.blob = blob.String()
	if r.need(words*4 + words*m.dim) {
		return fmt.Errorf("semantic: model file: word vectors: %w", r.err)
	}
	m.idf = make([]float32, words)
	for i := range m.idf {
		x := math.Float32frombits(r.u32())
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || x < 0 {
			return fmt.Errorf("semantic: model file: idf of word %d is %v", i, x)
		}
		m.idf[i] = x
	}
	m.wvec = int8s(r.bytes(words * m.dim))
	return nil
}

func (m *Model) decodeSections(r *reader, paths, secs int) error {
	m.paths = make([]string, 0, min(paths, len(r.b)/2))
	for i := range paths {
		p := string(r.bytes(int(r.u16())))
		if r.err != nil {
			return fmt.Errorf("semantic: model file: path %d: %w", i, r.err)
		}
		if len(p) > maxPathLen || (i > 0 && p <= m.paths[i-1]) {
			return fmt.Errorf("semantic: model file: path %d out of order or too long", i)
		}
		m.paths = append(m.paths, p)
	}
	if r.need(secs*8 + secs*m.dim) {
		return fmt.Errorf("semantic: model file: sections: %w", r.err)
	}
	m.secs = make([]secRef, secs)
	for i := range m.secs {
		s := secRef{path: r.u32(), line: r.u32()}
		if int(s.path) >= paths || (i > 0 && !before(m.secs[i-1], s)) {
			return fmt.Errorf("semantic: model file: section %d out of order", i)
		}
		m.secs[i] = s
	}
	m.svec = int8s(r.bytes(secs * m.dim))
	return nil
}

func before(a, b secRef) bool { return a.path < b.path || (a.path == b.path && a.line < b.line) }

// int8s is b read as int8s, not copied: the vectors are most of a model
// file (contour: 1.6 of 1.7 MB), and a copy of them was a fifth of a new
// process's reading of it.
func int8s(b []byte) []int8 {
	return unsafe.Slice((*int8)(unsafe.Pointer(unsafe.SliceData(b))), len(b))
}

// reader reads little-endian values; the first short read sets err, and
// every read after it returns zeros.
type reader struct {
	b   []byte
	err error
}

var errShort = errors.New("file ends early")

// need reports whether fewer than n bytes are left, setting err if so.
func (r *reader) need(n int) bool {
	if r.err == nil && (n < 0 || n > len(r.b)) {
		r.err = errShort
	}
	return r.err != nil
}

func (r *reader) bytes(n int) []byte {
	if r.need(n) {
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) u8() uint8 {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

func (r *reader) u16() uint16 {
	if b := r.bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}
