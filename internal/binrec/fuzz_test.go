package binrec

import (
	"bytes"
	"strings"
	"testing"
	"unsafe"
)

// FuzzReader reads any bytes with any sequence of reads (ops picks each
// read): no read panics, the reader only ever moves forward, every string
// and byte slice it returns lies inside its input, and after a failure
// every read gives zero values.
func FuzzReader(f *testing.F) {
	rec := AppendStr(AppendUvarint(nil, 2), "contains")
	rec = AppendUvarint(AppendUvarint(rec, 1), 3)
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6}, rec)
	f.Add([]byte{5, 1, 0}, append(AppendUvarint(nil, 3), "abcdef"...))
	f.Add([]byte{2, 2, 2}, bytes.Repeat([]byte{0xff}, 12))
	f.Fuzz(func(t *testing.T, ops, data []byte) {
		const blob = "a blob of strings"
		in := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
		inside := func(p *byte, n int) bool {
			if n == 0 {
				return true
			}
			a := uintptr(unsafe.Pointer(p))
			return a >= in && a+uintptr(n) <= in+uintptr(len(data))
		}
		r := New(data)
		for _, op := range ops {
			before, failed := r.Len(), r.Failed()
			var s string
			var b []byte
			switch op % 7 {
			case 0:
				r.Uvarint()
			case 1:
				r.Count(int(op/7) + 1)
			case 2:
				s = r.Str()
			case 3:
				b = r.Bytes()
			case 4:
				b = r.Next(uint64(op / 7))
			case 5:
				g := r.Sub()
				b = g.Rest()
				if r.Failed() != g.Failed() {
					t.Fatal("a part's failure differs from its reader's")
				}
			case 6:
				if s = r.BlobStr(blob); !strings.Contains(blob, s) {
					t.Fatalf("BlobStr %q is not in the blob", s)
				}
				s = ""
			}
			if r.Len() > before {
				t.Fatalf("the reader moved back: %d bytes left, %d before", r.Len(), before)
			}
			if !inside(unsafe.StringData(s), len(s)) || !inside(unsafe.SliceData(b), len(b)) {
				t.Fatal("a read returned bytes outside the input")
			}
			if failed && (r.Len() != 0 || s != "" || len(b) != 0 || !r.Failed()) {
				t.Fatal("a read after a failure gave something")
			}
		}
	})
}
