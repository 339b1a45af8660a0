package mcp

import (
	"context"

	"github.com/gortex/gortex/memory"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type supersedeMemoryParams struct {
	ID string `json:"id" jsonschema_description:"The memory the new one replaces."`
	memoryFields
	Scope  string `json:"scope,omitempty" jsonschema:"enum=both,enum=workspace,enum=global" jsonschema_description:"Where to look for id (default both); the new memory goes to the same store."`
	Force  bool   `json:"force,omitempty" jsonschema_description:"Store it even when it repeats another live memory."`
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func supersedeMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("supersede_memory",
		mcpgo.WithDescription("Record a memory that replaces memory id because the decision or fact changed. The old memory is kept as history, marked superseded_by the new one, and why ranks it below every live entry. Without symbols and files the new memory takes the old one's anchors. Returns the new memory's id and status created (or duplicate)."),
		mcpgo.WithInputSchema[supersedeMemoryParams](),
		mcpgo.WithDestructiveHintAnnotation(false),
		mcpgo.WithIdempotentHintAnnotation(false),
	)
}

func (s *Server) supersedeMemory(ctx context.Context, sn *Snapshot, p supersedeMemoryParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	st, err := s.storeOf(ctx, p.Scope, p.ID)
	if err != nil {
		return nil, err
	}
	res, err := st.Supersede(ctx, p.ID, p.memory(ctx), memory.AddOptions{Force: p.Force, Resolve: sn.Resolver(), Root: s.root})
	if err != nil {
		return nil, memoryError(err)
	}
	return encoded(resultOf(res), f)
}
