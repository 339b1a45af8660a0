package mcp

import (
	"context"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
)

type listDocsParams struct {
	Kind   string `json:"kind,omitempty" enum:"adr,rfc,design,spec,readme,changelog,doc" desc:"Only of this kind."`
	Path   string `json:"path,omitempty" desc:"Only under this path prefix."`
	Limit  int    `json:"limit,omitempty" min:"1" max:"2000" default:"200"`
	Format string `json:"format,omitempty" enum:"json,toon" default:"json"`
}

func listDocsTool() mcpgo.Tool {
	return mcpgo.NewTool("list_docs",
		mcpgo.WithDescription("Documents with kind, title, purpose and size."),
		readOnly(),
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
