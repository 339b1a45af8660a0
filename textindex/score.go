package textindex

import (
	"bytes"
	"cmp"
	"container/heap"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"

	"github.com/gortex/gortex/graph"
)

// score ranks the indexed nodes for text as Bleve's disjunction of one
// match query per searched field ranks them (its TF-IDF model: a term's
// weight sqrt(freq)·norm·idf²·boost·queryNorm, each field's sum scaled by
// the share of the query's tokens it matched, the fields' sum by the share
// of fields), but term at a time: each term's postings are read once into
// per-document sums, with no heap of postings merged document by document.
// That merge was two thirds of a search's time and grew with every
// posting. Scores equal Bleve's up to the order of a sum's terms (a few
// units in the last place); TestSearchMatchesBleve holds them to it.
func (c *Index) score(ctx context.Context, text string, limit int) ([]Hit, error) {
	tokens := c.tokens(text) // with repeats: a match query makes a term query of each
	if len(tokens) == 0 || limit <= 0 {
		return nil, nil
	}
	r, err := c.reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	total, err := r.DocCount()
	if err != nil {
		return nil, err
	}
	terms := distinct(tokens)
	fields := sectionFields
	if c.lengths != nil {
		fields = commitFields[:]
	}
	lists := make([][]postings, len(fields))
	mem := getArena()
	docs := docTable{mem: mem}
	defer func() {
		if docs.nums != nil {
			mem.nums = docs.nums
		}
		mem.put()
	}()
	segs := segmentsOf(r)
	if segs != nil {
		docs.reserve(segs.size())
	}
	for f, field := range fields {
		lists[f] = make([]postings, len(terms))
		var dicts []segment.TermDictionary
		if segs != nil {
			if dicts, err = segs.dictionaries(field); err != nil {
				return nil, err
			}
		}
		for k, t := range terms {
			var p postings
			if segs != nil {
				p, err = segs.postings(dicts, field, t, &docs, mem, c.lengths != nil)
			} else {
				p, err = readPostings(ctx, r, field, t, &docs)
			}
			if err != nil {
				return nil, err
			}
			p.idf = 1 + math.Log(float64(total)/float64(p.df+1))
			lists[f][k] = p
		}
	}
	n := docs.len()
	if n == 0 {
		return nil, ctx.Err()
	}
	var scores []float64
	if c.lengths != nil {
		scores = c.lengths.bm25(lists, terms, n, total)
	} else {
		scores = tfidf(lists, terms, tokens, n, mem)
	}
	// The best limit, ties in the index's order as Bleve's collector
	// breaks them.
	better := func(a, b int32) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return docs.compare(a, b)
	}
	order := best(int32(n), limit, better)
	rank := mem.zeroInts(n) // a document's place among the hits, + 1
	for k, i := range order {
		rank[i] = int32(k + 1)
	}
	hits := make([]Hit, len(order))
	for n, i := range order {
		ext, err := r.ExternalID(docs.id(i))
		if err != nil {
			return nil, fmt.Errorf("content index: %w", err)
		}
		hits[n] = Hit{ID: graph.NodeID(ext), Score: scores[i]}
	}
	// The terms each hit holds in any field, in the query's order.
	for k, t := range terms {
		has := make([]bool, len(order))
		for f := range lists {
			for _, i := range lists[f][k].docs {
				if at := rank[i]; at > 0 {
					has[at-1] = true
				}
			}
		}
		for n, ok := range has {
			if ok {
				hits[n].Terms = append(hits[n].Terms, t)
			}
		}
	}
	return hits, ctx.Err()
}

// readPostings reads term's postings in field through r's TermFieldReader,
// numbering the documents in docs; idf is left to the caller.
func readPostings(ctx context.Context, r index.IndexReader, field, term string, docs *docTable) (postings, error) {
	tfr, err := r.TermFieldReader(ctx, []byte(term), field, true, true, false)
	if err != nil {
		return postings{}, err
	}
	defer tfr.Close()
	df := tfr.Count()
	p := postings{df: df, docs: make([]int32, 0, df), tfn: make([]float64, 0, df)}
	var doc index.TermFieldDoc
	for {
		d, err := tfr.Next(doc.Reset())
		if err != nil {
			return postings{}, err
		}
		if d == nil {
			return p, nil
		}
		p.docs = append(p.docs, docs.index(d.ID))
		p.tfn = append(p.tfn, math.Sqrt(float64(d.Freq))*d.Norm)
		p.freq, p.norm = append(p.freq, float32(d.Freq)), append(p.norm, float32(d.Norm))
	}
}

// postings are the postings of one term in one field, and the idf Bleve
// gives it.
type postings struct {
	idf  float64
	df   uint64
	docs []int32   // in the docTable
	tfn  []float64 // sqrt(freq)·norm of each
	freq []float32 // the term's count in each
	norm []float32 // 1/sqrt(the field's length in tokens) of each
}

