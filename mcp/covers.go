package mcp

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/query"
)

type coversParams struct {
	Doc       string  `json:"doc" desc:"Document path[#section]."`
	Limit     int     `json:"limit,omitempty" min:"1" max:"1000" default:"30"`
	MinScore  float64 `json:"min_score,omitempty" min:"0" max:"1" desc:"Floor of a link's score."`
	MaxTokens int     `json:"max_tokens,omitempty" min:"200"`
}

func coversTool() mcpgo.Tool {
	return mcpgo.NewTool("covers",
		mcpgo.WithDescription("Code a document explains, by file, strongest first."),
		readOnly(),
	)
}

func (s *Server) covers(ctx context.Context, sn *Snapshot, p coversParams) (*out[*change.Coverage], error) {
	if strings.TrimSpace(p.Doc) == "" {
		return nil, badArg("doc", "empty; give a document's path as list_docs lists it")
	}
	limit, err := limitArg("limit", p.Limit, change.CoversLimit, 1000)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, query.FormatJSON)
	if err != nil {
		return nil, err
	}
	if p.MinScore < 0 || p.MinScore > 1 {
		return nil, badArg("min_score", "%v is out of range 0–1", p.MinScore)
	}
	c, err := change.Covers(sn.library(), sn.Store(), p.Doc)
	if err != nil {
		return nil, badArg("doc", "%s", err)
	}
	c.Cut(limit, p.MinScore)
	note := c.Note
	c.Note = leftOut(99999, "targets", budget, "raise max_tokens for more")
	n, err := keepFitting(budget.maxTokens, &c.Targets, func() (string, error) { return budget.render(c) })
	if err != nil {
		return nil, err
	}
	if c.Note = note; n > 0 {
		c.Note = joinNote(note, leftOut(n, "targets", budget, "raise max_tokens for more"))
	}
	return answer(c, query.FormatJSON)
}
