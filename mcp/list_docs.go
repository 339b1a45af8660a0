package mcp

import (
	"context"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
)

type listDocsParams struct {
	Kind   string `json:"kind,omitempty" jsonschema:"enum=adr,enum=rfc,enum=design,enum=spec,enum=readme,enum=changelog,enum=doc" jsonschema_description:"Only documents of this kind."`
	Path   string `json:"path,omitempty" jsonschema_description:"Only documents under this repo-relative directory or path prefix (docs/adr)."`
	Limit  int    `json:"limit,omitempty" jsonschema_description:"At most this many, 1-2000 (default 200)."`
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func listDocsTool() mcpgo.Tool {
	return mcpgo.NewTool("list_docs",
		mcpgo.WithDescription("List the repository's documents (design docs, ADRs, RFCs, specs, READMEs, changelogs, other Markdown and text) with their kind, title, one-line purpose, number of sections and size. Start here to find the design document for an area without reading files; then doc_outline and read_doc_section."),
		mcpgo.WithInputSchema[listDocsParams](),
		mcpgo.WithReadOnlyHintAnnotation(true),
	)
}

const (
	defaultDocLimit = 200
	maxDocLimit     = 2000
)

func (s *Server) listDocs(ctx context.Context, sn *Snapshot, p listDocsParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	limit, err := limitArg("limit", p.Limit, defaultDocLimit, maxDocLimit)
	if err != nil {
		return nil, err
	}
	return encoded(sn.library().List(docs.ListOptions{Kind: p.Kind, Path: p.Path, Limit: limit}), f)
}
