package graph

import (
	"errors"
	"slices"
	"sync"

	dgraph "github.com/dominikbraun/graph"
)

// Lib exposes the store as a github.com/dominikbraun/graph directed graph,
// so that library's algorithms (BFS, DFS, SCC, shortest paths) run on it
// without copying. The edge kinds of a pair travel in EdgeProperties.Data as
// an EdgeKind; an edge the library adds without one becomes EdgeReferences.
func (s *Store) Lib() dgraph.Graph[NodeID, Node] {
	return dgraph.NewWithStore(func(n Node) NodeID { return n.ID }, libStore{s}, dgraph.Directed())
}

// libStore adapts Store to dgraph.Store.
type libStore struct{ s *Store }

func (l libStore) AddVertex(id NodeID, n Node, _ dgraph.VertexProperties) error {
	if l.s.Has(id) {
		return dgraph.ErrVertexAlreadyExists
	}
	n.ID = id
	return l.s.AddNode(n)
}

func (l libStore) Vertex(id NodeID) (Node, dgraph.VertexProperties, error) {
	n, ok := l.s.Node(id)
	if !ok {
		return Node{}, dgraph.VertexProperties{}, dgraph.ErrVertexNotFound
	}
	return *n, dgraph.VertexProperties{}, nil
}

func (l libStore) RemoveVertex(id NodeID) error {
	l.s.own()
	i, ok := l.s.index[id]
	if !ok {
		return dgraph.ErrVertexNotFound
	}
	if len(*l.s.in.at(i))+len(*l.s.out.at(i)) > 0 {
		return dgraph.ErrVertexHasEdges
	}
	l.s.RemoveNode(id)
	return nil
}

func (l libStore) ListVertices() ([]NodeID, error) {
	ids := make([]NodeID, 0, l.s.NodeCount())
	for n := range l.s.Nodes() {
		ids = append(ids, n.ID)
	}
	return ids, nil
}

func (l libStore) VertexCount() (int, error) { return l.s.NodeCount(), nil }

func (l libStore) AddEdge(from, to NodeID, e dgraph.Edge[NodeID]) error {
	if _, ok := l.s.EdgeBetween(from, to); ok {
		return dgraph.ErrEdgeAlreadyExists
	}
	return l.setEdge(from, to, e)
}

func (l libStore) UpdateEdge(from, to NodeID, e dgraph.Edge[NodeID]) error {
	if _, ok := l.s.EdgeBetween(from, to); !ok {
		return dgraph.ErrEdgeNotFound
	}
	return l.setEdge(from, to, e)
}

func (l libStore) setEdge(from, to NodeID, e dgraph.Edge[NodeID]) error {
	k, ok := e.Properties.Data.(EdgeKind)
	if !ok || k == 0 {
		k = EdgeReferences
	}
	err := l.s.AddEdge(from, to, k)
	if errors.Is(err, ErrNotFound) {
		return dgraph.ErrVertexNotFound
	}
	return err
}

func (l libStore) RemoveEdge(from, to NodeID) error {
	l.s.RemoveEdge(from, to, ^EdgeKind(0))
	return nil
}

func (l libStore) Edge(from, to NodeID) (dgraph.Edge[NodeID], error) {
	e, ok := l.s.EdgeBetween(from, to)
	if !ok {
		return dgraph.Edge[NodeID]{}, dgraph.ErrEdgeNotFound
	}
	return libEdge(e), nil
}

func (l libStore) ListEdges() ([]dgraph.Edge[NodeID], error) {
	out := make([]dgraph.Edge[NodeID], 0, l.s.EdgeCount())
	for e := range l.s.Edges() {
		out = append(out, libEdge(e))
	}
	return out, nil
}

func libEdge(e Edge) dgraph.Edge[NodeID] {
	return dgraph.Edge[NodeID]{Source: e.From, Target: e.To,
		Properties: dgraph.EdgeProperties{Data: e.Kinds, Attributes: map[string]string{}}}
}

// View selects the part of a store that LibView shows: the edges of the
// kinds in Kinds, pointing the other way when Reverse is set.
type View struct {
	Kinds   EdgeKind
	Reverse bool
}

