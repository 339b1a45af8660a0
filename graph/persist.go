package graph

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"runtime"

	"github.com/gortex/gortex/internal/binrec"
)

// FormatVersion is the snapshot format; Load refuses any other with
// ErrVersion. Bump it whenever Node, Motivation or the snapshot change shape.
//
// Version 3 replaced gob (version 2) with the binary layout below: gob
// decoded GOROOT/src's snapshot (230k nodes, 63 MB) in 0.8 s of CPU and
// built the whole encoding in memory before writing it, the largest
// allocation of a full index. This layout needs no reflection, decodes its
// fixed-size records on all cores, and keeps every string in one blob.
// Version 4 added the name groups: the name index built node by node had
// taken a third of a load's CPU. Version 5 added the lookup tables
// (tables.go), so that a query reads the snapshot where it lies (Open)
// instead of decoding all of it: on GOROOT/src the decode was most of a
// gortex why, and it grew with the tree, not with the answer. Version 6
// replaced the one checksum with one per page (binrec.PageSize), so that
// an update checks the pages it reads (OpenChecked) instead of summing
// the whole snapshot: 14 ms of CPU on GOROOT/src's 80 MB.
const FormatVersion = 6

// A snapshot is, all integers little-endian:
//
//	header   magic "GORTEXGS", version u32, node count u32, edge count u32,
//	         motivation count u32, name group count u32, grouped node
//	         count u32, extras length u64, blob length u64, ID table
//	         slots u32, name table slots u32, kind count u32, zero u32
//	nodes    one 96-byte record per node (below)
//	edges    one 20-byte record per edge: from u32, to u32 (node indexes),
//	         kinds u32, index of its first motivation u32, motivation
//	         count u32
//	mots     one 24-byte record per motivation, in edge order: Signal and
//	         Detail as string references, the Score's IEEE-754 bits u64
//	names    one 16-byte record per symbol name (Store.ByName): the name as
//	         a string reference, the count of its nodes u32, where they
//	         start in grouped u32
//	grouped  the node indexes of every name, u32, in the names' order
//	tables   the lookup tables (tables.go)
//	extras   the HeadingPath and Attrs of the nodes that have them
//	blob     the bytes of every string, repeated ones written once
//	pages    a CRC-32C per 4 KiB page of everything before it, u32 each,
//	         then the CRC-32C of those (binrec.PageSums)
//
// A string reference is the string's offset in the blob and its length,
// u32 each; every string loads as a slice of the blob, with no copy. A
// node record is ten references (ID, Kind, Name, Qualified, Path, Lang,
// Package, Receiver, Signature, Text), Line u32, EndLine u32, the offset of
// its extras u32 (0 for none) and 4 bytes of zeros. Extras are uvarints: the
// HeadingPath count and references, then the Attrs count and key/value
// references in key order, each reference an offset and a length.
const (
	magic      = "GORTEXGS"
	headerSize = len(magic) + 4*6 + 8*2 + 4*4
	nodeSize   = 10*8 + 4*4
	edgeSize   = 5 * 4
	motSize    = 2*8 + 8
	groupSize  = 8 + 2*4
	// maxBlob is what a u32 string offset can address.
	maxBlob = math.MaxUint32
)

// Save writes the store as a versioned snapshot. Removed nodes and edges are
// left out, so a saved store is also a compacted one.
func (s *Store) Save(w io.Writer) error {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil && s.r == reader(s.v) {
		return s.v.writeTo(w)
	}
	if s.r != nil {
		full, err := s.r.decode()
		if err != nil {
			return err
		}
		s = full
	}
	sw := newSnapWriter(s)
	if sw.blobLen > maxBlob || len(sw.extras) > maxBlob {
		return fmt.Errorf("write snapshot: %d bytes of strings is more than a snapshot holds", sw.blobLen)
	}
	if err := sw.writeTo(w); err != nil {
		return fmt.Errorf("write snapshot: %w", err)
	}
	return nil
}

