package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
)

type queryMemoriesParams struct {
	Symbol    string `json:"symbol,omitempty" desc:"Only about this symbol."`
	File      string `json:"file,omitempty" desc:"Only about this file or its symbols."`
	Kind      string `json:"kind,omitempty" enum:"decision,invariant,constraint,incident,convention,gotcha,reference" desc:"Only this kind."`
	Tag       string `json:"tag,omitempty" desc:"Only with this tag."`
	Text      string `json:"text,omitempty" desc:"Only with every word of this text."`
	Scope     string `json:"scope,omitempty" enum:"both,workspace,global" default:"both"`
	LiveOnly  bool   `json:"live_only,omitempty" desc:"Leave out superseded memories."`
	Limit     int    `json:"limit,omitempty" min:"1" max:"200" default:"20"`
	MaxTokens int    `json:"max_tokens,omitempty" min:"200"`
	Format    string `json:"format,omitempty" enum:"json,toon" default:"json"`
}

func queryMemoriesTool() mcpgo.Tool {
	return mcpgo.NewTool("query_memories",
		mcpgo.WithDescription("Memories by symbol, file, kind, tag or text, ranked as why ranks them."),
		readOnly(),
	)
}

// memoryRow is one memory in a list. Lists are joined with ", " so that
// every row has the same flat fields (TOON's tabular form).
type memoryRow struct {
	ID           string  `json:"id" toon:"id"`
	Title        string  `json:"title" toon:"title"`
	Kind         string  `json:"kind" toon:"kind"`
	Importance   int     `json:"importance" toon:"importance"`
	Confidence   float64 `json:"confidence" toon:"confidence"`
	Basis        string  `json:"basis" toon:"basis"`
	Pinned       bool    `json:"pinned" toon:"pinned"`
	Source       string  `json:"source" toon:"source"`
	Author       string  `json:"author" toon:"author"`
	Scope        string  `json:"scope" toon:"scope"`
	Path         string  `json:"path" toon:"path"`
	Symbols      string  `json:"symbols" toon:"symbols"` // stable IDs
	Files        string  `json:"files" toon:"files"`
	Tags         string  `json:"tags" toon:"tags"`
	Created      string  `json:"created" toon:"created"`
	Updated      string  `json:"updated" toon:"updated"`
	Supersedes   string  `json:"supersedes" toon:"supersedes"`
	SupersededBy string  `json:"superseded_by" toon:"superseded_by"`
	Stale        bool    `json:"stale" toon:"stale"`
	Body         string  `json:"body" toon:"body"`
}

type memoryList struct {
	Count    int         `json:"count" toon:"count"`
	Matched  int         `json:"matched" toon:"matched"` // before the limit
	Memories []memoryRow `json:"memories" toon:"memories"`
	Note     string      `json:"note" toon:"note"`
}

const (
	defaultMemoryLimit = 20
	maxMemoryLimit     = 200
)

func (s *Server) queryMemories(ctx context.Context, sn *Snapshot, p queryMemoriesParams) (*out[memoryList], error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, defaultMemoryLimit, maxMemoryLimit)
	if err != nil {
		return nil, err
	}
	scope, err := scopeArg("scope", p.Scope)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, f)
	if err != nil {
		return nil, err
	}
	about, err := aboutSymbol(sn, p.Symbol)
	if err != nil {
		return nil, err
	}
	var matched []*memory.Memory
	for _, m := range sn.Memories.All() {
		if p.matches(m, scope, about) {
			matched = append(matched, m)
		}
	}
	list := memoryList{Matched: len(matched), Memories: []memoryRow{}}
	for _, m := range query.SortMemories(matched, time.Now()) {
		if len(list.Memories) == limit {
			break
		}
		list.Memories = append(list.Memories, rowOf(m))
	}
	list.Count = len(list.Memories)
	if list.Matched > list.Count {
		list.Note = fmt.Sprintf("%d more match; raise limit or narrow the filter", list.Matched-list.Count)
	}
	if list.Matched == 0 {
		list.Note = "no memory matches; record one with store_memory"
	}
	if err := fitMemories(&list, budget); err != nil {
		return nil, err
	}
	return answer(list, f)
}

