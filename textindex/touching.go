package textindex

import (
	"cmp"
	"context"
	"slices"

	"github.com/blevesearch/bleve/v2"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/gortex/gortex/graph"
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
	var cs []history.Commit
	for id := range ids {
		ext, err := r.ExternalID(index.IndexInternalID(id))
		if err != nil {
			return nil, err
		}
		if cm, ok := c.Commit(graph.NodeID(ext)); ok {
			if skip, _ := cm.Skip(); !skip {
				cs = append(cs, cm)
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(cs, func(a, b history.Commit) int {
		if d := b.Date.Compare(a.Date); d != 0 {
			return d
		}
		return cmp.Compare(a.Hash, b.Hash)
	})
	if len(cs) > n {
		if name != "" && n > 1 {
			cs[n-1] = cs[len(cs)-1]
		}
		cs = cs[:n]
	}
	return cs, nil
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
