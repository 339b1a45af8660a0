package textindex

import (
	"github.com/blevesearch/bleve/v2/index/scorch"

	"github.com/gortex/gortex/internal/textutil"
)

// A section search reads the postings of the same common words again and
// again (a symbol's profile holds its doc comment's "name", "returns",
// "will"), and decoding them from the segment was most of a why's lexical
// step. postCache keeps the decoded postings of a term in a field of a
// segment on disk: the document numbers and sqrt(freq)·norm, which depend
// on the segment's bytes alone. A segment file is never changed once
// written; it is known by its path, its checksum and its count of
// documents, so that a segment written again under the same name (an
// index made anew) is another. Deletions are not the segment's: they are
// applied when the postings are read, as the segment's reader applies
// them. The cache holds postCacheMax postings at most and is emptied
// when it would hold more.
var postCache = textutil.NewBounded[termKey, *cachedPostings](postCacheMax)

// postCacheOn turns postCache and dateCache on; tests turn it off to
// compare, and a process that searches once, through KeepDecoded.
var postCacheOn = true

// KeepDecoded sets whether searches keep what they decode of the segments
// on disk for later searches (postCache, dateCache; on unless set off) and
// returns the setting it replaces; call it before any search. A process
// that answers once (the CLI's why) sets it off: it never reads them back,
// and making the cached copy was a sixth of a why's lexical step on
// contour, with the fresh memory of the copies its page faults.
func KeepDecoded(on bool) bool {
	was := postCacheOn
	postCacheOn = on
	return was
}

// postCacheMax bounds the postings postCache holds (12 bytes each).
const postCacheMax = 1 << 21

// segKey names a segment file by its contents.
type segKey struct {
	path string
	crc  uint32
	docs int64
}

type termKey struct {
	seg         segKey
	field, term string
}

// cachedPostings are a term's postings in one field of one segment, with
// no deletion applied: each document's number in the segment and its
// sqrt(freq)·norm.
type cachedPostings struct {
	nums []uint32
	tfn  []float64
}

// segmentFile is what a segment on disk tells of itself (zap's).
type segmentFile interface {
	Path() string
	CRC() uint32
}

// keyOf returns the key of ss's segment, and false when it is not a file
// (a segment still in memory is not cached).
func keyOf(ss *scorch.SegmentSnapshot) (segKey, bool) {
	f, ok := ss.Segment().(segmentFile)
	if !ok || f.Path() == "" {
		return segKey{}, false
	}
	return segKey{path: f.Path(), crc: f.CRC(), docs: ss.FullSize()}, true
}

func cachedTerm(k termKey) *cachedPostings {
	c, _ := postCache.Get(k)
	return c
}

func cacheTerm(k termKey, c *cachedPostings) { postCache.Put(k, c, len(c.nums)) }

// dateCache keeps what Touching reads of a commit's stored record to order
// a file's commits, its ID and date, by the record's segment and number in
// it: the record is the segment's and never changes, and decoding each
// record of a file's hundreds of commits (synapse's busiest files) was most
// of a why there. At most dateCacheMax records (about 150 bytes each);
// emptied when full.
var dateCache = textutil.NewBounded[docKey, datedRecord](dateCacheMax)

const dateCacheMax = 1 << 18

type docKey struct {
	seg segKey
	num uint64
}

// datedRecord is a record's external ID and date; ok is false when it had
// no record or its date could not be read.
type datedRecord struct {
	ext  string
	date int64
	ok   bool
}

func cachedDate(k docKey) (datedRecord, bool) { return dateCache.Get(k) }

func cacheDate(k docKey, d datedRecord) { dateCache.Put(k, d, 1) }
