package mcp

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/query"
)

type specsParams struct {
	Task      string   `json:"task" desc:"The change, in words."`
	Paths     []string `json:"paths,omitempty" desc:"Files it changes."`
	Limit     int      `json:"limit,omitempty" min:"1" max:"100" default:"10"`
	MaxTokens int      `json:"max_tokens,omitempty" min:"200"`
}

func specsTool() mcpgo.Tool {
	return mcpgo.NewTool("specs",
		mcpgo.WithDescription("Docs to read before a change: direct (contract affected), related."),
		readOnly(),
	)
}

// specs answers from the graph alone: the server calls no model, and the
// agent asking is the one to read what it finds.
func (s *Server) specs(ctx context.Context, sn *Snapshot, p specsParams) (*out[*change.Specs], error) {
	if strings.TrimSpace(p.Task) == "" {
		return nil, badArg("task", "empty; say what the change does")
	}
	limit, err := limitArg("limit", p.Limit, change.RelatedLimit, 100)
	if err != nil {
		return nil, err
	}
	budget, err := budgetArg(ctx, p.MaxTokens, query.FormatJSON)
	if err != nil {
		return nil, err
	}
	var sr query.Searcher
	if ci, err := sn.OpenContent(); err == nil {
		defer ci.Close()
		sr = ci
	}
	sp, err := change.GraphSpecs(ctx, sn.library(), sn.Store(), sr, p.Task, p.Paths, limit)
	if err != nil {
		return nil, err
	}
	note := sp.Note
	sp.Note = leftOut(99999, "related documents", budget, "raise max_tokens for more")
	n, err := keepFitting(budget.maxTokens, &sp.Related, func() (string, error) { return budget.render(sp) })
	if err != nil {
		return nil, err
	}
	if sp.Note = note; n > 0 {
		sp.Note = joinNote(note, leftOut(n, "related documents", budget, "raise max_tokens for more"))
	}
	return answer(sp, query.FormatJSON)
}
