package mcp

import (
	"context"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

type reindexParams struct {
	Full   bool   `json:"full,omitempty" jsonschema_description:"Rebuild from scratch instead of re-parsing only the files that changed."`
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func reindexTool() mcpgo.Tool {
	return mcpgo.NewTool("reindex",
		mcpgo.WithDescription("Bring the index up to date now and reload the memories. Rarely needed: every call already re-indexes changed files first. Use full to rebuild from scratch if answers look wrong. Returns the same status as index_status."),
		mcpgo.WithInputSchema[reindexParams](),
		mcpgo.WithIdempotentHintAnnotation(true),
	)
}

func (s *Server) reindex(ctx context.Context, _ *Snapshot, p reindexParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	kind := buildUpdate
	if p.Full {
		kind = buildFull
	}
	s.buildMu.Lock()
	err = s.build(ctx, kind, true)
	s.buildMu.Unlock()
	if err != nil {
		return nil, err
	}
	return encoded(s.statusOf(s.snap.Load()), f)
}
