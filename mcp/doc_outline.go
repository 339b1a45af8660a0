package mcp

import (
	"context"
	"errors"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
)

type docOutlineParams struct {
	Path   string `json:"path" jsonschema_description:"The document's repo-relative path, as list_docs gives it."`
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func docOutlineTool() mcpgo.Tool {
	return mcpgo.NewTool("doc_outline",
		mcpgo.WithDescription("The heading tree of one document: every section's id, heading, depth, parent, line range and estimated size in tokens. Pick the sections you need and read them with read_doc_section instead of reading the whole file."),
		mcpgo.WithInputSchema[docOutlineParams](),
		mcpgo.WithReadOnlyHintAnnotation(true),
	)
}

func (s *Server) docOutline(ctx context.Context, sn *Snapshot, p docOutlineParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(p.Path) == "" {
		return nil, badArg("path", "empty; give a document's path as list_docs lists it")
	}
	out, err := sn.library().Outline(p.Path)
	var nd *docs.NoDocumentError
	switch {
	case errors.As(err, &nd) && len(nd.Near) == 0:
		return nil, badArg("path", "%v; list_docs lists them", nd)
	case errors.As(err, &nd):
		return nil, badArg("path", "%v", nd)
	case err != nil:
		return nil, err
	}
	return encoded(out, f)
}
