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
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/whitespace"
	"github.com/blevesearch/bleve/v2/document"
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
	recField  = "rec"
	codeField = "code" // the identifiers the commit's changed lines add or remove, and their words
	fileField = "file" // the paths it changed, whole (at most history.MaxWalkFiles)
	headKey   = "head" // internal key: the HEAD the index was read up to
	formatKey = "format"
	// codeAnalyzer analyses codeField as the English analyser analyses
	// prose (lower case, English stop words out, Porter's stems), but
	// splits at spaces alone: the field is identifiers and their words,
	// already split, and the Unicode word segmentation of the English
	// analyser was the largest cost of a build.
	codeAnalyzer = "gortex_code"
)

// historyFormat is the history index's format, kept under formatKey: an
// index of another format is built again, not extended. 2: the changed
// identifiers (codeField) and paths (fileField); 3: the words of the
// identifiers a body names (withIdentWords).
const historyFormat = "3"

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
	Kind    string   `json:"kind"`
	Heading string   `json:"heading"`
	Where   string   `json:"where"`
	Text    string   `json:"text"`
	Code    string   `json:"code"`
	File    []string `json:"file"`
	Rec     string   `json:"rec"`
}

// commitMapping is the history index's mapping: the fields of
// indexMapping, the changed identifiers (codeAnalyzer) and paths (whole),
// the stored record (kept, not indexed). No field keeps term vectors (the
// positions of its terms: searches read counts and norms only) and there is
// no composite "_all" field: on curl the two were a fifth of a build's CPU.
func commitMapping() mapping.IndexMapping {
	m := bleve.NewIndexMapping()
	if err := m.AddCustomAnalyzer(codeAnalyzer, map[string]any{"type": custom.Name, "tokenizer": whitespace.Name,
		"token_filters": []any{lowercase.Name, en.StopName, porter.Name}}); err != nil {
		panic(err) // the analyzer's parts are all registered
	}
	field := func(analyzer string, index, store bool) *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = analyzer
		f.Index, f.Store = index, store
		f.IncludeTermVectors, f.IncludeInAll, f.DocValues = false, false, false
		return f
	}
	doc := bleve.NewDocumentMapping()
	for _, name := range []string{"heading", "where", "text"} {
		doc.AddFieldMappingsAt(name, field(en.AnalyzerName, true, false))
	}
	doc.AddFieldMappingsAt(codeField, field(codeAnalyzer, true, false))
	doc.AddFieldMappingsAt("kind", field(keyword.Name, true, false))
	doc.AddFieldMappingsAt(fileField, field(keyword.Name, true, false))
	doc.AddFieldMappingsAt(recField, field(keyword.Name, false, true))
	doc.AddSubDocumentMapping("_all", bleve.NewDocumentDisabledMapping())
	m.DefaultMapping = doc
	m.DefaultAnalyzer = en.AnalyzerName
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
		Where: strings.Join(where, " "), Text: withIdentWords(body), Code: c.Code, File: c.Changed, Rec: string(rec)}, nil
}

// withIdentWords returns a commit's body followed by the words of each
// identifier of several words it names (CURLE_OUT_OF_MEMORY: out of
// memory; curl_easy_header, matchesAll), each once: the English analyser
// keeps such an identifier one term, so a question that says "out of
// memory" would not find the message that names the error code, as it
// finds the commit whose changed lines do (the code field holds their
// words). The subject is left as it is: its words added too lowered
// history-old-dev (docs/history.md).
func withIdentWords(s string) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		if len(w) > maxIdentWordsLen || w[0] >= '0' && w[0] <= '9' || seen[w] { // 0x1F, 64KB: numbers
			continue
		}
		seen[w] = true
		if words := history.IdentWords(w); len(words) > 1 {
			for _, x := range words {
				b.WriteByte(' ')
				b.WriteString(x)
			}
		}
	}
	if b.Len() == 0 {
		return s
	}
	return s + "\n" + b.String()[1:]
}

// maxIdentWordsLen is the longest identifier withIdentWords splits:
// longer runs are data (hashes, encoded blobs), not names.
const maxIdentWordsLen = 64

