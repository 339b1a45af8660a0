package mcp

import (
	"context"

	"github.com/gortex/gortex/query"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type reindexParams struct {
	Full bool `json:"full,omitempty" desc:"Rebuild from scratch."`
}

// reindex rewrites only derived files (the index) and records, in memory
// files, anchors followed to a renamed symbol: nothing is lost, so it is
// not destructive.
func reindexTool() mcpgo.Tool {
	return mcpgo.NewTool("reindex",
		mcpgo.WithDescription("Re-index now; rarely needed, as every call refreshes first."),
		writes(false, true),
	)
}

func (s *Server) reindex(ctx context.Context, _ *Snapshot, p reindexParams) (*out[status], error) {
	f := query.FormatJSON // a write answers with a short status: JSON, whatever the reads use
	v, err := s.sess.Reindex(ctx, p.Full)
	if err != nil {
		return nil, err
	}
	return answer(s.statusOf(s.snapshot(v)), f)
}
