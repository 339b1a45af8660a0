package textindex

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
)

// The history index is a content index of its own, one document per
// commit: the subject as its heading, the words of the files it changed
// as its "where", the body without trailers as its text, so that Search
// scores a commit as it scores a section; and the commit itself, stored
// whole (recField), so that a hit needs no git process to show.
const (
	recField = "rec"
	headKey  = "head" // internal key: the HEAD the index was read up to
)

// commitRec is what a commit's document stores.
type commitRec struct {
	Hash    string   `json:"h"`
	Author  string   `json:"a"`
	Date    int64    `json:"d"` // Unix seconds
	Subject string   `json:"s"`
	Body    string   `json:"b"`
	Files   []string `json:"f,omitempty"`
	Count   int      `json:"n"` // files changed in all
}

// commitDoc is a commit as Bleve indexes it.
type commitDoc struct {
	Kind    string `json:"kind"`
	Heading string `json:"heading"`
	Where   string `json:"where"`
	Text    string `json:"text"`
	Rec     string `json:"rec"`
}

// commitMapping is indexMapping with the stored record: kept, not indexed.
func commitMapping() mapping.IndexMapping {
	m := indexMapping().(*mapping.IndexMappingImpl)
	rec := bleve.NewTextFieldMapping()
	rec.Analyzer = keyword.Name
	rec.Index, rec.Store = false, true
	rec.IncludeInAll, rec.DocValues = false, false
	m.DefaultMapping.AddFieldMappingsAt(recField, rec)
	return m
}

// CommitNodeID is the ID of a commit's document and of the entry that
// shows it.
func CommitNodeID(hash string) graph.NodeID { return graph.NodeID("commit:" + hash) }

// docOf is the document of c.
func docOf(c history.Commit) (string, commitDoc, error) {
	body := history.CleanBody(c.Body)
	rec, err := json.Marshal(commitRec{Hash: c.Hash, Author: c.Author, Date: c.Date.Unix(), Subject: c.Subject,
		Body: body, Files: c.Changed, Count: c.Files})
	if err != nil {
		return "", commitDoc{}, err
	}
	var where []string
	for _, f := range c.Changed {
		where = append(where, pathWords(f))
	}
	return string(CommitNodeID(c.Hash)), commitDoc{Kind: string(graph.KindCommit), Heading: c.Subject,
		Where: strings.Join(where, " "), Text: body, Rec: string(rec)}, nil
}

// addCommits indexes cs in batches and records head as the commit the
// index was read up to.
func addCommits(ctx context.Context, idx bleve.Index, cs []history.Commit, head string) error {
	const batchSize = 1000
	lengths, count := readLengths(idx), tokenCounter(idx)
	if lengths == nil {
		lengths = &fieldLengths{}
	}
	b := idx.NewBatch()
	flush := func() error {
		if b.Size() == 0 {
			return nil
		}
		if err := idx.Batch(b); err != nil {
			return fmt.Errorf("index commits: %w", err)
		}
		b.Reset()
		return ctx.Err()
	}
	for _, c := range cs {
		id, doc, err := docOf(c)
		if err != nil {
			return err
		}
		lengths.add(count, doc)
		if err := b.Index(id, doc); err != nil {
			return fmt.Errorf("index commit %s: %w", c.Hash, err)
		}
		if b.Size() >= batchSize {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if err := lengths.write(idx); err != nil {
		return err
	}
	return idx.SetInternal([]byte(headKey), []byte(head))
}

// Commits is the history index of one index directory, opened for
// reading on its first search: a query that asks no question never opens
// it. Several goroutines may use it. The caller must Close it.
type Commits struct {
	dir  string
	once sync.Once
	idx  *Index
	err  error
}

// OpenCommits returns the history index in dir, not yet opened.
func OpenCommits(dir string) *Commits { return &Commits{dir: dir} }

// ErrNoHistory is the error of a history index that was never written:
// outside git, or an index made before there was one.
var ErrNoHistory = errors.New("no history index")

func (c *Commits) open() (*Index, error) {
	c.once.Do(func() {
		if _, err := os.Lstat(c.dir); err != nil {
			c.err = fmt.Errorf("%w: %v", ErrNoHistory, err)
			return
		}
		if c.idx, c.err = OpenReader(c.dir); c.err == nil {
			c.idx.lengths = readLengths(c.idx.idx)
		}
	})
	return c.idx, c.err
}

// Available reports whether the history index exists and opens.
func (c *Commits) Available() bool {
	_, err := c.open()
	return err == nil
}

// Analyze returns the analysed terms of text (see Index.Analyze).
func (c *Commits) Analyze(text string) []string {
	idx, err := c.open()
	if err != nil {
		return nil
	}
	return idx.Analyze(text)
}

// Search ranks the commits for text as Index.Search ranks sections.
func (c *Commits) Search(ctx context.Context, text string, limit int) ([]Hit, error) {
	idx, err := c.open()
	if err != nil {
		return nil, err
	}
	return idx.Search(ctx, text, limit)
}

// Commit returns the commit a hit's ID names, as the index stored it: its
// body without trailers, Changed the files it touched (at most
// history.MaxWalkFiles), Files their number.
func (c *Commits) Commit(id graph.NodeID) (history.Commit, bool) {
	idx, err := c.open()
	if err != nil {
		return history.Commit{}, false
	}
	doc, err := idx.idx.Document(string(id))
	if err != nil || doc == nil {
		return history.Commit{}, false
	}
	var raw []byte
	doc.VisitFields(func(f index.Field) {
		if f.Name() == recField {
			raw = f.Value()
		}
	})
	var r commitRec
	if raw == nil || json.Unmarshal(raw, &r) != nil {
		return history.Commit{}, false
	}
	return history.Commit{Hash: r.Hash, Author: r.Author, Date: time.Unix(r.Date, 0).UTC(), Subject: r.Subject,
		Body: r.Body, Files: r.Count, Changed: r.Files}, true
}

// Close releases the index if it was opened.
func (c *Commits) Close() error {
	c.once.Do(func() { c.err = ErrNoHistory }) // never opened: nothing to close, and no later open
	if c.idx != nil {
		return c.idx.Close()
	}
	return nil
}
