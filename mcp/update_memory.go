package mcp

import (
	"context"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// memoryPatch is the fields update_memory changes: a field left out (nil)
// stays as it is; symbols, files and tags replace the whole list. Who
// recorded a memory and how (author, source) are not the agent's to
// change in place, so update_memory does not take them; store_memory's
// rewrite of a memory by id (patch, below) sets them as it sets the rest.
type memoryPatch struct {
	Title      *string  `json:"title,omitempty" maxlen:"200"`
	Body       *string  `json:"body,omitempty" maxlen:"20000"`
	Kind       *string  `json:"kind,omitempty" enum:"decision,invariant,constraint,incident,convention,gotcha,reference"`
	Symbols    []string `json:"symbols,omitempty"`
	Files      []string `json:"files,omitempty"`
	Tags       []string `json:"tags,omitempty"`
	Importance *int     `json:"importance,omitempty" min:"1" max:"5"`
	Confidence *float64 `json:"confidence,omitempty" min:"0" max:"1"`
	Basis      *string  `json:"basis,omitempty" enum:"research,measurement,incident,review,assumption,unknown"`
	Pinned     *bool    `json:"pinned,omitempty"`
	Source     *string  `json:"-"`
	Author     *string  `json:"-"`
}

type updateMemoryParams struct {
	ID          string `json:"id" desc:"Memory id, a unique prefix or its last 6 characters."`
	memoryPatch        // described in store_memory; the tool description says how a list replaces
	Scope       string `json:"scope,omitempty" enum:"both,workspace,global" default:"both" desc:"Where it is."`
}

// update_memory rewrites fields in place (destructive), and bumps the
// memory's updated time on every call (not idempotent).
func updateMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("update_memory",
		mcpgo.WithDescription("Change fields of memory id in place (fields as store_memory; a list given replaces the old, [] clears it). If the decision changed, supersede it."),
		writes(true, false),
	)
}

func (s *Server) updateMemory(ctx context.Context, sn *Snapshot, p updateMemoryParams) (*out[writeResult], error) {
	f := query.FormatJSON // a write answers with a short status: JSON, whatever the reads use
	if p.memoryPatch.empty() {
		return nil, badArg("id", "nothing to change: give at least one field such as body or importance")
	}
	res, err := s.edit(ctx, sn, p.ID, p.Scope, p.memoryPatch)
	if err != nil {
		return nil, err
	}
	return answer(resultOf(res), f)
}

// edit applies patch to the memory ref names, resolving new anchors against
// the snapshot first (outside the store's lock, as the CLI does).
func (s *Server) edit(ctx context.Context, sn *Snapshot, ref, scope string, patch memoryPatch) (memory.Result, error) {
	st, err := s.storeOf(ctx, scope, ref)
	if err != nil {
		return memory.Result{}, err
	}
	probe := &memory.Memory{Symbols: anchors(patch.Symbols), Files: patch.Files}
	if err := memory.ResolveAnchors(s.root, probe, sn.Resolver()); err != nil {
		return memory.Result{}, memoryError(err)
	}
	res, err := st.Edit(ctx, ref, func(m *memory.Memory) error {
		patch.apply(m, probe)
		return nil
	})
	if err != nil {
		return res, memoryError(err)
	}
	return res, nil
}

func (p memoryPatch) empty() bool {
	return p.Title == nil && p.Body == nil && p.Kind == nil && p.Symbols == nil && p.Files == nil &&
		p.Tags == nil && p.Importance == nil && p.Confidence == nil && p.Basis == nil && p.Pinned == nil &&
		p.Source == nil && p.Author == nil
}

// apply sets m's fields that p gives; probe holds the resolved anchors.
func (p memoryPatch) apply(m *memory.Memory, probe *memory.Memory) {
	set(&m.Title, p.Title)
	set(&m.Body, p.Body)
	set(&m.Author, p.Author)
	set(&m.Importance, p.Importance)
	set(&m.Confidence, p.Confidence)
	set(&m.Pinned, p.Pinned)
	if p.Kind != nil {
		m.Kind = memory.Kind(*p.Kind)
	}
	if p.Basis != nil {
		m.Basis = memory.Basis(*p.Basis)
	}
	if p.Source != nil {
		m.Source = memory.Source(*p.Source)
	}
	if p.Tags != nil {
		m.Tags = p.Tags
	}
	if p.Symbols != nil {
		m.Symbols = probe.Symbols
	}
	if p.Files != nil {
		m.Files = probe.Files
	}
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// patch is f as a patch: every field f gives, that is every non-zero one
// (and the body, which is required).
func (f memoryFields) patch() memoryPatch {
	p := memoryPatch{Body: &f.Body, Symbols: f.Symbols, Files: f.Files, Tags: f.Tags, Confidence: f.Confidence}
	str := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	p.Title, p.Kind, p.Basis, p.Source, p.Author = str(f.Title), str(f.Kind), str(f.Basis), str(f.Source), str(f.Author)
	if f.Importance != 0 {
		p.Importance = &f.Importance
	}
	if f.Pinned {
		p.Pinned = &f.Pinned
	}
	return p
}
