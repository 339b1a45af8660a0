package mcp

import (
	"context"
	"errors"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/query"
)

type searchParams struct {
	Query     string `json:"query" desc:"Words of a name, or what a section, memory or commit is about."`
	Scope     string `json:"scope,omitempty" enum:"all,code,docs,memories,commits" default:"all"`
	Limit     int    `json:"limit,omitempty" min:"1" max:"100" default:"10"`
	MaxTokens int    `json:"max_tokens,omitempty" min:"200"`
	Format    string `json:"format,omitempty" enum:"json,toon" default:"json"`
}

func searchTool() mcpgo.Tool {
	return mcpgo.NewTool("search",
		mcpgo.WithDescription("Symbols by name, sections, memories and commits (the whole history) by content; each hit has its id for why, read_doc_section or update_memory, or a commit's hash."),
		readOnly(),
	)
}

const (
	defaultSearchLimit = 10
	maxSearchLimit     = 100
)

func (s *Server) search(ctx context.Context, sn *Snapshot, p searchParams) (*out[docs.Result], error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, defaultSearchLimit, maxSearchLimit)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, f)
	if err != nil {
		return nil, err
	}
	if err := query.CheckLength(p.Query); err != nil {
		return nil, badArg("query", "%v", err)
	}
	res, err := sn.library().Search(ctx, p.Query, docs.Scope(p.Scope), limit)
	switch {
	case errors.Is(err, docs.ErrEmptyQuery):
		return nil, badArg("query", "empty; give words to look for")
	case errors.Is(err, docs.ErrScope):
		return nil, badArg("scope", "%q is no scope; use code, docs, memories, commits or all", p.Scope)
	case err != nil:
		return nil, err
	}
	note := res.Note
	res.Note = joinNote(note, leftOut(99999, "hits", budget, "raise max_tokens, or narrow scope or query")) // room for the note
	n, err := keepFitting(budget.maxTokens, &res.Hits, func() (string, error) { return budget.render(&res) })
	if err != nil {
		return nil, err
	}
	res.Count, res.Note = len(res.Hits), note
	if n > 0 {
		res.Note = joinNote(note, leftOut(n, "hits", budget, "raise max_tokens, or narrow scope or query"))
	}
	return answer(res, f)
}
