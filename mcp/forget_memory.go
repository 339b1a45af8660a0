package mcp

import (
	"context"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type forgetMemoryParams struct {
	ID     string `json:"id" jsonschema_description:"The memory to delete."`
	Scope  string `json:"scope,omitempty" jsonschema:"enum=both,enum=workspace,enum=global" jsonschema_description:"Where to look for it (default both)."`
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func forgetMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("forget_memory",
		mcpgo.WithDescription("Delete a memory that was wrong or is no longer worth keeping (its file is removed; supersession links to it are cleared). When the reasoning merely changed, prefer supersede_memory, which keeps the history."),
		mcpgo.WithInputSchema[forgetMemoryParams](),
		mcpgo.WithDestructiveHintAnnotation(true),
	)
}

// statusForgotten is forget_memory's status: the memory's file is gone.
const statusForgotten = "forgotten"

func (s *Server) forgetMemory(ctx context.Context, sn *Snapshot, p forgetMemoryParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	st, err := s.storeOf(ctx, p.Scope, p.ID)
	if err != nil {
		return nil, err
	}
	m, err := st.Forget(ctx, p.ID)
	if err != nil {
		return nil, memoryError(err)
	}
	return encoded(writeResult{ID: string(m.ID), Status: statusForgotten, Path: m.Path}, f)
}
