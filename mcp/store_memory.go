package mcp

import (
	"context"

	"github.com/gortex/gortex/memory"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type storeMemoryParams struct {
	memoryFields
	ID     string `json:"id,omitempty" desc:"Omit for a new memory; an id rewrites it."`
	Scope  string `json:"scope,omitempty" enum:"workspace,global" desc:"Default workspace."`
	Force  bool   `json:"force,omitempty" desc:"Store it even if it repeats a memory."`
	Format string `json:"format,omitempty" enum:"json,toon" desc:"Default json."`
}

// store_memory is destructive: given an id, it rewrites that memory.
func storeMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("store_memory",
		mcpgo.WithDescription("Record a memory about symbols and files; why ranks it first for them."),
		writes(true, false),
	)
}

func (s *Server) storeMemory(ctx context.Context, sn *Snapshot, p storeMemoryParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	if p.ID != "" {
		res, err := s.edit(ctx, sn, p.ID, p.Scope, p.memoryFields.patch())
		if err != nil {
			return nil, err
		}
		return encoded(resultOf(res), f)
	}
	st, err := s.writeStore(p.Scope)
	if err != nil {
		return nil, err
	}
	res, err := st.Add(ctx, p.memory(ctx), memory.AddOptions{Force: p.Force, Resolve: sn.Resolver(), Root: s.root})
	if err != nil {
		return nil, memoryError(err)
	}
	return encoded(resultOf(res), f)
}
