package textindex

import (
	"context"
	"fmt"
	"path"
	"strings"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/gortex/gortex/graph"
)

// Index is the Bleve full-text index of reasoning nodes (document
// sections now; memories and commits join it with their own kind). The
// caller must Close it.
type Index struct {
	idx     bleve.Index
	lengths *fieldLengths // set: score with BM25 (the history index)
	shared  *sharedIndex  // set: a handle of an index kept open (OpenShared)
	closed  atomic.Bool   // a handle's Close was called
}

// contentDoc is what Bleve stores for one node.
type contentDoc struct {
	Kind    string `json:"kind"`
	Path    string `json:"path"`
	Heading string `json:"heading"` // the heading path: document title down to the section
	Where   string `json:"where"`   // the file's path split into words
	Text    string `json:"text"`
}

// indexMapping is the mapping of every content index. Each query names
// its fields and sorts by score, so no field goes into Bleve's composite
// "_all" field or keeps doc values (for sorting and facets): on GOROOT/src
// the two were half the index on disk and a third of what building it
// allocated, for nothing read. The postings of the five fields are what
// they were.
func indexMapping() mapping.IndexMapping {
	text := bleve.NewTextFieldMapping()
	text.Analyzer = en.AnalyzerName // stemming and English stop words
	text.Store = false
	text.IncludeInAll, text.DocValues = false, false
	kw := bleve.NewTextFieldMapping()
	kw.Analyzer = keyword.Name
	kw.Store = false
	kw.IncludeInAll, kw.DocValues = false, false
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

// Close releases the index; a handle of a shared index (OpenShared)
// releases the handle, and closes the index only when it is no longer its
// directory's and this was its last handle.
func (c *Index) Close() error {
	if c.shared != nil {
		return c.closeHandle()
	}
	return c.idx.Close()
}

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
func (c *Index) Analyze(text string) []string { return distinct(c.tokens(text)) }

// tokens returns the analysed terms of text, in order, with repeats.
func (c *Index) tokens(text string) []string {
	an := c.idx.Mapping().AnalyzerNamed(en.AnalyzerName)
	var out []string
	for _, tok := range an.Analyze([]byte(text)) {
		out = append(out, string(tok.Term))
	}
	return out
}

// searchFields are the fields a search of sections matches, with their
// boosts: a heading summarises its section.
var searchFields = []struct {
	name  string
	boost float64
}{{"heading", 1.5}, {"where", 1.0}, {"text", 1.0}}

// sectionFields are the names of searchFields.
var sectionFields = []string{"heading", "where", "text"}

// commitFields are the fields a search of the history index matches: a
// commit's subject, its files' words, its body and its changed
// identifiers (scored by BM25 with commitBoosts).
var commitFields = [...]string{"heading", "where", "text", codeField}

// Search ranks the indexed nodes for text as a match query (any term)
// over headings, path words and text would (score), and returns the best
// limit hits, best first, each with the query terms it matched, in the
// order of the query.
func (c *Index) Search(ctx context.Context, text string, limit int) ([]Hit, error) {
	hits, err := c.score(ctx, text, limit)
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", text, err)
	}
	return hits, nil
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
