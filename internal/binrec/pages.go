package binrec

import (
	"bytes"
	"hash/crc32"
	"sync/atomic"
	"unsafe"
)

// Page checksums. A file read where it lies (the graph snapshot, memory-
// mapped) is read in small parts: an update after a one-file edit reads a
// few MB of GOROOT/src's 80 MB snapshot, and summing all of it to trust
// those was 14 ms of its CPU. So such a file ends with a CRC-32C per page
// of everything before (PageSize bytes, the last page shorter), u32 each,
// then the CRC-32C of that table: a reader checks the pages it reads
// (Pages), a decoder all of them (SumPages).

// PageSize is the span of one page checksum, the memory page of the
// machines gortex runs on: a check then sums no more than a read faults in.
const PageSize = 4096

// PagesLen is the length of the page table of n bytes, its own sum included.
func PagesLen(n uint64) uint64 { return 4*((n+PageSize-1)/PageSize) + 4 }

// PageSums is an io.Writer that sums what is written through it, page by
// page; Table is the page table of all of it.
type PageSums struct {
	crc   uint32
	n     int // bytes of the current page summed
	table []byte
}

func (p *PageSums) Write(b []byte) (int, error) {
	total := len(b)
	for len(b) > 0 {
		k := min(len(b), PageSize-p.n)
		p.crc = crc32.Update(p.crc, Castagnoli, b[:k])
		p.n += k
		b = b[k:]
		if p.n == PageSize {
			p.table = le.AppendUint32(p.table, p.crc)
			p.crc, p.n = 0, 0
		}
	}
	return total, nil
}

// Table returns the page table of what was written, with its own sum.
func (p *PageSums) Table() []byte {
	t := p.table
	if p.n > 0 {
		t = le.AppendUint32(t, p.crc)
	}
	return AppendSum(t)
}

// SumPages reports whether parts, one after another, match the page table.
func SumPages(table []byte, parts ...[]byte) bool {
	var p PageSums
	for _, b := range parts {
		p.Write(b)
	}
	return bytes.Equal(p.Table(), table)
}

// Pages checks the pages of data against its table as they are read, each
// once: a page that holds its sum is marked, one that does not is checked
// again at its next read (and fails again). It is safe for concurrent use.
type Pages struct {
	data []byte
	sums []byte
	done []atomic.Uint64 // a bit per page that held its sum
}

// NewPages returns the checker of data under table; ok is false when the
// table's own sum fails or its length is not data's.
func NewPages(data, table []byte) (p *Pages, ok bool) {
	sums, ok := Summed(table)
	if !ok || uint64(len(table)) != PagesLen(uint64(len(data))) {
		return nil, false
	}
	pages := len(sums) / 4
	return &Pages{data: data, sums: sums, done: make([]atomic.Uint64, (pages+63)/64)}, true
}

// Check reports whether the pages under b hold their sums; b must be a
// slice of the data. bad is the first page that does not.
func (p *Pages) Check(b []byte) (bad int, ok bool) {
	if len(b) == 0 {
		return 0, true
	}
	return p.check(unsafe.Pointer(unsafe.SliceData(b)), len(b))
}

// CheckString is Check of a string that is a slice of the data.
func (p *Pages) CheckString(s string) (bad int, ok bool) {
	if len(s) == 0 {
		return 0, true
	}
	return p.check(unsafe.Pointer(unsafe.StringData(s)), len(s))
}

func (p *Pages) check(at unsafe.Pointer, n int) (int, bool) {
	off := uintptr(at) - uintptr(unsafe.Pointer(unsafe.SliceData(p.data)))
	if off >= uintptr(len(p.data)) || uintptr(n) > uintptr(len(p.data))-off {
		return int(off / PageSize), false // not of the data: a caller's bug, never trusted
	}
	for pg := int(off / PageSize); pg <= int((off+uintptr(n)-1)/PageSize); pg++ {
		word, bit := &p.done[pg/64], uint64(1)<<(pg%64)
		if word.Load()&bit != 0 {
			continue
		}
		page := p.data[pg*PageSize : min(len(p.data), (pg+1)*PageSize)]
		if crc32.Checksum(page, Castagnoli) != le.Uint32(p.sums[pg*4:]) {
			return pg, false
		}
		word.Or(bit)
	}
	return 0, true
}
