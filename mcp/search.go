package mcp

import (
	"context"
	"math"
	"sort"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/textindex"
)

type searchParams struct {
	Query  string `json:"query" jsonschema_description:"Words to look for: a symbol's name or part of it (code), or what a document or memory is about (docs, memories)."`
	Scope  string `json:"scope,omitempty" jsonschema:"enum=all,enum=code,enum=docs,enum=memories" jsonschema_description:"code: symbol names; docs: document sections (full text, stemmed); memories: memory titles and bodies; all (default): the three, merged by relevance."`
	Limit  int    `json:"limit,omitempty" jsonschema_description:"At most this many hits, 1-100 (default 10)."`
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func searchTool() mcpgo.Tool {
	return mcpgo.NewTool("search",
		mcpgo.WithDescription("Find symbols by name, document sections by content, or memories by content, when you do not know the exact symbol to ask why about or the document to read. Each hit says what it is (symbol, section, memory), its kind, id and where it is: pass a symbol's id to why, a section's id to read_doc_section, a memory's id to update_memory."),
		mcpgo.WithInputSchema[searchParams](),
		mcpgo.WithReadOnlyHintAnnotation(true),
	)
}

// searchHit is one hit of any kind, every field always present.
type searchHit struct {
	Kind  string  `json:"kind" toon:"kind"`   // symbol, section, memory (commit when commits are indexed)
	What  string  `json:"what" toon:"what"`   // the symbol's kind, the document's kind, the memory's kind
	ID    string  `json:"id" toon:"id"`       // for why, read_doc_section or the memory tools
	Name  string  `json:"name" toon:"name"`   // qualified name, heading path, memory title
	Path  string  `json:"path" toon:"path"`   // repo-relative file (a global memory's is absolute)
	Line  int     `json:"line" toon:"line"`   // 0 for a memory
	Score float64 `json:"score" toon:"score"` // relevance in [0,1], relative to the best hit of its kind
	Text  string  `json:"text" toon:"text"`   // signature, or an excerpt
}

type searchResult struct {
	Query string      `json:"query" toon:"query"`
	Scope string      `json:"scope" toon:"scope"`
	Count int         `json:"count" toon:"count"`
	Hits  []searchHit `json:"hits" toon:"hits"`
	Note  string      `json:"note" toon:"note"`
}

const (
	defaultSearchLimit = 10
	maxSearchLimit     = 100
	snippetLen         = 240 // runes of excerpt per hit
)

func (s *Server) search(ctx context.Context, sn *Snapshot, p searchParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, defaultSearchLimit, maxSearchLimit)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(p.Query) == "" {
		return nil, badArg("query", "empty; give words to look for")
	}
	if err := query.CheckLength(p.Query); err != nil {
		return nil, badArg("query", "%v", err)
	}
	scope := p.Scope
	if scope == "" {
		scope = "all"
	}
	res := searchResult{Query: p.Query, Scope: scope, Hits: []searchHit{}}
	var groups [][]searchHit
	var notes []string
	switch scope {
	case "all", "code", "docs", "memories":
	default:
		return nil, badArg("scope", "%q is no scope; use code, docs, memories or all", scope)
	}
	if scope == "all" || scope == "code" {
		groups = append(groups, codeHits(sn, p.Query, limit))
	}
	if scope == "all" || scope == "docs" {
		hits, err := docHits(ctx, sn, p.Query, limit)
		if err != nil {
			notes = append(notes, "documents not searched: "+err.Error())
		}
		groups = append(groups, hits)
	}
	if scope == "all" || scope == "memories" {
		hits, err := memoryHits(ctx, sn, p.Query, limit)
		if err != nil {
			return nil, err
		}
		groups = append(groups, hits)
	}
	res.Hits = merge(groups, limit)
	res.Count = len(res.Hits)
	if res.Count == 0 {
		notes = append(notes, "nothing found; try fewer or other words, or another scope")
	}
	res.Note = joinNotes(notes...)
	return encoded(res, f)
}

