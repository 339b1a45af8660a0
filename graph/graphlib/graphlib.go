// Package graphlib runs the algorithms of github.com/dominikbraun/graph
// (BFS, DFS, SCC, shortest paths) on a graph.Store without copying it: Of
// adapts the whole store, read and written; ViewOf shows the edges of some
// kinds alone, read-only, for the audit's dependents and reachability.
package graphlib

import (
	"errors"
	"slices"
	"sync"

	dgraph "github.com/dominikbraun/graph"

	"github.com/gortex/gortex/graph"
)

// ErrReadOnly is returned by a change made through a view (ViewOf).
var ErrReadOnly = errors.New("read-only view of the graph")

// Of exposes the store as a github.com/dominikbraun/graph directed graph,
// so that library's algorithms (BFS, DFS, SCC, shortest paths) run on it
// without copying. The edge kinds of a pair travel in EdgeProperties.Data as
// a graph.EdgeKind; an edge the library adds without one becomes
// graph.EdgeReferences.
func Of(s *graph.Store) dgraph.Graph[graph.NodeID, graph.Node] {
	return dgraph.NewWithStore(func(n graph.Node) graph.NodeID { return n.ID }, libStore{s}, dgraph.Directed())
}

// libStore adapts graph.Store to dgraph.Store.
type libStore struct{ s *graph.Store }

func (l libStore) AddVertex(id graph.NodeID, n graph.Node, _ dgraph.VertexProperties) error {
	if l.s.Has(id) {
		return dgraph.ErrVertexAlreadyExists
	}
	n.ID = id
	return l.s.AddNode(n)
}

func (l libStore) Vertex(id graph.NodeID) (graph.Node, dgraph.VertexProperties, error) {
	n, ok := l.s.Node(id)
	if !ok {
		return graph.Node{}, dgraph.VertexProperties{}, dgraph.ErrVertexNotFound
	}
	return *n, dgraph.VertexProperties{}, nil
}

func (l libStore) RemoveVertex(id graph.NodeID) error {
	if !l.s.Has(id) {
		return dgraph.ErrVertexNotFound
	}
	if len(l.s.In(id, ^graph.EdgeKind(0)))+len(l.s.Out(id, ^graph.EdgeKind(0))) > 0 {
		return dgraph.ErrVertexHasEdges
	}
	l.s.RemoveNode(id)
	return nil
}

func (l libStore) ListVertices() ([]graph.NodeID, error) {
	ids := make([]graph.NodeID, 0, l.s.NodeCount())
	for n := range l.s.Nodes() {
		ids = append(ids, n.ID)
	}
	return ids, nil
}

func (l libStore) VertexCount() (int, error) { return l.s.NodeCount(), nil }

func (l libStore) AddEdge(from, to graph.NodeID, e dgraph.Edge[graph.NodeID]) error {
	if _, ok := l.s.EdgeBetween(from, to); ok {
		return dgraph.ErrEdgeAlreadyExists
	}
	return l.setEdge(from, to, e)
}

func (l libStore) UpdateEdge(from, to graph.NodeID, e dgraph.Edge[graph.NodeID]) error {
	if _, ok := l.s.EdgeBetween(from, to); !ok {
		return dgraph.ErrEdgeNotFound
	}
	return l.setEdge(from, to, e)
}

func (l libStore) setEdge(from, to graph.NodeID, e dgraph.Edge[graph.NodeID]) error {
	k, ok := e.Properties.Data.(graph.EdgeKind)
	if !ok || k == 0 {
		k = graph.EdgeReferences
	}
	err := l.s.AddEdge(from, to, k)
	if errors.Is(err, graph.ErrNotFound) {
		return dgraph.ErrVertexNotFound
	}
	return err
}

func (l libStore) RemoveEdge(from, to graph.NodeID) error {
	l.s.RemoveEdge(from, to, ^graph.EdgeKind(0))
	return nil
}

func (l libStore) Edge(from, to graph.NodeID) (dgraph.Edge[graph.NodeID], error) {
	e, ok := l.s.EdgeBetween(from, to)
	if !ok {
		return dgraph.Edge[graph.NodeID]{}, dgraph.ErrEdgeNotFound
	}
	return libEdge(e), nil
}

func (l libStore) ListEdges() ([]dgraph.Edge[graph.NodeID], error) {
	out := make([]dgraph.Edge[graph.NodeID], 0, l.s.EdgeCount())
	for e := range l.s.Edges() {
		out = append(out, libEdge(e))
	}
	return out, nil
}

func libEdge(e graph.Edge) dgraph.Edge[graph.NodeID] {
	return dgraph.Edge[graph.NodeID]{Source: e.From, Target: e.To,
		Properties: dgraph.EdgeProperties{Data: e.Kinds, Attributes: map[string]string{}}}
}

// View selects the part of a store that ViewOf shows: the edges of the
// kinds in Kinds, pointing the other way when Reverse is set.
type View struct {
	Kinds   graph.EdgeKind
	Reverse bool
}

