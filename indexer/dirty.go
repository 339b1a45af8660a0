package indexer

import (
	"maps"
	"slices"

	"github.com/gortex/gortex/graph"
)

// dirtySet collects, on an update, what differs from the live snapshot:
// the nodes added, removed or changed, and the node pairs whose edge was.
// It is written as a delta (graph.SaveDelta) instead of a new snapshot.
type dirtySet struct {
	nodes map[graph.NodeID]bool
	edges map[[2]graph.NodeID]bool
}

func newDirtySet(prev graph.Dirty) *dirtySet {
	d := &dirtySet{nodes: make(map[graph.NodeID]bool, len(prev.Nodes)), edges: make(map[[2]graph.NodeID]bool, len(prev.Edges))}
	for _, id := range prev.Nodes {
		d.nodes[id] = true
	}
	for _, p := range prev.Edges {
		d.edges[p] = true
	}
	return d
}

func (d *dirtySet) list() graph.Dirty {
	return graph.Dirty{Nodes: slices.Collect(maps.Keys(d.nodes)), Edges: slices.Collect(maps.Keys(d.edges))}
}

func (d *dirtySet) len() int { return len(d.nodes) + len(d.edges) }

// markDirty notes nodes that differ from the live snapshot.
func (b *builder) markDirty(ids ...graph.NodeID) {
	if b.dirty != nil {
		for _, id := range ids {
			b.dirty.nodes[id] = true
		}
	}
}

// markEdge notes a node pair whose edge differs from the live snapshot.
func (b *builder) markEdge(from, to graph.NodeID) {
	if b.dirty != nil {
		b.dirty.edges[[2]graph.NodeID{from, to}] = true
	}
}

// edgeStates are the edges touching some nodes, by node pair.
type edgeStates map[[2]graph.NodeID]graph.Edge

// edgesOf adds the edges in and out of the nodes to es.
func (b *builder) edgesOf(es edgeStates, ids []graph.NodeID) {
	for _, id := range ids {
		for _, e := range b.store.In(id, ^graph.EdgeKind(0)) {
			es[[2]graph.NodeID{e.From, e.To}] = e
		}
		for _, e := range b.store.Out(id, ^graph.EdgeKind(0)) {
			es[[2]graph.NodeID{e.From, e.To}] = e
		}
	}
}

// outEdges adds the edges out of id to es.
func (b *builder) outEdges(es edgeStates, id graph.NodeID) {
	for _, e := range b.store.Out(id, ^graph.EdgeKind(0)) {
		es[[2]graph.NodeID{e.From, e.To}] = e
	}
}

// markChangedEdges marks the pairs whose edge differs between before and
// now: an update removes the touched files' nodes and adds them again, so
// most of their edges come back as they were and need no delta.
func (b *builder) markChangedEdges(before, now edgeStates) {
	for p, e := range before {
		if n, ok := now[p]; !ok || !sameEdge(e, n) {
			b.markEdge(p[0], p[1])
		}
	}
	for p := range now {
		if _, ok := before[p]; !ok {
			b.markEdge(p[0], p[1])
		}
	}
}

func sameEdge(a, b graph.Edge) bool {
	return a.Kinds == b.Kinds && slices.Equal(a.Motivations, b.Motivations)
}
