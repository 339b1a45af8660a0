package mcp

import (
	"context"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type storeMemoryParams struct {
	memoryFields
	ID    string `json:"id,omitempty" desc:"Rewrite this memory; omit for a new one."`
	Scope string `json:"scope,omitempty" enum:"workspace,global" default:"workspace"`
	Force bool   `json:"force,omitempty" desc:"Store it even if it repeats a memory."`
}

// store_memory is destructive: given an id, it rewrites that memory.
func storeMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("store_memory",
		mcpgo.WithDescription("Record a decision, invariant or other memory about symbols or files; why ranks it first."),
		writes(true, false),
	)
}

func (s *Server) storeMemory(ctx context.Context, sn *Snapshot, p storeMemoryParams) (*out[writeResult], error) {
	f := query.FormatJSON // a write answers with a short status: JSON, whatever the reads use
	if p.ID != "" {
		res, err := s.edit(ctx, sn, p.ID, p.Scope, p.memoryFields.patch())
		if err != nil {
			return nil, err
		}
		return answer(resultOf(res), f)
	}
	st, err := s.writeStore(p.Scope)
	if err != nil {
		return nil, err
	}
	res, err := st.Add(ctx, p.memory(ctx), memory.AddOptions{Force: p.Force, Resolve: sn.Resolver(), Root: s.root})
	if err != nil {
		return nil, memoryError(err)
	}
	return answer(resultOf(res), f)
}
