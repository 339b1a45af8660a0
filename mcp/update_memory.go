package mcp

import (
	"context"

	"github.com/gortex/gortex/memory"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// memoryPatch is the fields update_memory changes: a field left out (nil)
// stays as it is; symbols, files and tags replace the whole list.
type memoryPatch struct {
	Title      *string  `json:"title,omitempty" jsonschema_description:"A new one-line title."`
	Body       *string  `json:"body,omitempty" jsonschema_description:"A new body in Markdown."`
	Kind       *string  `json:"kind,omitempty" jsonschema:"enum=decision,enum=invariant,enum=constraint,enum=incident,enum=convention,enum=gotcha,enum=reference" jsonschema_description:"A new kind."`
	Symbols    []string `json:"symbols,omitempty" jsonschema_description:"New symbol anchors (replace the old ones; [] removes them all)."`
	Files      []string `json:"files,omitempty" jsonschema_description:"New file anchors (replace the old ones; [] removes them all)."`
	Tags       []string `json:"tags,omitempty" jsonschema_description:"New tags (replace the old ones)."`
	Importance *int     `json:"importance,omitempty" jsonschema_description:"New importance, 1-5."`
	Confidence *float64 `json:"confidence,omitempty" jsonschema_description:"New confidence, 0-1."`
	Basis      *string  `json:"basis,omitempty" jsonschema:"enum=research,enum=measurement,enum=incident,enum=review,enum=assumption,enum=unknown" jsonschema_description:"New basis."`
	Pinned     *bool    `json:"pinned,omitempty" jsonschema_description:"Pin or unpin it."`
	Source     *string  `json:"source,omitempty" jsonschema:"enum=agent,enum=manual,enum=review" jsonschema_description:"New source."`
	Author     *string  `json:"author,omitempty" jsonschema_description:"New author."`
}

type updateMemoryParams struct {
	ID string `json:"id" jsonschema_description:"The memory: its id as store_memory or query_memories returned it (a unique prefix or its last six characters will do)."`
	memoryPatch
	Scope  string `json:"scope,omitempty" jsonschema:"enum=both,enum=workspace,enum=global" jsonschema_description:"Where to look for it (default both)."`
	Format string `json:"format,omitempty" jsonschema:"enum=json,enum=toon" jsonschema_description:"json (default) or toon."`
}

func updateMemoryTool() mcpgo.Tool {
	return mcpgo.NewTool("update_memory",
		mcpgo.WithDescription("Change fields of a memory in place (fix a typo, re-anchor it, change its importance). Fields left out stay as they are. To record that a decision changed, use supersede_memory instead, which keeps the old one as history."),
		mcpgo.WithInputSchema[updateMemoryParams](),
		mcpgo.WithDestructiveHintAnnotation(false),
	)
}

func (s *Server) updateMemory(ctx context.Context, sn *Snapshot, p updateMemoryParams) (*mcpgo.CallToolResult, error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	if p.memoryPatch.empty() {
		return nil, badArg("id", "nothing to change: give at least one field such as body or importance")
	}
	res, err := s.edit(ctx, sn, p.ID, p.Scope, p.memoryPatch)
	if err != nil {
		return nil, err
	}
	return encoded(resultOf(res), f)
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