// aboutSymbol resolves the symbol filter to the memory nodes that motivate
// it; nil when there is no filter.
func aboutSymbol(sn *Snapshot, text string) (map[graph.NodeID]bool, error) {
	if text == "" {
		return nil, nil
	}
	t := query.ResolveText(sn.Store(), text)
	switch t.Kind {
	case query.TargetAmbiguous:
		ids := make([]string, len(t.Candidates))
		for i, c := range t.Candidates {
			ids[i] = string(c.ID)
		}
		return nil, badArg("symbol", "%q matches %d symbols: %s", text, len(t.Candidates), strings.Join(ids, ", "))
	case query.TargetUnknown:
		return nil, badArg("symbol", "unknown symbol")
	case query.TargetBad:
		return nil, badArg("symbol", "%v", t.Err)
	}
	n := t.Node
	about := map[graph.NodeID]bool{}
	for _, l := range sn.Memories.Into(n.ID) {
		about[l.Node.ID] = true
	}
	return about, nil
}

func (p queryMemoriesParams) matches(m *memory.Memory, scope memory.Scope, about map[graph.NodeID]bool) bool {
	switch {
	case scope != memory.ScopeBoth && m.Scope != scope,
		p.LiveOnly && !m.Live(),
		p.Kind != "" && string(m.Kind) != p.Kind,
		p.Tag != "" && !slices.Contains(m.Tags, strings.ToLower(strings.TrimPrefix(p.Tag, "#"))),
		about != nil && !about[memory.NodeID(m.ID)],
		p.File != "" && !anchoredIn(m, p.File):
		return false
	}
	return p.Text == "" || containsWords(m.Title+"\n"+m.Body+"\n"+strings.Join(m.Tags, " "), p.Text)
}

// anchoredIn reports whether m is anchored to file or to a symbol in it.
func anchoredIn(m *memory.Memory, file string) bool {
	return slices.Contains(m.Files, file) || slices.ContainsFunc(m.Symbols, func(a memory.SymbolAnchor) bool {
		path, _, ok := graph.SplitSymbolID(a.ID)
		return ok && path == file
	})
}

// containsWords reports whether text contains every word of words,
// ignoring case.
func containsWords(text, words string) bool {
	text = strings.ToLower(text)
	for _, w := range strings.Fields(strings.ToLower(words)) {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

func rowOf(m *memory.Memory) memoryRow {
	if m == nil {
		return memoryRow{}
	}
	ids := make([]string, len(m.Symbols))
	for i, a := range m.Symbols {
		ids[i] = string(a.ID)
	}
	return memoryRow{ID: string(m.ID), Title: m.Title, Kind: string(m.Kind), Importance: m.Importance,
		Confidence: m.Confidence, Basis: string(m.Basis), Pinned: m.Pinned, Source: string(m.Source),
		Author: m.Author, Scope: string(m.Scope), Path: m.Path, Symbols: strings.Join(ids, ", "),
		Files: strings.Join(m.Files, ", "), Tags: strings.Join(m.Tags, ", "),
		Created: m.Created.UTC().Format(time.RFC3339), Updated: m.Updated.UTC().Format(time.RFC3339),
		Supersedes: string(m.Supersedes), SupersededBy: string(m.SupersededBy), Stale: m.Stale(), Body: m.Body}
}

// fitMemories shortens the bodies of list (and drops its last memories if
// need be) to fit budget z.
func fitMemories(list *memoryList, z sizing) error {
	texts := make([]*string, len(list.Memories))
	for i := range list.Memories {
		texts[i] = &list.Memories[i].Body
	}
	note, err := fitTo(z, list, texts, func(n int) { list.Memories, list.Count = list.Memories[:n], n })
	list.Note = joinNotes(list.Note, note)
	return err
}
