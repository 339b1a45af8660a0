package mcp

import (
	"context"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/query"
)

type specsParams struct {
	Task  string   `json:"task" desc:"The change, in words."`
	Paths []string `json:"paths,omitempty" desc:"Files it changes."`
}

func specsTool() mcpgo.Tool {
	return mcpgo.NewTool("specs",
		mcpgo.WithDescription("Docs to read before a change: direct (contract affected), related."),
		readOnly(),
	)
}

// specs answers from the graph alone: the server calls no model, and the
// agent asking is the one to read what it finds.
func (s *Server) specs(ctx context.Context, sn *Snapshot, p specsParams) (*mcpgo.CallToolResult, error) {
	if strings.TrimSpace(p.Task) == "" {
		return nil, badArg("task", "empty; say what the change does")
	}
	var sr query.Searcher
	if ci, err := sn.OpenContent(); err == nil {
		defer ci.Close()
		sr = ci
	}
	sp, err := change.GraphSpecs(ctx, sn.library(), sn.Store(), sr, p.Task, p.Paths)
	if err != nil {
		return nil, err
	}
	return encoded(sp, query.FormatJSON)
}
