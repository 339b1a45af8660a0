package mcp

import (
	"context"

	"github.com/gortex/gortex/memory"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type storeMemoryParams struct {
	memoryFields
	ID     string `json:"id,omitempty" jsonschema_description:"Leave empty to record a new memory. The id of an existing memory rewrites that one with the fields given (status updated)."`
	Scope  string `json:"scope,omitempty" jsonschema:"enum=workspace,enum=global" jsonschema_description:"workspace (default): .gortex/memories in this repository, committed and reviewed like code; global: the user's store, shared by every repository."`
	Force  bool   `json:"force,omitempty" jsonschema_description:"Store it even when it repeats a live memory."`
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func storeMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("store_memory",
		mcpgo.WithDescription("Record a decision, invariant, constraint, incident, convention, gotcha or reference as a memory: one reviewed Markdown file under .gortex/memories that why ranks ahead of every document for the symbols and files it is anchored to. Call it once a decision is made or a non-obvious fact is learned, anchored to the symbols it is about. Returns the memory's id and status: created; duplicate (nothing written: the id is the live memory it repeats); or updated, when an id was given."),
		mcpgo.WithInputSchema[storeMemoryParams](),
		mcpgo.WithDestructiveHintAnnotation(false),
		mcpgo.WithIdempotentHintAnnotation(false),
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
