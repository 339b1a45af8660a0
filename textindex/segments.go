package textindex

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/blevesearch/bleve/v2/index/scorch"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// segments reads an index through scorch's segments, as scorch's own
// readers do, for what its general reader pays per document for: a
// document's stored fields by its number, where Document looks its ID up
// in every segment's dictionary of IDs first (most of Touching's time on
// synapse, for numbers the postings had given), and a term's postings
// without a TermFieldDoc made of each (most of a why's lexical step). nil
// when the reader is not scorch's: its callers then use the reader.
type segments struct {
	segs    []*scorch.SegmentSnapshot
	offsets []uint64 // each segment's first document number
}

func segmentsOf(r index.IndexReader) *segments {
	is, ok := r.(*scorch.IndexSnapshot)
	if !ok {
		return nil
	}
	s := &segments{segs: is.Segments()}
	var running uint64
	for _, ss := range s.segs {
		s.offsets = append(s.offsets, running)
		running += uint64(ss.FullSize())
	}
	return s
}

// size is the number of document numbers of the segments: each is below it.
func (s *segments) size() uint64 {
	if len(s.segs) == 0 {
		return 0
	}
	last := len(s.segs) - 1
	return s.offsets[last] + uint64(s.segs[last].FullSize())
}

// record returns the external ID and the stored record of the document at;
// a nil record when it has none.
func (s *segments) record(r index.IndexReader, c *Commits, at index.IndexInternalID) (ext string, rec []byte, err error) {
	ext, err = s.visit(r, c, at, func(raw []byte) { rec = bytes.Clone(raw) })
	return ext, rec, err
}

// visit returns the external ID of the document at and calls fn with its
// stored record, nil when it has none; the record is valid only during the
// call (a segment's buffer, read again by the next visit), so that a caller
// that reads a part of it copies nothing.
func (s *segments) visit(r index.IndexReader, c *Commits, at index.IndexInternalID, fn func(rec []byte)) (ext string, err error) {
	if s == nil {
		if ext, err = r.ExternalID(at); err != nil {
			return "", err
		}
		fn(c.record(ext))
		return ext, nil
	}
	num := at.Value()
	k := s.segmentOf(num)
	if k < 0 {
		return "", fmt.Errorf("history index: document number %d not found", num)
	}
	seen := false
	err = s.segs[k].VisitDocument(num-s.offsets[k], func(name string, _ byte, val []byte, _ []uint64) bool {
		switch name {
		case "_id":
			ext = string(val)
		case recField:
			fn(val)
			seen = true
		}
		return true
	})
	if err == nil && ext == "" {
		err = fmt.Errorf("history index: document number %d not found", num)
	}
	if err == nil && !seen {
		fn(nil)
	}
	return ext, err
}

// segmentOf returns the index of the segment holding document number num,
// -1 for none.
func (s *segments) segmentOf(num uint64) int {
	return sort.Search(len(s.offsets), func(i int) bool { return s.offsets[i] > num }) - 1
}

// dictionaries returns each segment's dictionary of field.
func (s *segments) dictionaries(field string) ([]segment.TermDictionary, error) {
	out := make([]segment.TermDictionary, len(s.segs))
	for i, ss := range s.segs {
		d, err := ss.Segment().Dictionary(field)
		if err != nil {
			return nil, err
		}
		out[i] = d
	}
	return out, nil
}

