package mcp

import (
	"context"
	"errors"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
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

const (
	defaultSearchLimit = 10
	maxSearchLimit     = 100
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
	res, err := sn.library().Search(ctx, p.Query, docs.Scope(p.Scope), limit)
	switch {
	case errors.Is(err, docs.ErrEmptyQuery):
		return nil, badArg("query", "empty; give words to look for")
	case errors.Is(err, docs.ErrScope):
		return nil, badArg("scope", "%q is no scope; use code, docs, memories or all", p.Scope)
	case err != nil:
		return nil, err
	}
	return encoded(res, f)
}
