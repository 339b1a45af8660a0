package docs

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/textindex"
)

// Scope is what a search looks through.
type Scope string

// The scopes of a search.
const (
	ScopeAll      Scope = "all" // the four below, merged by relevance
	ScopeCode     Scope = "code"
	ScopeDocs     Scope = "docs"
	ScopeMemories Scope = "memories"
	ScopeCommits  Scope = "commits" // every commit of the history index
)

// Scopes are the scopes a search accepts.
var Scopes = []Scope{ScopeAll, ScopeCode, ScopeDocs, ScopeMemories, ScopeCommits}

// Errors of Search.
var (
	ErrEmptyQuery = errors.New("empty query")
	ErrScope      = errors.New("unknown scope")
)

// Hit is one search hit of any kind, every field always present.
type Hit struct {
	Kind  string  `json:"kind" toon:"kind"`   // symbol, section, memory, commit
	What  string  `json:"what" toon:"what"`   // the symbol's kind, the document's kind, the memory's kind; a commit's short hash
	ID    string  `json:"id" toon:"id"`       // for why, the sections, or the memory commands
	Name  string  `json:"name" toon:"name"`   // qualified name, heading path, memory title
	Path  string  `json:"path" toon:"path"`   // repo-relative file (a global memory's is absolute)
	Line  int     `json:"line" toon:"line"`   // 0 for a memory
	Score float64 `json:"score" toon:"score"` // relevance in [0,1], relative to the best hit of its kind
	Text  string  `json:"text" toon:"text"`   // signature, or an excerpt
}

// Result is the answer of a search.
type Result struct {
	Query string `json:"query" toon:"query"`
	Scope string `json:"scope" toon:"scope"` // a Scope; a plain string, which TOON encodes
	Count int    `json:"count" toon:"count"`
	Hits  []Hit  `json:"hits" toon:"hits"`
	Note  string `json:"note" toon:"note"`
}

// Search finds text in scope ("" for all): symbols by name, document
// sections by content (the content index, stemmed), memories by content;
// the best limit hits in all. A scope it does not know is ErrScope, text
// of only white space ErrEmptyQuery. The documents' index failing to open
// is said in the result's note, not an error.
func (l *Library) Search(ctx context.Context, text string, scope Scope, limit int) (Result, error) {
	if scope == "" {
		scope = ScopeAll
	}
	switch {
	case strings.TrimSpace(text) == "":
		return Result{}, ErrEmptyQuery
	case !slices.Contains(Scopes, scope):
		return Result{}, fmt.Errorf("%w %q; use code, docs, memories, commits or all", ErrScope, scope)
	}
	res := Result{Query: text, Scope: string(scope), Hits: []Hit{}}
	var groups [][]Hit
	var notes []string
	if scope == ScopeAll || scope == ScopeCode {
		groups = append(groups, l.codeHits(text, limit))
	}
	if scope == ScopeAll || scope == ScopeDocs {
		hits, err := l.docHits(ctx, text, limit)
		if err != nil {
			notes = append(notes, "documents not searched: "+err.Error())
		}
		groups = append(groups, hits)
	}
	if scope == ScopeAll || scope == ScopeMemories {
		hits, err := l.memoryHits(ctx, text, limit)
		if err != nil {
			return Result{}, err
		}
		groups = append(groups, hits)
	}
	if scope == ScopeAll || scope == ScopeCommits {
		hits, err := l.commitHits(ctx, text, limit)
		if err != nil && !errors.Is(err, textindex.ErrNoHistory) {
			notes = append(notes, "commits not searched: "+err.Error())
		}
		groups = append(groups, hits)
	}
	res.Hits = merge(groups, limit)
	res.Count = len(res.Hits)
	if res.Count == 0 {
		notes = append(notes, "nothing found; try fewer or other words, or another scope")
	}
	res.Note = strings.Join(notes, "; ")
	return res, nil
}