// postings reads term's postings from the dictionaries of field, in
// document order as scorch's TermFieldReader yields them, numbering the
// documents in docs; idf is left to the caller. Each posting's frequency
// and norm are kept too when lengths is set (BM25 reads them); sqrt(freq)·norm
// always. Without lengths, the postings of a segment on disk are read
// through postCache.
func (s *segments) postings(dicts []segment.TermDictionary, field, term string, docs *docTable, mem *arena, lengths bool) (postings, error) {
	var p postings
	lists := make([]segment.PostingsList, len(dicts))
	cached := make([]*cachedPostings, len(dicts))
	room := 0
	for i, d := range dicts {
		if !lengths && postCacheOn {
			if seg, ok := keyOf(s.segs[i]); ok {
				c, err := s.cached(d, termKey{seg, field, term})
				if err != nil {
					return p, err
				}
				cached[i], room = c, room+len(c.nums)
				continue
			}
		}
		pl, err := d.PostingsList([]byte(term), s.segs[i].Deleted(), nil)
		if err != nil {
			return p, err
		}
		lists[i], p.df = pl, p.df+pl.Count()
	}
	room += int(p.df)
	p.docs, p.tfn = mem.ints(room), mem.floats(room)
	if lengths {
		p.freq, p.norm = make([]float32, 0, room), make([]float32, 0, room)
	}
	for i, pl := range lists {
		if c := cached[i]; c != nil {
			deleted := s.segs[i].Deleted()
			if deleted != nil && deleted.IsEmpty() {
				deleted = nil
			}
			for j, num := range c.nums {
				if deleted != nil && deleted.Contains(num) {
					continue
				}
				p.docs = append(p.docs, docs.number(s.offsets[i]+uint64(num)))
				p.tfn = append(p.tfn, c.tfn[j])
				p.df++
			}
			continue
		}
		err := eachPosting(pl, func(num, freq uint64, norm, tfn float64) {
			p.docs = append(p.docs, docs.number(s.offsets[i]+num))
			p.tfn = append(p.tfn, tfn)
			if lengths {
				p.freq, p.norm = append(p.freq, float32(freq)), append(p.norm, float32(norm))
			}
		})
		if err != nil {
			return p, err
		}
	}
	return p, nil
}

// eachPosting calls fn with each of pl's postings in order: its document
// number in the segment, frequency, norm and sqrt(freq)·norm.
func eachPosting(pl segment.PostingsList, fn func(num, freq uint64, norm, tfn float64)) error {
	norms, roots := normTable(), sqrtTable()
	it := pl.Iterator(true, true, false, nil)
	for {
		next, err := it.Next()
		if err != nil || next == nil {
			return err
		}
		freq, norm := next.Frequency(), postingNorm(next, norms)
		fn(next.Number(), freq, norm, sqrtFreq(freq, roots)*norm)
	}
}

// cached returns the postings of k from postCache, decoding them from d
// (k's segment's dictionary of k's field) when they are not there.
func (s *segments) cached(d segment.TermDictionary, k termKey) (*cachedPostings, error) {
	if c := cachedTerm(k); c != nil {
		return c, nil
	}
	pl, err := d.PostingsList([]byte(k.term), nil, nil)
	if err != nil {
		return nil, err
	}
	n := pl.Count()
	c := &cachedPostings{nums: make([]uint32, 0, n), tfn: make([]float64, 0, n)}
	err = eachPosting(pl, func(num, _ uint64, _, tfn float64) {
		c.nums, c.tfn = append(c.nums, uint32(num)), append(c.tfn, tfn)
	})
	if err != nil {
		return nil, err
	}
	cacheTerm(k, c)
	return c, nil
}

// lengthNorm is what a posting's Norm returns for a field of a given
// length in tokens, computed as zap computes it, for the lengths below
// len(normTable()); a posting's norm is a function of its field's length
// alone, and the root and division per posting were a tenth of a why.
type lengthNorm interface{ NormUint64() uint64 }

var normTable = sync.OnceValue(func() []float64 {
	t := make([]float64, 4096)
	for n := range t {
		t[n] = float64(float32(1.0 / math.Sqrt(float64(n))))
	}
	return t
})

// postingNorm is p.Norm(), read from norms (normTable) where p gives its
// field's length.
func postingNorm(p segment.Posting, norms []float64) float64 {
	if l, ok := p.(lengthNorm); ok {
		if n := l.NormUint64(); n < uint64(len(norms)) {
			return norms[n]
		}
	}
	return p.Norm()
}

// sqrtFreq is math.Sqrt(float64(freq)), from roots (sqrtTable) for small
// counts.
func sqrtFreq(freq uint64, roots []float64) float64 {
	if freq < uint64(len(roots)) {
		return roots[freq]
	}
	return math.Sqrt(float64(freq))
}

var sqrtTable = sync.OnceValue(func() []float64 {
	t := make([]float64, 64)
	for n := range t {
		t[n] = math.Sqrt(float64(n))
	}
	return t
})