// ViewOf is a read-only github.com/dominikbraun/graph graph over the
// edges of v.Kinds alone: its vertices are the nodes those edges join (a
// node without one is not in the view), one edge per joined pair, with the
// pair's kinds of v.Kinds as EdgeProperties.Data. With v.Reverse every edge
// points from its target to its source: over the calls edges a traversal
// from a symbol then reaches every symbol that depends on it.
//
// The library's traversals (BFS, DFS) ask for the whole adjacency map on
// every call; the view computes it, and the predecessor map, once, when
// first asked, and hands out the same maps after that. So the store must
// not change while the view is in use, and callers must not modify the
// maps. Changes made through the view return ErrReadOnly.
func ViewOf(s *graph.Store, v View) dgraph.Graph[graph.NodeID, graph.Node] {
	st := &viewStore{s: s, v: v}
	return &viewGraph{Graph: dgraph.NewWithStore(func(n graph.Node) graph.NodeID { return n.ID }, st, dgraph.Directed())}
}

// viewGraph caches the maps every traversal of the library starts from.
type viewGraph struct {
	dgraph.Graph[graph.NodeID, graph.Node]
	adjOnce, predOnce sync.Once
	adj, pred         map[graph.NodeID]map[graph.NodeID]dgraph.Edge[graph.NodeID]
	adjErr, predErr   error
}

func (g *viewGraph) AdjacencyMap() (map[graph.NodeID]map[graph.NodeID]dgraph.Edge[graph.NodeID], error) {
	g.adjOnce.Do(func() { g.adj, g.adjErr = g.Graph.AdjacencyMap() })
	return g.adj, g.adjErr
}

func (g *viewGraph) PredecessorMap() (map[graph.NodeID]map[graph.NodeID]dgraph.Edge[graph.NodeID], error) {
	g.predOnce.Do(func() { g.pred, g.predErr = g.Graph.PredecessorMap() })
	return g.pred, g.predErr
}

// viewStore adapts the selected edges of a graph.Store to dgraph.Store. Its
// vertex and edge lists are collected once, on first use.
type viewStore struct {
	s     *graph.Store
	v     View
	once  sync.Once
	verts []graph.NodeID
	in    map[graph.NodeID]bool
	edges []dgraph.Edge[graph.NodeID]
}

func (l *viewStore) build() {
	l.once.Do(func() {
		l.in = map[graph.NodeID]bool{}
		for e := range l.s.Edges() {
			k := e.Kinds & l.v.Kinds
			if k == 0 {
				continue
			}
			from, to := e.From, e.To
			if l.v.Reverse {
				from, to = to, from
			}
			for _, id := range [2]graph.NodeID{from, to} {
				if !l.in[id] {
					l.in[id] = true
					l.verts = append(l.verts, id)
				}
			}
			l.edges = append(l.edges, dgraph.Edge[graph.NodeID]{Source: from, Target: to, Properties: dgraph.EdgeProperties{Data: k}})
		}
	})
}

func (l *viewStore) AddVertex(graph.NodeID, graph.Node, dgraph.VertexProperties) error {
	return ErrReadOnly
}
func (l *viewStore) RemoveVertex(graph.NodeID) error { return ErrReadOnly }
func (l *viewStore) AddEdge(graph.NodeID, graph.NodeID, dgraph.Edge[graph.NodeID]) error {
	return ErrReadOnly
}
func (l *viewStore) UpdateEdge(graph.NodeID, graph.NodeID, dgraph.Edge[graph.NodeID]) error {
	return ErrReadOnly
}
func (l *viewStore) RemoveEdge(graph.NodeID, graph.NodeID) error { return ErrReadOnly }

func (l *viewStore) Vertex(id graph.NodeID) (graph.Node, dgraph.VertexProperties, error) {
	l.build()
	n, ok := l.s.Node(id)
	if !ok || !l.in[id] {
		return graph.Node{}, dgraph.VertexProperties{}, dgraph.ErrVertexNotFound
	}
	return *n, dgraph.VertexProperties{}, nil
}

func (l *viewStore) ListVertices() ([]graph.NodeID, error) {
	l.build()
	return slices.Clone(l.verts), nil
}

func (l *viewStore) VertexCount() (int, error) {
	l.build()
	return len(l.verts), nil
}

func (l *viewStore) Edge(from, to graph.NodeID) (dgraph.Edge[graph.NodeID], error) {
	if l.v.Reverse {
		from, to = to, from
	}
	e, ok := l.s.EdgeBetween(from, to)
	if k := e.Kinds & l.v.Kinds; ok && k != 0 {
		if l.v.Reverse {
			from, to = to, from
		}
		return dgraph.Edge[graph.NodeID]{Source: from, Target: to, Properties: dgraph.EdgeProperties{Data: k}}, nil
	}
	return dgraph.Edge[graph.NodeID]{}, dgraph.ErrEdgeNotFound
}

func (l *viewStore) ListEdges() ([]dgraph.Edge[graph.NodeID], error) {
	l.build()
	return slices.Clone(l.edges), nil
}