// merge scales each group's scores to [0,1] by its best hit (scores of
// different kinds do not compare) and keeps the best limit hits overall.
func merge(groups [][]Hit, limit int) []Hit {
	out := []Hit{}
	for _, g := range groups {
		best := 0.0
		for _, h := range g {
			best = max(best, h.Score)
		}
		for _, h := range g {
			if best > 0 {
				h.Score = math.Round(h.Score/best*1000) / 1000
			}
			out = append(out, h)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	return out[:min(len(out), limit)]
}

// codeHits finds symbols by name. A query that resolves as why resolves it
// comes first; then every symbol whose name (with its receiver) has words
// starting with the query's words, scored by the share of query words
// matched and, less, by the share of the name they cover.
func (l *Library) codeHits(text string, limit int) []Hit {
	st := l.w.Store()
	seen := map[graph.NodeID]bool{}
	var hits []Hit
	add := func(n *graph.Node, score float64) {
		if !seen[n.ID] {
			seen[n.ID] = true
			hits = append(hits, symbolHit(n, score))
		}
	}
	t := query.ResolveText(st, text)
	if t.Node != nil {
		add(t.Node, 1)
	}
	for _, c := range t.Candidates {
		add(c, 0.99)
	}
	qw := identWords(text)
	for _, cn := range l.codeNames() {
		if matchedWords(qw, cn.words) == 0 {
			continue
		}
		for _, n := range st.ByName(cn.name) {
			words := append(identWords(n.Receiver), cn.words...)
			m := matchedWords(qw, words)
			add(n, 0.7*float64(m)/float64(len(qw))+0.25*float64(min(m, len(words)))/float64(len(words)))
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		return hits[i].Name < hits[j].Name
	})
	return hits[:min(len(hits), limit)]
}

// matchedWords counts the query words that start some word of words.
func matchedWords(query, words []string) int {
	n := 0
	for _, q := range query {
		for _, w := range words {
			if strings.HasPrefix(w, q) {
				n++
				break
			}
		}
	}
	return n
}

func symbolHit(n *graph.Node, score float64) Hit {
	name := n.Qualified
	if name == "" {
		name = n.Name
	}
	text := n.Signature
	if text == "" {
		text = firstSentence(n.Text)
	}
	return Hit{Kind: "symbol", What: string(n.Kind), ID: string(n.ID), Name: name, Path: n.Path,
		Line: n.Line, Score: score, Text: text}
}

// docHits searches the sections' full-text index.
func (l *Library) docHits(ctx context.Context, text string, limit int) ([]Hit, error) {
	ci, err := l.w.OpenContent()
	if err != nil {
		return nil, err
	}
	defer ci.Close()
	found, err := rationale.FindSections(ctx, l.w.Store(), ci, text, limit)
	if err != nil {
		return nil, err
	}
	var hits []Hit
	for _, f := range found {
		if n := f.Node; n.Kind == graph.KindDoc {
			hits = append(hits, Hit{Kind: "section", What: string(rationale.KindOf(n)), ID: string(n.ID),
				Name: strings.Join(n.HeadingPath, " > "), Path: n.Path, Line: n.Line, Score: f.Score,
				Text: snippet(n.Text, f.Terms)})
		}
	}
	return hits, nil
}

// memoryHits searches the memories' titles and bodies in the memory
// layer's index, as a question to why does (rationale.Found: one search).
func (l *Library) memoryHits(ctx context.Context, text string, limit int) ([]Hit, error) {
	found, err := l.w.Memories.Find(ctx, text, limit)
	if err != nil {
		return nil, err
	}
	var hits []Hit
	for _, f := range found {
		m, n := f.Memory, f.Node
		hits = append(hits, Hit{Kind: "memory", What: string(m.Kind), ID: string(m.ID), Name: n.Name,
			Path: n.Path, Score: f.Score, Text: snippet(n.Text, f.Terms)})
	}
	return hits, nil
}

// commitHits searches the history index: every commit's subject, files
// and body. A commit's hit has its full hash as ID, its subject as name,
// the first file it changed as path, and its message's first substantive
// paragraph as text; the message is outside input, sanitised.
func (l *Library) commitHits(ctx context.Context, text string, limit int) ([]Hit, error) {
	cs := l.w.OpenCommits()
	defer cs.Close()
	found, err := rationale.FindCommits(ctx, cs, text, limit)
	if err != nil {
		return nil, err
	}
	var hits []Hit
	for _, f := range found {
		c := f.Commit
		path := ""
		if len(c.Changed) > 0 {
			path = c.Changed[0]
		}
		hits = append(hits, Hit{Kind: "commit", What: query.ShortHash(c.Hash), ID: c.Hash, Name: memory.SanitizeLine(c.Subject),
			Path: memory.SanitizeLine(path), Score: f.Score, Text: memory.Sanitize(history.Excerpt(c.Body))})
	}
	return hits, nil
}

// codeName is a symbol name and its lower-cased words.
type codeName struct {
	name  string
	words []string
}

// codeNames returns every distinct symbol name with its words.
func (l *Library) codeNames() []codeName {
	l.namesOnce.Do(func() {
		for name := range l.w.Store().Names() {
			l.names = append(l.names, codeName{name: name, words: identWords(name)})
		}
		sort.Slice(l.names, func(i, j int) bool { return l.names[i].name < l.names[j].name })
	})
	return l.names
}

// identWords splits text into lower-cased identifier words: at every
// character that cannot be in an identifier, then at case changes and
// digits as rationale.SplitIdent does ("Invoice.Finalize" → invoice,
// finalize).
func identWords(text string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
		for _, w := range rationale.SplitIdent(f) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

func isWordRune(r rune) bool {
	return r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9') || r > 127
}