// Load reads a snapshot written by Save. It returns ErrVersion for a
// snapshot of another format version and ErrCorrupt for one it cannot
// decode. Reading from an *os.File (or anything with a Stat method) checks
// the header's lengths against the file's size before allocating. A
// short-lived caller may run it inside PauseGC; Load itself leaves the
// collector alone, as a long-running process must.
func Load(r io.Reader) (*Store, error) {
	h, err := readHeader(r)
	if err != nil {
		return nil, err
	}
	sized, err := checkSize(r, headerSize, h.bodyLen()+h.blobLen+h.pagesLen())
	if err != nil {
		return nil, err
	}
	body, unmap, err := readBody(r, h, sized)
	if err != nil {
		return nil, err
	}
	defer unmap()
	blob, err := readSection(r, h.blobLen, sized)
	if err != nil {
		return nil, err
	}
	pages, err := readSection(r, h.pagesLen(), sized)
	if err != nil {
		return nil, fmt.Errorf("%w: page sums: %w", ErrCorrupt, err)
	}
	// The checksums run beside the decoder, which checks every offset and
	// so cannot fail worse than with ErrCorrupt on bytes the sums reject.
	sum := make(chan bool, 1)
	go func() { sum <- binrec.SumPages(pages, h.bytes(), body, blob) }()
	s, err := decode(h, body, blob)
	if !<-sum {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	return s, err
}

// readBody reads the records that only decoding reads. From a file it maps
// them instead: they are a third of a snapshot (GOROOT/src: 35 MB), and
// copying them into fresh memory cost one page fault per 4 KB, about as
// much as decoding them. The caller must call unmap once decoded, and keep
// no slice of the body: strings are slices of the blob, which is read.
func readBody(r io.Reader, h header, sized bool) (body []byte, unmap func(), err error) {
	if f, ok := r.(*os.File); ok && sized && h.bodyLen() > 0 {
		end := int64(headerSize) + int64(h.bodyLen())
		if m, unmap, err := binrec.MapFile(f, int(end)); err == nil {
			if _, err := f.Seek(end, io.SeekStart); err != nil {
				unmap()
				return nil, nil, err
			}
			return m[headerSize:], unmap, nil
		}
	}
	body, err = readSection(r, h.bodyLen(), sized)
	return body, func() {}, err
}

// checkSize compares the bytes the header announces after itself with what
// r holds, when r can tell: a file (Stat) or an in-memory reader (Len).
// sized reports whether it could.
func checkSize(r io.Reader, headerLen int, rest uint64) (sized bool, err error) {
	var have int64
	switch v := r.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		fi, err := v.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			return false, nil
		}
		have = fi.Size() - int64(headerLen)
	case interface{ Len() int }:
		have = int64(v.Len())
	default:
		return false, nil
	}
	if have < 0 || uint64(have) != rest {
		return false, fmt.Errorf("%w: %d bytes after the header, the header says %d", ErrCorrupt, have, rest)
	}
	return true, nil
}

// readSection reads n bytes. Unless the size of the input was checked, it
// grows its buffer as data arrives rather than trusting n, so that a corrupt
// length cannot make it allocate more than the input holds.
func readSection(r io.Reader, n uint64, sized bool) ([]byte, error) {
	var buf []byte
	var err error
	if sized {
		buf = make([]byte, n)
		_, err = io.ReadFull(r, buf)
	} else {
		buf, err = io.ReadAll(io.LimitReader(r, int64(min(n, 1<<62))))
		if err == nil && uint64(len(buf)) != n {
			err = io.ErrUnexpectedEOF
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return buf, nil
}

// IsStale reports whether err from Load means the snapshot should be rebuilt
// rather than reported as a failure.
func IsStale(err error) bool {
	return errors.Is(err, ErrVersion) || errors.Is(err, ErrCorrupt)
}
