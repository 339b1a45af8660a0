package textindex

import (
	"cmp"
	"context"
	"slices"

	"github.com/blevesearch/bleve/v2"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/gortex/gortex/history"
)

// Touching returns the commits of the history index that changed path
// (the path whole, as the walk read it: renames are not followed), newest
// first, at most n. With name (an identifier), only those whose changed
// lines or hunk headers name it are kept, and the oldest of them, most
// often the commit that wrote it, takes the last place when it would not
// be among the newest. Formatting-only and bulk commits are left out
// (history.Commit.Skip), as blame and log leave them out. It reads the
// index's postings and the stored records of those commits: no git
// process.
func (c *Commits) Touching(ctx context.Context, path, name string, n int) ([]history.Commit, error) {
	idx, err := c.open()
	if err != nil || n <= 0 || path == "" {
		return nil, err
	}
	r, err := idx.reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	ids, err := postingsOf(ctx, r, fileField, path, nil)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	if name != "" {
		terms := codeTerms(idx.idx, name)
		if len(terms) != 1 {
			return nil, nil // a stop word, or no identifier
		}
		if ids, err = postingsOf(ctx, r, codeField, terms[0], ids); err != nil || len(ids) == 0 {
			return nil, err
		}
	}
	// Each commit's date first (its stored record read, only the date
	// decoded), newest first; then whole records in that order until n are
	// kept: a file thousands of commits changed decodes a few of them.
	type dated struct {
		id   string
		at   index.IndexInternalID
		date int64
	}
	st := segmentsOf(r)
	order := make([]dated, 0, len(ids))
	for id := range ids {
		at := index.IndexInternalID(id)
		d, err := st.dated(r, c, at)
		if err != nil {
			return nil, err
		}
		if d.ok {
			order = append(order, dated{d.ext, at, d.date})
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(order, func(a, b dated) int {
		if d := cmp.Compare(b.date, a.date); d != 0 {
			return d
		}
		return cmp.Compare(a.id, b.id)
	})
	kept := func(d dated) (history.Commit, bool) {
		_, raw, _ := st.record(r, c, d.at)
		cm, ok := commitOf(raw)
		if ok {
			if skip, _ := cm.Skip(); skip {
				return cm, false
			}
		}
		return cm, ok
	}
	var cs []history.Commit
	last := -1 // the place in order of the last commit kept
	for i := 0; i < len(order) && len(cs) < n; i++ {
		if cm, ok := kept(order[i]); ok {
			cs, last = append(cs, cm), i
		}
	}
	if name != "" && n > 1 && len(cs) == n {
		for i := len(order) - 1; i > last; i-- {
			if cm, ok := kept(order[i]); ok {
				cs[n-1] = cm // the oldest, when it is not among the newest
				break
			}
		}
	}
	return cs, nil
}

// dated returns the external ID and date of the commit document at, read
// from its stored record, or from dateCache when the record's segment is a
// file.
func (s *segments) dated(r index.IndexReader, c *Commits, at index.IndexInternalID) (datedRecord, error) {
	var k docKey
	cache := false
	if s != nil && postCacheOn {
		num := at.Value()
		if i := s.segmentOf(num); i >= 0 {
			k.seg, cache = keyOf(s.segs[i])
			k.num = num - s.offsets[i]
		}
	}
	if cache {
		if d, ok := cachedDate(k); ok {
			return d, nil
		}
	}
	var d datedRecord
	ext, err := s.visit(r, c, at, func(raw []byte) {
		if raw != nil {
			d.date, d.ok = recordDate(raw)
		}
	})
	if err != nil {
		return datedRecord{}, err
	}
	d.ext = ext
	if cache {
		cacheDate(k, d)
	}
	return d, nil
}

// Changed reports whether a commit of the history index changed path (the
// path whole): a term's postings looked up, no record read.
func (c *Commits) Changed(ctx context.Context, path string) (bool, error) {
	idx, err := c.open()
	if err != nil || path == "" {
		return false, err
	}
	adv, err := idx.idx.Advanced()
	if err != nil {
		return false, err
	}
	r, err := adv.Reader()
	if err != nil {
		return false, err
	}
	defer r.Close()
	tfr, err := r.TermFieldReader(ctx, []byte(path), fileField, false, false, false)
	if err != nil {
		return false, err
	}
	defer tfr.Close()
	return tfr.Count() > 0, nil
}

// postingsOf returns the internal IDs of the documents holding term in
// field; within, when not nil, only those also in within.
func postingsOf(ctx context.Context, r index.IndexReader, field, term string, within map[string]bool) (map[string]bool, error) {
	tfr, err := r.TermFieldReader(ctx, []byte(term), field, false, false, false)
	if err != nil {
		return nil, err
	}
	defer tfr.Close()
	out := map[string]bool{}
	var doc index.TermFieldDoc
	for {
		d, err := tfr.Next(doc.Reset())
		if err != nil {
			return nil, err
		}
		if d == nil {
			return out, nil
		}
		if id := string(d.ID); within == nil || within[id] {
			out[id] = true
		}
	}
}

// codeTerms returns the terms codeAnalyzer makes of text.
func codeTerms(idx bleve.Index, text string) []string {
	an := idx.Mapping().AnalyzerNamed(codeAnalyzer)
	if an == nil {
		return nil
	}
	var out []string
	for _, tok := range an.Analyze([]byte(text)) {
		out = append(out, string(tok.Term))
	}
	return out
}
