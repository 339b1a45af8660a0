package mcp

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph"
)

type docOutlineParams struct {
	Path   string `json:"path" desc:"Its repo-relative path."`
	Format string `json:"format,omitempty" enum:"json,toon" desc:"Default json."`
}

func docOutlineTool() mcpgo.Tool {
	return mcpgo.NewTool("doc_outline",
		mcpgo.WithDescription("A document's headings: ids, depth, lines, tokens."),
		readOnly(),
	)
}

func (s *Server) docOutline(ctx context.Context, sn *Snapshot, p docOutlineParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	secs, err := documentArg(sn, p.Path)
	if err != nil {
		return nil, err
	}
	return encoded(docs.OutlineOf(secs), f)
}

// documentArg returns the sections of the document a path argument names:
// its repo-relative path, or a trailing part of it that only one document
// has. Otherwise it says which documents were perhaps meant.
func documentArg(sn *Snapshot, p string) ([]*graph.Node, error) {
	if strings.TrimSpace(p) == "" {
		return nil, badArg("path", "empty; give a document's path as list_docs lists it")
	}
	secs, err := sn.library().Find(p)
	if err != nil {
		return nil, badArg("path", "%s", err)
	}
	return secs, nil
}
