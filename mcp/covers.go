package mcp

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/query"
)

type coversParams struct {
	Doc string `json:"doc" desc:"Document path[#section]."`
}

func coversTool() mcpgo.Tool {
	return mcpgo.NewTool("covers",
		mcpgo.WithDescription("Code a document explains, strongest link first."),
		readOnly(),
	)
}

func (s *Server) covers(ctx context.Context, sn *Snapshot, p coversParams) (*mcpgo.CallToolResult, error) {
	if strings.TrimSpace(p.Doc) == "" {
		return nil, badArg("doc", "empty; give a document's path as list_docs lists it")
	}
	c, err := change.Covers(sn.library(), sn.Store(), p.Doc)
	if err != nil {
		return nil, badArg("doc", "%s", err)
	}
	return encoded(c, query.FormatJSON)
}