// tfidf scores the n documents of lists as Bleve's match-query
// disjunction does.
func tfidf(lists [][]postings, terms, tokens []string, n int, mem *arena) []float64 {
	// The query norm, summed as Bleve sums it: the fields in order, each
	// over its tokens in order.
	termAt := make(map[string]int, len(terms))
	for k, t := range terms {
		termAt[t] = k
	}
	var squares float64
	for f, field := range searchFields {
		var w float64
		for _, t := range tokens {
			q := field.boost * lists[f][termAt[t]].idf
			w += q * q
		}
		squares += w
	}
	norm := 1 / math.Sqrt(squares)
	// Each field's sum over its tokens, in their order.
	sums := make([][]float64, len(searchFields))
	counts := make([][]int32, len(searchFields))
	for f, field := range searchFields {
		sums[f], counts[f] = mem.zeroFloats(n), mem.zeroInts(n)
		for _, t := range tokens {
			p := lists[f][termAt[t]]
			weight := field.boost * p.idf * norm
			for j, i := range p.docs {
				sums[f][i] += p.tfn[j] * p.idf * weight
				counts[f][i]++
			}
		}
	}
	scores := mem.zeroFloats(n)
	for i := range n {
		var sum float64
		matched := 0
		for f := range searchFields {
			if counts[f][i] > 0 {
				sum += sums[f][i] * (float64(counts[f][i]) / float64(len(tokens)))
				matched++
			}
		}
		scores[i] = sum * (float64(matched) / float64(len(searchFields)))
	}
	return scores
}

// best returns the limit best of the items 0..n-1 by better (negative
// when its first argument ranks first), best first, keeping only a heap of
// limit items.
func best(n int32, limit int, better func(a, b int32) int) []int32 {
	h := &rankHeap{better: better}
	for i := range n {
		switch {
		case len(h.items) < limit:
			heap.Push(h, i)
		case better(i, h.items[0]) < 0:
			h.items[0] = i
			heap.Fix(h, 0)
		}
	}
	out := h.items
	slices.SortFunc(out, better)
	return out
}

// rankHeap keeps the worst of the best items on top.
type rankHeap struct {
	items  []int32
	better func(a, b int32) int
}

func (h *rankHeap) Len() int           { return len(h.items) }
func (h *rankHeap) Less(i, j int) bool { return h.better(h.items[i], h.items[j]) > 0 }
func (h *rankHeap) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *rankHeap) Push(x any)         { h.items = append(h.items, x.(int32)) }
func (h *rankHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}

// docTable numbers the documents the postings name. Scorch's internal IDs
// are 8-byte document numbers, looked up in a slice below denseNums and
// kept as integers; others (the in-memory index's) as strings. Its
// entries hold no pointers, so that the collector does not scan them.
type docTable struct {
	dense []int32 // by document number: its index + 1, or 0
	byNum map[uint64]int32
	byStr map[string]int32
	nums  []uint64         // each document's number, when it has one
	strs  map[int32]string // the ID of each document that has no number
	mem   *arena           // where dense and nums are kept, when not nil
}

// denseNums bounds the document numbers docTable keeps in a slice (4 MB
// of it at most).
const denseNums = 1 << 20

// reserve sizes the table for document numbers below n.
func (t *docTable) reserve(n uint64) {
	if n > denseNums || uint64(len(t.dense)) >= n {
		return
	}
	if t.mem != nil && len(t.dense) == 0 {
		if uint64(cap(t.mem.dense)) < n {
			t.mem.dense = make([]int32, n)
		}
		t.dense = t.mem.dense[:n]
		clear(t.dense)
		t.nums = t.mem.nums[:0]
		return
	}
	t.dense = slices.Grow(t.dense, int(n)-len(t.dense))[:n]
}

func (t *docTable) index(id index.IndexInternalID) int32 {
	if len(id) == 8 {
		return t.number(binary.BigEndian.Uint64(id))
	}
	if i, ok := t.byStr[string(id)]; ok {
		return i
	}
	if t.byStr == nil {
		t.byStr, t.strs = map[string]int32{}, map[int32]string{}
	}
	i := int32(len(t.nums))
	t.byStr[string(id)], t.strs[i] = i, string(id)
	t.nums = append(t.nums, 0)
	return i
}

// number is index for the document numbered num (scorch's 8-byte IDs).
func (t *docTable) number(num uint64) int32 {
	if num < denseNums {
		if num < uint64(len(t.dense)) && t.dense[num] > 0 {
			return t.dense[num] - 1
		}
		if num >= uint64(len(t.dense)) {
			t.dense = slices.Grow(t.dense, int(num)+1-len(t.dense))[:num+1]
		}
		i := int32(len(t.nums))
		t.dense[num] = i + 1
		t.nums = append(t.nums, num)
		return i
	}
	if i, ok := t.byNum[num]; ok {
		return i
	}
	if t.byNum == nil {
		t.byNum = map[uint64]int32{}
	}
	i := int32(len(t.nums))
	t.byNum[num] = i
	t.nums = append(t.nums, num)
	return i
}

func (t *docTable) len() int { return len(t.nums) }

// compare orders documents a and b as their internal IDs.
func (t *docTable) compare(a, b int32) int {
	if t.strs == nil {
		return cmp.Compare(t.nums[a], t.nums[b])
	}
	_, sa := t.strs[a]
	_, sb := t.strs[b]
	if !sa && !sb {
		return cmp.Compare(t.nums[a], t.nums[b])
	}
	return bytes.Compare(t.id(a), t.id(b))
}

// id is document i's internal ID.
func (t *docTable) id(i int32) index.IndexInternalID {
	if s, ok := t.strs[i]; ok {
		return index.IndexInternalID(s)
	}
	return binary.BigEndian.AppendUint64(nil, t.nums[i])
}

// distinct returns tokens without repeats, in order.
func distinct(tokens []string) []string {
	seen := make(map[string]bool, len(tokens))
	var out []string
	for _, t := range tokens {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// reader opens a reader of the index's postings and stored fields, for
// the searches that read them directly rather than through Bleve's
// queries; the caller closes it.
func (c *Index) reader() (index.IndexReader, error) {
	adv, err := c.idx.Advanced()
	if err != nil {
		return nil, err
	}
	return adv.Reader()
}
