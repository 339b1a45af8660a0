package binrec

import (
	"bytes"
	"testing"
)

func TestPages(t *testing.T) {
	for _, size := range []int{0, 1, PageSize - 1, PageSize, PageSize + 1, 3*PageSize + 17} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(i * 7)
		}
		var sums PageSums
		sums.Write(data[:size/3]) // written in parts that do not fall on pages
		sums.Write(data[size/3:])
		table := sums.Table()
		if uint64(len(table)) != PagesLen(uint64(size)) {
			t.Fatalf("%d bytes: table of %d bytes, PagesLen says %d", size, len(table), PagesLen(uint64(size)))
		}
		if !SumPages(table, data[:size/2], data[size/2:]) {
			t.Fatalf("%d bytes: SumPages refuses its own table", size)
		}
		p, ok := NewPages(data, table)
		if !ok {
			t.Fatalf("%d bytes: NewPages refuses its own table", size)
		}
		if _, ok := p.Check(data); !ok {
			t.Fatalf("%d bytes: Check refuses intact data", size)
		}
		if size == 0 {
			continue
		}
		// A flipped byte fails its page, in whatever order pages are read,
		// and every read of that page after; the others still pass.
		for _, at := range []int{0, size / 2, size - 1} {
			bad := bytes.Clone(data)
			bad[at] ^= 1
			if SumPages(table, bad) {
				t.Errorf("%d bytes, byte %d flipped: SumPages passes", size, at)
			}
			p, _ := NewPages(bad, table)
			for range 2 {
				if pg, ok := p.Check(bad[at : at+1]); ok || pg != at/PageSize {
					t.Errorf("%d bytes, byte %d flipped: Check = page %d, %v", size, at, pg, ok)
				}
			}
			if other := (at/PageSize + 1) * PageSize; other < size {
				if _, ok := p.Check(bad[other:]); !ok {
					t.Errorf("%d bytes, byte %d flipped: the pages after it fail", size, at)
				}
			}
			if _, ok := p.CheckString(string(bad[at : at+1])); ok {
				t.Errorf("%d bytes: a copy of the data passes as part of it", size)
			}
		}
		badTable := bytes.Clone(table)
		badTable[0] ^= 1
		if _, ok := NewPages(data, badTable); ok {
			t.Errorf("%d bytes: NewPages takes a table that fails its own sum", size)
		}
		if _, ok := NewPages(data[:size-1], table); ok && PagesLen(uint64(size-1)) != PagesLen(uint64(size)) {
			t.Errorf("%d bytes: NewPages takes a table of another length", size)
		}
	}
}
