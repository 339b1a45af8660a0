package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
)

type proposeMemoryParams struct {
	memoryFields `schema:"brief"` // described in store_memory
}

func proposeMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("propose_memory",
		mcpgo.WithDescription("Queue a memory (fields as store_memory) for a person to accept; why shows it only then. Answers proposed or duplicate."),
		writes(false, false),
	)
}

func (s *Server) proposeMemory(ctx context.Context, sn *Snapshot, p proposeMemoryParams) (*out[writeResult], error) {
	f := query.FormatJSON // a write answers with a short status: JSON, whatever the reads use
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
	return answer(w, f)
}
