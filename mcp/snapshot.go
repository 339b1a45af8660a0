package mcp

import (
	"sync"
	"time"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/workspace"
)

// Snapshot is one consistent state of the repository as the server
// answers from it: the opened workspace (the index, the memories linked to
// it, what loading them found). It is never modified after it is published
// (the lazily built tables below are derived, built once under a sync.Once),
// so any number of calls may read it while the next one is built.
type Snapshot struct {
	Gen uint64 // increases with every published snapshot
	*workspace.Workspace
	Built  time.Time
	Counts Counts

	memState string // memoryState of the stores when the memories were read

	libOnce sync.Once
	lib     *docs.Library // the documents and names, for the document tools and search
}

// Counts are the sizes of a snapshot, for index_status.
type Counts struct {
	Files    int `json:"files" toon:"files"`
	Symbols  int `json:"symbols" toon:"symbols"`
	Sections int `json:"sections" toon:"sections"`
	Links    int `json:"links" toon:"links"` // motivates edges
	Memories int `json:"memories" toon:"memories"`
	Live     int `json:"live_memories" toon:"live_memories"`
	Stale    int `json:"stale_memories" toon:"stale_memories"` // with an anchor whose symbol or file is gone
}

func count(w *workspace.Workspace) Counts {
	s, mems := w.Store(), w.Memories.All()
	var c Counts
	for n := range s.Nodes() {
		switch {
		case n.Kind == graph.KindFile:
			c.Files++
		case n.Kind.IsSymbol():
			c.Symbols++
		case n.Kind == graph.KindDoc:
			c.Sections++
		}
	}
	for e := range s.Edges() {
		if e.Kinds.Has(graph.EdgeMotivates) {
			c.Links++
		}
	}
	c.Links += w.Memories.Links()
	c.Memories = len(mems)
	for _, m := range mems {
		if m.Live() {
			c.Live++
		}
		if m.Stale() {
			c.Stale++
		}
	}
	return c
}

// library is the snapshot's view for the document tools and search, made
// on first use.
func (sn *Snapshot) library() *docs.Library {
	sn.libOnce.Do(func() { sn.lib = docs.New(sn.Workspace) })
	return sn.lib
}

// memory returns the snapshot's memory with the given ID.
func (sn *Snapshot) memory(id memory.ID) *memory.Memory {
	for _, m := range sn.Memories.All() {
		if m.ID == id {
			return m
		}
	}
	return nil
}