// addCommits indexes the commits of walk (which calls its function for
// each) in batches, and records head as the commit the index was read up
// to. The walk runs in a goroutine of its own, ahead of the indexing by up
// to a few batches: git writes the diffs while Bleve analyses.
func addCommits(ctx context.Context, idx bleve.Index, walk func(ctx context.Context, each func(history.Commit) error) error, head string) (int, error) {
	const batchSize = 2000
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan []history.Commit, 2)
	walked := make(chan error, 1)
	go func() {
		defer close(batches)
		var cs []history.Commit
		err := walk(ctx, func(c history.Commit) error {
			if cs = append(cs, c); len(cs) == batchSize {
				select {
				case batches <- cs:
				case <-ctx.Done():
					return ctx.Err()
				}
				cs = nil
			}
			return nil
		})
		if err == nil && len(cs) > 0 {
			select {
			case batches <- cs:
			case <-ctx.Done():
				err = ctx.Err()
			}
		}
		walked <- err
	}()
	lengths := readLengths(idx)
	if lengths == nil {
		lengths = &fieldLengths{}
	}
	n := 0
	b := idx.NewBatch()
	var docs []*document.Document
	for cs := range batches {
		docs = docs[:0]
		for _, c := range cs {
			id, data, err := docOf(c)
			if err != nil {
				return n, err
			}
			doc := document.NewDocument(id)
			if err := idx.Mapping().MapDocument(doc, data); err != nil {
				return n, fmt.Errorf("index commit %s: %w", c.Hash, err)
			}
			if err := b.IndexAdvanced(doc); err != nil {
				return n, fmt.Errorf("index commit %s: %w", c.Hash, err)
			}
			docs = append(docs, doc)
		}
		if err := idx.Batch(b); err != nil {
			return n, fmt.Errorf("index commits: %w", err)
		}
		for _, doc := range docs {
			lengths.add(doc) // analysed by the batch
		}
		n += len(cs)
		b.Reset()
	}
	if err := <-walked; err != nil {
		return n, err
	}
	if err := lengths.write(idx); err != nil {
		return n, err
	}
	if err := idx.SetInternal([]byte(formatKey), []byte(historyFormat)); err != nil {
		return n, err
	}
	return n, idx.SetInternal([]byte(headKey), []byte(head))
}

// Commits is the history index of one index directory, opened for
// reading on its first search: a query that asks no question never opens
// it. Several goroutines may use it. The caller must Close it.
type Commits struct {
	dir    string
	shared bool // opened with OpenShared
	once   sync.Once
	idx    *Index
	err    error
}

// OpenCommits returns the history index in dir, not yet opened.
func OpenCommits(dir string) *Commits { return &Commits{dir: dir} }

// SharedCommits is OpenCommits, the index opened with OpenShared: kept
// open for a long-running process's later calls.
func SharedCommits(dir string) *Commits { return &Commits{dir: dir, shared: true} }

// ErrNoHistory is the error of a history index that was never written:
// outside git, or an index made before there was one.
var ErrNoHistory = errors.New("no history index")

func (c *Commits) open() (*Index, error) {
	c.once.Do(func() {
		if _, err := os.Lstat(c.dir); err != nil {
			c.err = fmt.Errorf("%w: %v", ErrNoHistory, err)
			return
		}
		open := OpenReader
		if c.shared {
			open = OpenShared
		}
		if c.idx, c.err = open(c.dir); c.err == nil {
			c.idx.lengths = c.idx.historyLengths()
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
	return commitOf(c.record(string(id)))
}

// commitOf decodes a commit's stored record.
func commitOf(raw []byte) (history.Commit, bool) {
	var r commitRec
	if raw == nil || json.Unmarshal(raw, &r) != nil {
		return history.Commit{}, false
	}
	return history.Commit{Hash: r.Hash, Author: r.Author, Date: time.Unix(r.Date, 0).UTC(), Subject: r.Subject,
		Body: r.Body, Files: r.Count, Changed: r.Files}, true
}

// record returns the stored record of the commit document id; nil when
// there is none.
func (c *Commits) record(id string) []byte {
	idx, err := c.open()
	if err != nil {
		return nil
	}
	doc, err := idx.idx.Document(id)
	if err != nil || doc == nil {
		return nil
	}
	var raw []byte
	doc.VisitFields(func(f index.Field) {
		if f.Name() == recField {
			raw = f.Value()
		}
	})
	return raw
}

// Close releases the index if it was opened.
func (c *Commits) Close() error {
	c.once.Do(func() { c.err = ErrNoHistory }) // never opened: nothing to close, and no later open
	if c.idx != nil {
		return c.idx.Close()
	}
	return nil
}
