package binrec

import (
	"bytes"
	"encoding/binary"
	"testing"
)

func TestSummed(t *testing.T) {
	good := AppendSum([]byte("GORTEX body"))
	flipped := bytes.Clone(good)
	flipped[3] ^= 1
	tests := []struct {
		name     string
		data     []byte
		wantBody string
		wantOK   bool
	}{
		{"summed", good, "GORTEX body", true},
		{"empty body", AppendSum(nil), "", true},
		{"a bit flipped", flipped, "", false},
		{"trailer cut", good[:len(good)-1], "", false},
		{"shorter than a trailer", []byte{1, 2, 3}, "", false},
		{"nothing", nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, ok := Summed(tt.data)
			if ok != tt.wantOK || (ok && string(body) != tt.wantBody) {
				t.Errorf("Summed = %q, %v; want %q, %v", body, ok, tt.wantBody, tt.wantOK)
			}
		})
	}
}

func TestRef(t *testing.T) {
	ref := func(off, n uint32) []byte { return le.AppendUint32(le.AppendUint32(nil, off), n) }
	const blob = "motivates"
	tests := []struct {
		name string
		b    []byte
		want string
		ok   bool
	}{
		{"inside", ref(0, 4), "moti", true},
		{"to the end", ref(4, 5), "vates", true},
		{"empty at the end", ref(9, 0), "", true},
		{"past the end", ref(5, 5), "", false},
		{"offset past the end", ref(10, 0), "", false},
		{"offset and length overflow u32 together", ref(0xffffffff, 2), "", false},
		{"short reference", ref(0, 1)[:7], "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Ref(blob, tt.b)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Ref = %q, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestReader(t *testing.T) {
	rec := AppendStr(AppendUvarint(nil, 2), "pkg")
	rec = AppendStr(rec, "")
	rec = AppendUvarint(rec, 300)
	r := New(rec)
	if n := r.Count(1); n != 2 {
		t.Fatalf("Count = %d, want 2", n)
	}
	if s := r.Str(); s != "pkg" {
		t.Errorf("Str = %q, want pkg", s)
	}
	if s := r.Str(); s != "" {
		t.Errorf("Str = %q, want empty", s)
	}
	if v := r.Uvarint(); v != 300 {
		t.Errorf("Uvarint = %d, want 300", v)
	}
	if r.Failed() || r.Len() != 0 {
		t.Fatalf("after the record: failed %v, %d bytes left", r.Failed(), r.Len())
	}
	if v := r.Uvarint(); v != 0 || !r.Failed() {
		t.Errorf("Uvarint past the end = %d, failed %v; want 0, true", v, r.Failed())
	}
}

func TestReaderFailures(t *testing.T) {
	tests := []struct {
		name string
		b    []byte
		read func(r *Reader) any
	}{
		{"count larger than the rest holds", AppendUvarint(nil, 3), func(r *Reader) any { return r.Count(1) }},
		{"count of items of four bytes", append(AppendUvarint(nil, 2), 1, 2, 3, 4, 5, 6, 7), func(r *Reader) any { return r.Count(4) }},
		{"string longer than the rest", append(AppendUvarint(nil, 4), 'a', 'b'), func(r *Reader) any { return r.Str() }},
		{"uvarint cut short", []byte{0x80}, func(r *Reader) any { return r.Uvarint() }},
		{"uvarint over 64 bits", bytes.Repeat([]byte{0xff}, 11), func(r *Reader) any { return r.Uvarint() }},
		{"blob reference outside", AppendUvarint(AppendUvarint(nil, 2), 9), func(r *Reader) any { return r.BlobStr("motivates") }},
		{"blob reference overflow", AppendUvarint(AppendUvarint(nil, 1<<63), 1<<63), func(r *Reader) any { return r.BlobStr("x") }},
		{"part longer than the rest", append(AppendUvarint(nil, 5), 1, 2), func(r *Reader) any { return r.Sub().Len() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := New(tt.b)
			got := tt.read(r)
			if !r.Failed() {
				t.Fatalf("read %v without failing", got)
			}
			switch v := got.(type) {
			case int:
				if v != 0 {
					t.Errorf("failed read = %d, want 0", v)
				}
			case uint64:
				if v != 0 {
					t.Errorf("failed read = %d, want 0", v)
				}
			case string:
				if v != "" {
					t.Errorf("failed read = %q, want empty", v)
				}
			}
			// Sticky: the bytes a failure left are not read.
			if r.Len() != 0 || r.Str() != "" || r.Uvarint() != 0 {
				t.Error("a read after a failure gave something")
			}
		})
	}
}

func TestSub(t *testing.T) {
	part := AppendStr(AppendUvarint(nil, 1), "Close")
	rec := AppendUvarint(nil, uint64(len(part)))
	rec = append(rec, part...)
	rec = AppendStr(rec, "after")
	r := New(rec)
	g := r.Sub()
	if r.Str() != "after" {
		t.Fatal("Sub did not skip its part")
	}
	if n := g.Count(1); n != 1 || g.Str() != "Close" || g.Len() != 0 || g.Failed() {
		t.Errorf("part read as %d, failed %v", n, g.Failed())
	}
	if r.Failed() {
		t.Error("the outer reader failed")
	}
}

func TestBlobStr(t *testing.T) {
	rec := binary.AppendUvarint(binary.AppendUvarint(nil, 4), 5)
	r := New(rec)
	if s := r.BlobStr("motivates"); s != "vates" || r.Failed() {
		t.Errorf("BlobStr = %q, failed %v", s, r.Failed())
	}
}
