package mcp

import (
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
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

	docsOnce sync.Once
	docs     *docs.Library

	namesOnce sync.Once
	names     []codeName // every symbol name, split into words, for search
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

// library returns the snapshot's documents, gathered on first use.
func (sn *Snapshot) library() *docs.Library {
	sn.docsOnce.Do(func() { sn.docs = docs.New(sn.Store()) })
	return sn.docs
}

// codeName is a symbol name and its lower-cased words.
type codeName struct {
	name  string
	words []string
}

// codeNames returns every distinct symbol name with its words.
func (sn *Snapshot) codeNames() []codeName {
	sn.namesOnce.Do(func() {
		for name := range sn.Store().Names() {
			sn.names = append(sn.names, codeName{name: name, words: identWords(name)})
		}
		sort.Slice(sn.names, func(i, j int) bool { return sn.names[i].name < sn.names[j].name })
	})
	return sn.names
}

// identWords splits text into lower-cased identifier words: at every
// character that cannot be in an identifier, then at case changes and
// digits as rationale.SplitIdent does ("Invoice.Finalize" → invoice,
// finalize).
func identWords(text string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
		for _, w := range rationale.SplitIdent(f) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

func isWordRune(r rune) bool {
	return r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9') || r > 127
}

// memoryNodes returns the reasoning nodes of the snapshot's memories.
func (sn *Snapshot) memoryNodes() []*graph.Node {
	out := make([]*graph.Node, 0, len(sn.Memories.All()))
	for _, m := range sn.Memories.All() {
		if n, ok := sn.Memories.Node(m.ID); ok {
			out = append(out, n)
		}
	}
	return out
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
