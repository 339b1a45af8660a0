package textindex

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/gortex/gortex/graph"
)

// Index is the Bleve full-text index of reasoning nodes (document
// sections now; memories and commits join it with their own kind). The
// caller must Close it.
type Index struct {
	idx bleve.Index
}

// contentDoc is what Bleve stores for one node.
type contentDoc struct {
	Kind    string `json:"kind"`
	Path    string `json:"path"`
	Heading string `json:"heading"` // the heading path: document title down to the section
	Where   string `json:"where"`   // the file's path split into words
	Text    string `json:"text"`
}

func indexMapping() mapping.IndexMapping {
	text := bleve.NewTextFieldMapping()
	text.Analyzer = en.AnalyzerName // stemming and English stop words
	text.Store = false
	kw := bleve.NewTextFieldMapping()
	kw.Analyzer = keyword.Name
	kw.Store = false
	doc := bleve.NewDocumentMapping()
	doc.AddFieldMappingsAt("heading", text)
	doc.AddFieldMappingsAt("where", text)
	doc.AddFieldMappingsAt("text", text)
	doc.AddFieldMappingsAt("kind", kw)
	doc.AddFieldMappingsAt("path", kw)
	m := bleve.NewIndexMapping()
	m.DefaultMapping = doc
	m.DefaultAnalyzer = en.AnalyzerName
	return m
}

// Create makes a new, empty index in dir, which must not exist.
func Create(dir string) (*Index, error) {
	idx, err := bleve.New(dir, indexMapping())
	if err != nil {
		return nil, fmt.Errorf("create content index %s: %w", dir, err)
	}
	return &Index{idx: idx}, nil
}

// Open opens the index in dir.
func Open(dir string) (*Index, error) {
	idx, err := bleve.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("open content index %s: %w", dir, err)
	}
	return &Index{idx: idx}, nil
}

// Close releases the index.
func (c *Index) Close() error { return c.idx.Close() }

