package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/memory"
)

type proposeMemoryParams struct {
	memoryFields
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func proposeMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("propose_memory",
		mcpgo.WithDescription("Propose a memory for a person to accept, with the same fields as store_memory. It waits in the review queue (.gortex/proposals, status proposed) and is not reasoning — why does not show it — until someone accepts it with `gortex memory review --accept ID`. Use it for what you inferred rather than were told (a convention you noticed, a reason you reconstructed, notes at the end of a session, the notes gortex reflect asks for); use store_memory when the user stated the decision or asked you to record it. Returns the proposal's id and status: proposed; or duplicate (nothing written: the id is the live memory or pending proposal it repeats)."),
		mcpgo.WithInputSchema[proposeMemoryParams](),
		mcpgo.WithDestructiveHintAnnotation(false),
		mcpgo.WithIdempotentHintAnnotation(false),
	)
}

func (s *Server) proposeMemory(ctx context.Context, sn *Snapshot, p proposeMemoryParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	var live []*memory.Memory
	for _, m := range sn.Memories.All() {
		if m.Live() {
			live = append(live, m)
		}
	}
	res, err := memory.OpenProposals(s.root).Propose(ctx, []*memory.Memory{p.memory(ctx)},
		memory.AddOptions{Resolve: sn.Resolver(), Root: s.root}, live)
	if err != nil {
		return nil, err
	}
	r := res[0]
	if r.Status == memory.StatusRefused {
		return nil, errors.New(r.Reason)
	}
	w := writeResult{ID: string(r.ID), Status: string(r.Status), Path: r.Path, Similarity: r.Similarity}
	switch {
	case r.Status == memory.StatusProposed:
		w.Note = fmt.Sprintf("queued for review: a person makes it a memory with gortex memory review --accept %s", r.ID)
	case strings.HasPrefix(r.Path, ".gortex/proposals/"):
		w.Note = fmt.Sprintf("not proposed: %.0f%% of its words are in the pending proposal %s", 100*r.Similarity, r.ID)
	default:
		w.Note = fmt.Sprintf("not proposed: %.0f%% of its words are in the memory %s; update that one (update_memory) if it needs changing", 100*r.Similarity, r.ID)
	}
	return encoded(w, f)
}
