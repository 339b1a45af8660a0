package mcp

import (
	"context"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type supersedeMemoryParams struct {
	ID           string           `json:"id" desc:"The memory the new one replaces."`
	memoryFields `schema:"brief"` // described in store_memory
	Scope        string           `json:"scope,omitempty" enum:"both,workspace,global" default:"both" desc:"Where id is, and the new one goes."`
	Force        bool             `json:"force,omitempty" desc:"Store it even if it repeats a memory."`
}

// supersede_memory only adds: the old memory keeps its text and gains a
// superseded_by.
func supersedeMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("supersede_memory",
		mcpgo.WithDescription("Replace memory id with a new one (fields as store_memory); the old stays as history and lends its anchors if none are given."),
		writes(false, false),
	)
}

func (s *Server) supersedeMemory(ctx context.Context, sn *Snapshot, p supersedeMemoryParams) (*out[writeResult], error) {
	f := query.FormatJSON // a write answers with a short status: JSON, whatever the reads use
	st, err := s.storeOf(ctx, p.Scope, p.ID)
	if err != nil {
		return nil, err
	}
	res, err := st.Supersede(ctx, p.ID, p.memory(ctx), memory.AddOptions{Force: p.Force, Resolve: sn.Resolver(), Root: s.root})
	if err != nil {
		return nil, memoryError(err)
	}
	return answer(resultOf(res), f)
}