// Update removes the nodes with the given IDs and indexes the given nodes,
// in batches.
func (c *Index) Update(ctx context.Context, remove []graph.NodeID, add []*graph.Node) error {
	const batchSize = 500
	b := c.idx.NewBatch()
	flush := func() error {
		if b.Size() == 0 {
			return nil
		}
		if err := c.idx.Batch(b); err != nil {
			return fmt.Errorf("index content batch: %w", err)
		}
		b.Reset()
		return ctx.Err()
	}
	for _, id := range remove {
		b.Delete(string(id))
	}
	for _, n := range add {
		heading := n.Name
		if len(n.HeadingPath) > 0 {
			heading = strings.Join(n.HeadingPath, " / ")
		}
		doc := contentDoc{Kind: string(n.Kind), Path: n.Path, Heading: heading, Where: pathWords(n.Path), Text: n.Text}
		if err := b.Index(string(n.ID), doc); err != nil {
			return fmt.Errorf("index %s: %w", n.ID, err)
		}
		if b.Size() >= batchSize {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// pathWords turns "designs/node-repair.md" into "designs node repair".
func pathWords(p string) string {
	p = strings.TrimSuffix(p, path.Ext(p))
	return strings.Join(strings.FieldsFunc(p, func(r rune) bool {
		return r == '/' || r == '-' || r == '_' || r == '.'
	}), " ")
}

// Hit is one search result: the node, its score, and the distinct
// analysed terms of the query it matched.
type Hit struct {
	ID    graph.NodeID
	Score float64
	Terms []string
}

// Analyze returns the distinct analysed terms (lower-cased, stemmed, stop
// words removed) of text, in order of first appearance.
func (c *Index) Analyze(text string) []string {
	an := c.idx.Mapping().AnalyzerNamed(en.AnalyzerName)
	seen := map[string]bool{}
	var out []string
	for _, tok := range an.Analyze([]byte(text)) {
		t := string(tok.Term)
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// searchFields are the fields a search matches, with their boosts: a
// heading summarises its section.
var searchFields = []struct {
	name  string
	boost float64
}{{"heading", 1.5}, {"where", 1.0}, {"text", 1.0}}

// Search runs a match query (any term) over headings, path words and text
// and returns the best limit hits, best first, each with the query terms
// it matched, in the order of the query.
//
// The search scores without term locations, which doubled its cost (every
// posting's positions decoded and merged, for every matching section);
// the terms each of the few hits matched are then read from the postings
// of the query's terms, advanced to the hits alone (matchedTerms).
func (c *Index) Search(ctx context.Context, text string, limit int) ([]Hit, error) {
	var qs []query.Query
	for _, f := range searchFields {
		q := bleve.NewMatchQuery(text)
		q.SetField(f.name)
		q.SetBoost(f.boost)
		qs = append(qs, q)
	}
	req := bleve.NewSearchRequestOptions(bleve.NewDisjunctionQuery(qs...), limit, 0, false)
	res, err := c.idx.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", text, err)
	}
	terms, err := c.matchedTerms(ctx, c.Analyze(text), res.Hits)
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", text, err)
	}
	hits := make([]Hit, len(res.Hits))
	for i, h := range res.Hits {
		hits[i] = Hit{ID: graph.NodeID(h.ID), Score: h.Score, Terms: terms[i]}
	}
	return hits, nil
}

// matchedTerms returns, for each hit, the terms it holds in a searched
// field, in the order of terms.
func (c *Index) matchedTerms(ctx context.Context, terms []string, hits search.DocumentMatchCollection) ([][]string, error) {
	out := make([][]string, len(hits))
	if len(hits) == 0 {
		return out, nil
	}
	adv, err := c.idx.Advanced()
	if err != nil {
		return nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// The hits in index order, so that each term's postings are read
	// forward once.
	order := make([]int, len(hits))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return hits[a].IndexInternalID.Compare(hits[b].IndexInternalID) })
	var doc index.TermFieldDoc
	for _, t := range terms {
		has := make([]bool, len(hits))
		for _, f := range searchFields {
			tfr, err := r.TermFieldReader(ctx, []byte(t), f.name, false, false, false)
			if err != nil {
				return nil, err
			}
			err = advanceTo(tfr, hits, order, has, &doc)
			tfr.Close()
			if err != nil {
				return nil, err
			}
		}
		for i, ok := range has {
			if ok {
				out[i] = append(out[i], t)
			}
		}
	}
	return out, nil
}

// advanceTo marks in has the hits whose documents tfr's postings hold,
// visiting the hits in index order.
func advanceTo(tfr index.TermFieldReader, hits search.DocumentMatchCollection, order []int, has []bool, doc *index.TermFieldDoc) error {
	if tfr.Count() == 0 {
		return nil
	}
	var at index.IndexInternalID // the posting the reader last stopped at
	for _, i := range order {
		id := hits[i].IndexInternalID
		if at != nil && id.Compare(at) <= 0 {
			// The reader passed this document: it holds the term only
			// when it stopped on it.
			has[i] = has[i] || id.Equals(at)
			continue
		}
		d, err := tfr.Advance(id, doc.Reset())
		if err != nil {
			return err
		}
		if d == nil {
			return nil
		}
		at = append(at[:0], d.ID...)
		has[i] = has[i] || d.ID.Equals(id)
	}
	return nil
}

// Count returns the number of indexed nodes.
func (c *Index) Count() (uint64, error) { return c.idx.DocCount() }

// Indexer maintains the content index of an index directory; it is
// what the indexer calls after every build or update.
type Indexer struct{}

// UpdateContent creates the index in dir (create) or opens it, then removes
// and adds the given nodes.
func (Indexer) UpdateContent(ctx context.Context, dir string, create bool, remove []graph.NodeID, add []*graph.Node) error {
	open := Open
	if create {
		open = Create
	}
	c, err := open(dir)
	if err != nil {
		return err
	}
	if err := c.Update(ctx, remove, add); err != nil {
		c.Close()
		return err
	}
	return c.Close()
}