// LibView is a read-only github.com/dominikbraun/graph graph over the
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
func (s *Store) LibView(v View) dgraph.Graph[NodeID, Node] {
	st := &viewStore{s: s, v: v}
	return &viewGraph{Graph: dgraph.NewWithStore(func(n Node) NodeID { return n.ID }, st, dgraph.Directed())}
}

// viewGraph caches the maps every traversal of the library starts from.
type viewGraph struct {
	dgraph.Graph[NodeID, Node]
	adjOnce, predOnce sync.Once
	adj, pred         map[NodeID]map[NodeID]dgraph.Edge[NodeID]
	adjErr, predErr   error
}

func (g *viewGraph) AdjacencyMap() (map[NodeID]map[NodeID]dgraph.Edge[NodeID], error) {
	g.adjOnce.Do(func() { g.adj, g.adjErr = g.Graph.AdjacencyMap() })
	return g.adj, g.adjErr
}

func (g *viewGraph) PredecessorMap() (map[NodeID]map[NodeID]dgraph.Edge[NodeID], error) {
	g.predOnce.Do(func() { g.pred, g.predErr = g.Graph.PredecessorMap() })
	return g.pred, g.predErr
}

// viewStore adapts the selected edges of a Store to dgraph.Store. Its
// vertex and edge lists are collected once, on first use.
type viewStore struct {
	s     *Store
	v     View
	once  sync.Once
	verts []NodeID
	in    map[NodeID]bool
	edges []dgraph.Edge[NodeID]
}

func (l *viewStore) build() {
	l.once.Do(func() {
		l.in = map[NodeID]bool{}
		for e := range l.s.Edges() {
			k := e.Kinds & l.v.Kinds
			if k == 0 {
				continue
			}
			from, to := e.From, e.To
			if l.v.Reverse {
				from, to = to, from
			}
			for _, id := range [2]NodeID{from, to} {
				if !l.in[id] {
					l.in[id] = true
					l.verts = append(l.verts, id)
				}
			}
			l.edges = append(l.edges, dgraph.Edge[NodeID]{Source: from, Target: to, Properties: dgraph.EdgeProperties{Data: k}})
		}
	})
}

func (l *viewStore) AddVertex(NodeID, Node, dgraph.VertexProperties) error { return ErrReadOnly }
func (l *viewStore) RemoveVertex(NodeID) error                             { return ErrReadOnly }
func (l *viewStore) AddEdge(NodeID, NodeID, dgraph.Edge[NodeID]) error     { return ErrReadOnly }
func (l *viewStore) UpdateEdge(NodeID, NodeID, dgraph.Edge[NodeID]) error  { return ErrReadOnly }
func (l *viewStore) RemoveEdge(NodeID, NodeID) error                       { return ErrReadOnly }

func (l *viewStore) Vertex(id NodeID) (Node, dgraph.VertexProperties, error) {
	l.build()
	n, ok := l.s.Node(id)
	if !ok || !l.in[id] {
		return Node{}, dgraph.VertexProperties{}, dgraph.ErrVertexNotFound
	}
	return *n, dgraph.VertexProperties{}, nil
}

func (l *viewStore) ListVertices() ([]NodeID, error) {
	l.build()
	return slices.Clone(l.verts), nil
}

func (l *viewStore) VertexCount() (int, error) {
	l.build()
	return len(l.verts), nil
}

func (l *viewStore) Edge(from, to NodeID) (dgraph.Edge[NodeID], error) {
	if l.v.Reverse {
		from, to = to, from
	}
	e, ok := l.s.EdgeBetween(from, to)
	if k := e.Kinds & l.v.Kinds; ok && k != 0 {
		if l.v.Reverse {
			from, to = to, from
		}
		return dgraph.Edge[NodeID]{Source: from, Target: to, Properties: dgraph.EdgeProperties{Data: k}}, nil
	}
	return dgraph.Edge[NodeID]{}, dgraph.ErrEdgeNotFound
}

func (l *viewStore) ListEdges() ([]dgraph.Edge[NodeID], error) {
	l.build()
	return slices.Clone(l.edges), nil
}
