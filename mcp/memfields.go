package mcp

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/memory"
)

// memoryFields are a memory's fields as store_memory and supersede_memory
// take them; update_memory takes the same names, each optional.
type memoryFields struct {
	Title      string   `json:"title,omitempty" maxlen:"200" desc:"One line; default: the body's first."`
	Body       string   `json:"body" maxlen:"20000" desc:"Markdown: what holds and why."`
	Kind       string   `json:"kind,omitempty" enum:"decision,invariant,constraint,incident,convention,gotcha,reference" default:"decision"`
	Symbols    []string `json:"symbols,omitempty" desc:"Symbols it is about."`
	Files      []string `json:"files,omitempty" desc:"Files it is about."`
	Tags       []string `json:"tags,omitempty" desc:"One word each, at most 20."`
	Importance int      `json:"importance,omitempty" min:"1" max:"5" default:"3"`
	Confidence *float64 `json:"confidence,omitempty" min:"0" max:"1" default:"0.8"`
	Basis      string   `json:"basis,omitempty" enum:"research,measurement,incident,review,assumption,unknown" default:"unknown"`
	Pinned     bool     `json:"pinned,omitempty" desc:"Rank above unpinned ones."`
	Source     string   `json:"source,omitempty" enum:"agent,manual,review" default:"agent"`
	Author     string   `json:"author,omitempty" desc:"Default: the client's name."`
}

// memory makes a new memory of f; the store fills the other defaults.
func (f memoryFields) memory(ctx context.Context) *memory.Memory {
	m := &memory.Memory{Title: f.Title, Body: f.Body, Kind: memory.Kind(f.Kind), Files: f.Files, Tags: f.Tags,
		Importance: f.Importance, Confidence: memory.DefaultConfidence, Basis: memory.Basis(f.Basis), Pinned: f.Pinned,
		Source: memory.Source(f.Source), Author: f.Author}
	if f.Confidence != nil {
		m.Confidence = *f.Confidence
	}
	if m.Source == "" {
		m.Source = memory.SourceAgent
	}
	if m.Author == "" {
		m.Author = clientName(ctx)
	}
	m.Symbols = anchors(f.Symbols)
	return m
}

func anchors(written []string) []memory.SymbolAnchor {
	var out []memory.SymbolAnchor
	for _, w := range written {
		out = append(out, memory.SymbolAnchor{Written: w})
	}
	return out
}

// clientName is the name the MCP client gave on initialize, the author of
// what an agent writes down; "agent" when it gave none.
func clientName(ctx context.Context) string {
	if cs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		if name := cs.GetClientInfo().Name; name != "" {
			return name
		}
	}
	return string(memory.SourceAgent)
}

// writeStore is the store a new memory goes to.
func (s *Server) writeStore(scope string) (*memory.Store, error) {
	switch scope {
	case "", string(memory.ScopeWorkspace):
		return s.stores[0], nil
	case string(memory.ScopeGlobal):
		if len(s.stores) > 1 {
			return s.stores[1], nil
		}
		return nil, badArg("scope", "there is no global store: no home directory or XDG_DATA_HOME")
	}
	return nil, badArg("scope", "%q is no scope to write to; use workspace or global", scope)
}

// readStores are the stores a memory ID is looked up in.
func (s *Server) readStores(scope string) ([]*memory.Store, error) {
	switch scope {
	case "", string(memory.ScopeBoth):
		return s.stores, nil
	case string(memory.ScopeWorkspace), string(memory.ScopeGlobal):
		st, err := s.writeStore(scope)
		return []*memory.Store{st}, err
	}
	return nil, badArg("scope", "%q is no scope; use workspace, global or both", scope)
}

// storeOf returns the store, among those of scope, that holds the memory
// ref names (a full id, mem:id, a unique prefix or its last characters).
func (s *Server) storeOf(ctx context.Context, scope, ref string) (*memory.Store, error) {
	stores, err := s.readStores(scope)
	if err != nil {
		return nil, err
	}
	st, _, err := memory.Find(ctx, stores, ref)
	if err != nil {
		return nil, memoryError(err)
	}
	return st, nil
}

// writeResult is what a memory tool returns: the memory's id, what was
// done, and its file.
type writeResult struct {
	ID         string  `json:"id" toon:"id"`
	Status     string  `json:"status" toon:"status"` // created, updated, duplicate, forgotten
	Path       string  `json:"path" toon:"path"`
	Similarity float64 `json:"similarity" toon:"similarity"` // duplicate: Jaccard similarity with it
	Supersedes string  `json:"supersedes" toon:"supersedes"`
	Note       string  `json:"note" toon:"note"`
}

func resultOf(r memory.Result) writeResult {
	w := writeResult{ID: string(r.ID), Status: string(r.Status), Path: r.Path, Similarity: r.Similarity}
	if r.Memory != nil {
		w.Supersedes = string(r.Memory.Supersedes)
	}
	if r.Status == memory.StatusDuplicate {
		w.Note = fmt.Sprintf("not stored: %.0f%% of its words are in memory %s; update that one (update_memory), or pass force to store it anyway", 100*r.Similarity, r.ID)
	}
	return w
}

// memoryError says what was wrong with a memory write, naming the argument
// where one is to blame.
func memoryError(err error) error {
	var ae *memory.AnchorError
	switch {
	case errors.As(err, &ae):
		return badArg("symbols", "%v", err)
	case errors.Is(err, memory.ErrNotFound), errors.Is(err, memory.ErrAmbiguous):
		return badArg("id", "%v", err)
	}
	return err
}
