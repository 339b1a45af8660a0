package mcp

import (
	"context"
	"errors"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/docs"
)

type docOutlineParams struct {
	Path      string `json:"path" desc:"Repo-relative path."`
	MaxTokens int    `json:"max_tokens,omitempty" min:"200"`
	Format    string `json:"format,omitempty" enum:"json,toon" default:"json"`
}

func docOutlineTool() mcpgo.Tool {
	return mcpgo.NewTool("doc_outline",
		mcpgo.WithDescription("A document's headings: section ids, depth, lines, token sizes."),
		readOnly(),
	)
}

func (s *Server) docOutline(ctx context.Context, sn *Snapshot, p docOutlineParams) (*out[docs.Outline], error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, f)
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
	out.Note = leftOut(99999, "sections", budget, "raise max_tokens") // room for the note
	n, err := keepFitting(budget.maxTokens, &out.Sections, func() (string, error) { return budget.render(&out) })
	if err != nil {
		return nil, err
	}
	out.Note = ""
	if n > 0 {
		out.Note = leftOut(n, "sections", budget, "raise max_tokens")
	}
	return answer(out, f)
}
