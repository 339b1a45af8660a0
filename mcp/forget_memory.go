package mcp

import (
	"context"

	"github.com/gortex/gortex/query"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type forgetMemoryParams struct {
	ID    string `json:"id" desc:"The memory to delete."`
	Scope string `json:"scope,omitempty" enum:"both,workspace,global" default:"both" desc:"Where it is."`
}

// forget_memory deletes a file; a second call finds nothing to delete.
func forgetMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("forget_memory",
		mcpgo.WithDescription("Delete a wrong memory. If the reasoning changed, supersede it."),
		writes(true, true),
	)
}

// statusForgotten is forget_memory's status: the memory's file is gone.
const statusForgotten = "forgotten"

func (s *Server) forgetMemory(ctx context.Context, sn *Snapshot, p forgetMemoryParams) (*out[writeResult], error) {
	f := query.FormatJSON // a write answers with a short status: JSON, whatever the reads use
	st, err := s.storeOf(ctx, p.Scope, p.ID)
	if err != nil {
		return nil, err
	}
	m, err := st.Forget(ctx, p.ID)
	if err != nil {
		return nil, memoryError(err)
	}
	return answer(writeResult{ID: string(m.ID), Status: statusForgotten, Path: m.Path}, f)
}
