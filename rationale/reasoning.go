package rationale

import (
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// Reasoning is the reasoning layer over one graph, read one way by every
// package that asks what explains a node (query, audit, change, mcp): the
// motivates links the index wrote into the graph (from document sections
// and commits) and the memory layer laid over it. The zero value of
// Memories (nil) means no memories.
type Reasoning struct {
	Store    *graph.Store
	Memories *Memories
}

// Link is one piece of reasoning into a node: its source (a section, a
// commit or a memory's node) and the strongest evidence of the link (its
// signal, score and the words that made it).
type Link struct {
	Source *graph.Node
	graph.Motivation
	// Memory is the memory the link comes from; nil for a link the graph
	// holds.
	Memory *memory.Memory
}

// FromMemory reports whether the link comes from a memory.
func (l Link) FromMemory() bool { return l.Memory != nil }

// MemoryLink is l as a link of the memory layer; l must come from a
// memory.
func (l Link) MemoryLink() MemoryLink {
	return MemoryLink{Memory: l.Memory, Node: l.Source, Motivation: l.Motivation}
}

// Into returns the links into id: first the graph's motivates edges, in
// the store's order, each with its strongest motivation (an edge whose
// source is gone, or that carries none, is left out), then the memory
// links, in the order the memories were loaded.
func (r Reasoning) Into(id graph.NodeID) []Link { return r.IntoWhere(id, nil) }

// IntoWhere is Into without the graph's links whose strongest motivation
// keep refuses (nil keeps every one), their sources never read: a package
// that thousands of sections name weakly costs a walk the links it keeps
// (contour's internal/envoy: 267 of 4,702), not the reading of every
// section. Memory links are all kept.
func (r Reasoning) IntoWhere(id graph.NodeID, keep func(graph.Motivation) bool) []Link {
	edges := r.Store.In(id, graph.EdgeMotivates)
	mems := r.Memories.Into(id)
	out := make([]Link, 0, len(edges)+len(mems))
	for _, e := range edges {
		best, has := e.Best()
		if !has || (keep != nil && !keep(best)) {
			continue
		}
		if src, ok := r.Store.Node(e.From); ok {
			out = append(out, Link{Source: src, Motivation: best})
		}
	}
	for _, l := range mems {
		out = append(out, Link{Source: l.Node, Motivation: l.Motivation, Memory: l.Memory})
	}
	return out
}

// Source returns the reasoning node id names, a document section's or
// commit's from the graph or a memory's from the memory layer, with the
// memory when it is one.
func (r Reasoning) Source(id graph.NodeID) (*graph.Node, *memory.Memory, bool) {
	if mid, ok := memory.IDOf(id); ok {
		n, found := r.Memories.Node(mid)
		if !found {
			return nil, nil, false
		}
		return n, r.Memories.Memory(mid), true
	}
	n, ok := r.Store.Node(id)
	return n, nil, ok
}
