// Package binrec reads the binary records gortex writes to its own files
// (the graph snapshot and its deltas, the parse spool and parses file, the
// manifest's table of files): uvarints, counts, length-prefixed strings,
// string references into a blob, and the CRC-32C trailer they end with.
// What it reads lies on disk, where anything may have changed it, so every
// read is bounds-checked and a failed one is sticky: it and every read
// after it give zero values, and Failed reports it once, at the end.
package binrec

import (
	"encoding/binary"
	"hash/crc32"
	"unsafe"
)

// Castagnoli is the CRC-32C table every file of gortex's is summed with.
var Castagnoli = crc32.MakeTable(crc32.Castagnoli)

// le is the byte order of every fixed-size integer gortex writes.
var le = binary.LittleEndian

// Summed splits data into its body and the little-endian CRC-32C of the
// body that ends it; ok is false when data is shorter than the trailer or
// the sum differs.
func Summed(data []byte) (body []byte, ok bool) {
	if len(data) < 4 {
		return nil, false
	}
	body = data[:len(data)-4]
	return body, crc32.Checksum(body, Castagnoli) == le.Uint32(data[len(body):])
}

// AppendSum appends the CRC-32C of b to b, as Summed reads it.
func AppendSum(b []byte) []byte { return le.AppendUint32(b, crc32.Checksum(b, Castagnoli)) }

// AppendUvarint appends v as a uvarint.
func AppendUvarint(dst []byte, v uint64) []byte { return binary.AppendUvarint(dst, v) }

// AppendStr appends s as Reader.Str reads it: its length, a uvarint, then
// its bytes.
func AppendStr(dst []byte, s string) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(s))), s...)
}

// Ref reads the string reference at the start of b, a u32 offset and a
// u32 length into blob, as a slice of blob; ok is false when b is shorter
// than a reference or the string lies outside blob.
func Ref(blob string, b []byte) (string, bool) {
	if len(b) < 8 {
		return "", false
	}
	off, n := uint64(le.Uint32(b)), uint64(le.Uint32(b[4:]))
	if off+n > uint64(len(blob)) {
		return "", false
	}
	return blob[off : off+n], true
}

// Reader reads a record of uvarints and strings from the front of a byte
// slice. Its strings are slices of that byte slice, not copies: the
// caller must not change it while they live. The zero Reader is empty.
type Reader struct {
	b      []byte
	failed bool
}

// New returns a Reader over b.
func New(b []byte) *Reader { return &Reader{b: b} }

// fail makes the reader's errors stick.
func (r *Reader) fail() { r.failed, r.b = true, nil }

// Failed reports whether a read went past the end or met a bad value.
func (r *Reader) Failed() bool { return r.failed }

// Len is the number of bytes not read yet.
func (r *Reader) Len() int { return len(r.b) }

// Rest returns the bytes not read yet, without consuming them.
func (r *Reader) Rest() []byte { return r.b }

// Uvarint reads a uvarint.
func (r *Reader) Uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Count reads a count of items that take at least minBytes (> 0) each, so
// that a count the rest cannot hold fails instead of sizing an allocation.
func (r *Reader) Count(minBytes int) int {
	v := r.Uvarint()
	if v > uint64(len(r.b)/max(minBytes, 1)) {
		r.fail()
		return 0
	}
	return int(v)
}

// Next returns the next n bytes.
func (r *Reader) Next(n uint64) []byte {
	if n > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	b := r.b[:n:n]
	r.b = r.b[n:]
	return b
}

// Bytes reads a length-prefixed byte string: a uvarint length, then the
// bytes.
func (r *Reader) Bytes() []byte { return r.Next(r.Uvarint()) }

// Str reads a length-prefixed string, a slice of the reader's bytes.
func (r *Reader) Str() string {
	b := r.Bytes()
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Sub reads a uvarint length and returns a Reader over that many of the
// next bytes, which this one skips: a part of a record that may be read or
// passed over whole. A failed length fails both.
func (r *Reader) Sub() *Reader {
	n := r.Uvarint()
	b := r.Next(n)
	return &Reader{b: b, failed: r.failed}
}

// BlobStr reads a string reference written as two uvarints, an offset and
// a length into blob, as a slice of blob.
func (r *Reader) BlobStr(blob string) string {
	off, n := r.Uvarint(), r.Uvarint()
	if off > uint64(len(blob)) || n > uint64(len(blob))-off {
		r.fail()
		return ""
	}
	return blob[off : off+n]
}
