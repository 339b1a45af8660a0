package graph

import (
	"errors"

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
	i, ok := l.s.index[id]
	if !ok {
		return dgraph.ErrVertexNotFound
	}
	if len(l.s.in[i])+len(l.s.out[i]) > 0 {
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