// merge scales each group's scores to [0,1] by its best hit (scores of
// different kinds do not compare) and keeps the best limit hits overall.
func merge(groups [][]searchHit, limit int) []searchHit {
	out := []searchHit{}
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
func codeHits(sn *Snapshot, text string, limit int) []searchHit {
	st := sn.Store()
	seen := map[graph.NodeID]bool{}
	var hits []searchHit
	add := func(n *graph.Node, score float64) {
		if !seen[n.ID] {
			seen[n.ID] = true
			hits = append(hits, symbolHit(n, score))
		}
	}
	if q, err := query.Parse(text); err == nil {
		n, cands, _ := query.Resolve(st, q)
		if n != nil {
			add(n, 1)
		}
		for _, c := range cands {
			add(c, 0.99)
		}
	}
	qw := identWords(text)
	for _, cn := range sn.codeNames() {
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

func symbolHit(n *graph.Node, score float64) searchHit {
	name := n.Qualified
	if name == "" {
		name = n.Name
	}
	text := n.Signature
	if text == "" {
		text = firstSentence(n.Text)
	}
	return searchHit{Kind: "symbol", What: string(n.Kind), ID: string(n.ID), Name: name, Path: n.Path,
		Line: n.Line, Score: score, Text: text}
}

// docHits searches the sections' full-text index.
func docHits(ctx context.Context, sn *Snapshot, text string, limit int) ([]searchHit, error) {
	ci, err := sn.OpenContent()
	if err != nil {
		return nil, err
	}
	defer ci.Close()
	found, err := ci.Search(ctx, text, limit)
	if err != nil {
		return nil, err
	}
	var hits []searchHit
	for _, h := range found {
		if n, ok := sn.Store().Node(h.ID); ok && n.Kind == graph.KindDoc {
			hits = append(hits, searchHit{Kind: "section", What: n.Attr(rationale.AttrAssetKind), ID: string(n.ID),
				Name: strings.Join(n.HeadingPath, " > "), Path: n.Path, Line: n.Line, Score: h.Score,
				Text: snippet(n.Text, h.Terms)})
		}
	}
	return hits, nil
}

// memoryHits searches the memories' titles and bodies with an in-memory
// index of the same analysis as the documents'. It is built per call: a
// repository holds hundreds of memories, not hundreds of thousands.
func memoryHits(ctx context.Context, sn *Snapshot, text string, limit int) ([]searchHit, error) {
	nodes := sn.memoryNodes()
	if len(nodes) == 0 {
		return nil, nil
	}
	ci, err := textindex.NewMem(ctx, nodes)
	if err != nil {
		return nil, err
	}
	defer ci.Close()
	found, err := ci.Search(ctx, text, limit)
	if err != nil {
		return nil, err
	}
	var hits []searchHit
	for _, h := range found {
		id := memory.ID(strings.TrimPrefix(string(h.ID), memory.NodePrefix))
		n, ok := sn.Memories.Node(id)
		if m := sn.memory(id); ok && m != nil {
			hits = append(hits, searchHit{Kind: "memory", What: string(m.Kind),
				ID: string(m.ID), Name: n.Name, Path: n.Path, Score: h.Score,
				Text: snippet(n.Text, h.Terms)})
		}
	}
	return hits, nil
}

// snippet is the first paragraph of text that contains one of terms (the
// first paragraph when none does), white space collapsed, cut to
// snippetLen runes.
func snippet(text string, terms []string) string {
	pick := ""
	for _, p := range strings.Split(text, "\n\n") {
		if strings.TrimSpace(p) == "" {
			continue
		}
		if pick == "" {
			pick = p
		}
		lower := strings.ToLower(p)
		if containsAny(lower, terms) {
			pick = p
			break
		}
	}
	out := strings.Join(strings.Fields(pick), " ")
	if len([]rune(out)) > snippetLen {
		out = shorten(out, snippetLen)
	}
	return out
}

func containsAny(s string, terms []string) bool {
	for _, t := range terms {
		if t != "" && strings.Contains(s, t) {
			return true
		}
	}
	return false
}
