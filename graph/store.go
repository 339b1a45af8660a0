package graph

import (
	"fmt"
	"iter"
	"runtime"
)

// Store holds nodes and edges in int-indexed slices with per-node in/out
// adjacency lists, so that every neighbour lookup costs O(degree). One
// record per ordered node pair carries a set of edge kinds.
//
// A Store is not safe for concurrent mutation. Once built it may be read by
// any number of goroutines.
type Store struct {
	nodes  blocks[Node] // a removed node keeps its slot with an empty ID
	index  map[NodeID]int32
	byName map[string][]int32 // code symbols by Name
	edges  blocks[edgeRec]    // a removed edge keeps its slot with kinds 0
	out    blocks[[]int32]    // node → indexes into edges
	in     blocks[[]int32]
	nEdges int

	// v, when not nil, is the opened snapshot the store reads instead of
	// the fields above (view.go); the first change decodes it into them.
	v         *view
	r         reader // v, or v with a delta over it
	layer     bool   // changes go to a layer over v (Layer), not into a decoded store
	decodeErr error  // why an opened snapshot could not be decoded
}

type edgeRec struct {
	from, to int32
	kinds    EdgeKind
	mot      []Motivation
}

// New returns an empty store.
func New() *Store { return NewSized(0) }

// NewSized returns an empty store with room for about n nodes: its maps
// grown by adding them, by doubling, cost 0.1 s of CPU in the full index
// of GOROOT/src (240k nodes). A tree of f files makes about f*NodesPerFile.
func NewSized(n int) *Store {
	return &Store{index: make(map[NodeID]int32, n), byName: make(map[string][]int32, n/2)}
}

// NodesPerFile is about how many nodes a repository's file makes: 21 on
// GOROOT/src's 11k files.
const NodesPerFile = 20

// NodeCount returns the number of nodes.
func (s *Store) NodeCount() int {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil {
		n, _ := s.r.counts()
		return n
	}
	return len(s.index)
}

// EdgeCount returns the number of node pairs joined by at least one edge.
func (s *Store) EdgeCount() int {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil {
		_, m := s.r.counts()
		return m
	}
	return s.nEdges
}

// CountKinds returns how many nodes of each kind the store holds. An
// opened store counts from its snapshot's kind table and the nodes its
// layer changed, without reading the others.
func (s *Store) CountKinds() map[NodeKind]int {
	defer runtime.KeepAlive(s) // see keepMapped
	switch r := s.r.(type) {
	case *view:
		return r.kindCounts()
	case *layered:
		return r.kindCounts()
	}
	counts := map[NodeKind]int{}
	for n := range s.Nodes() {
		counts[n.Kind]++
	}
	return counts
}

// AddNode inserts n, or replaces the fields of the node with the same ID and
// keeps its edges. It returns an error only for an empty ID.
func (s *Store) AddNode(n Node) error {
	defer runtime.KeepAlive(s) // see keepMapped
	if n.ID == "" {
		return fmt.Errorf("add node: empty id (kind %s, name %q)", n.Kind, n.Name)
	}
	if l := s.edits(); l != nil {
		return l.addNode(n)
	}
	if i, ok := s.index[n.ID]; ok {
		s.unindexName(i)
		*s.nodes.at(i) = n
		s.indexName(i)
		return nil
	}
	i := s.nodes.add(n)
	s.out.add(nil)
	s.in.add(nil)
	s.index[n.ID] = i
	s.indexName(i)
	return nil
}

func (s *Store) indexName(i int32) {
	n := s.nodes.at(i)
	if n.Kind.IsSymbol() && n.Name != "" {
		s.byName[n.Name] = append(s.byName[n.Name], i)
	}
}

func (s *Store) unindexName(i int32) {
	n := s.nodes.at(i)
	list := s.byName[n.Name]
	for j, k := range list {
		if k == i {
			list[j] = list[len(list)-1]
			list = list[:len(list)-1]
			break
		}
	}
	if len(list) == 0 {
		delete(s.byName, n.Name)
	} else {
		s.byName[n.Name] = list
	}
}

// Node returns the node with the given ID. The caller must not modify it
// except through the store.
func (s *Store) Node(id NodeID) (*Node, bool) {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil {
		return s.r.byID(id)
	}
	i, ok := s.index[id]
	if !ok {
		return nil, false
	}
	return s.nodes.at(i), true
}

// Has reports whether the store holds a node with the given ID.
func (s *Store) Has(id NodeID) bool {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil {
		_, ok := s.r.byID(id)
		return ok
	}
	_, ok := s.index[id]
	return ok
}

// Nodes yields every node, in insertion order.
func (s *Store) Nodes() iter.Seq[*Node] {
	if s.r != nil {
		return func(yield func(*Node) bool) {
			defer runtime.KeepAlive(s) // see keepMapped
			s.r.nodesSeq(yield)
		}
	}
	return func(yield func(*Node) bool) {
		for _, b := range s.nodes.b {
			for i := range b {
				if b[i].ID != "" && !yield(&b[i]) {
					return
				}
			}
		}
	}
}

// ByName returns the code symbols whose Name is name.
func (s *Store) ByName(name string) []*Node {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil {
		return s.r.byName(name)
	}
	list := s.byName[name]
	out := make([]*Node, len(list))
	for j, i := range list {
		out[j] = s.nodes.at(i)
	}
	return out
}

// Names yields every distinct symbol name with the number of symbols that
// carry it.
func (s *Store) Names() iter.Seq2[string, int] {
	if s.r != nil {
		return func(yield func(string, int) bool) {
			defer runtime.KeepAlive(s) // see keepMapped
			s.r.namesSeq(yield)
		}
	}
	return func(yield func(string, int) bool) {
		for name, list := range s.byName {
			if !yield(name, len(list)) {
				return
			}
		}
	}
}

// RemoveNode deletes the node and every edge that touches it. Removing an
// unknown node is not an error.
func (s *Store) RemoveNode(id NodeID) {
	defer runtime.KeepAlive(s) // see keepMapped
	if l := s.edits(); l != nil {
		l.removeNode(id)
		return
	}
	i, ok := s.index[id]
	if !ok {
		return
	}
	for out := s.out.at(i); len(*out) > 0; {
		s.dropEdge((*out)[0])
	}
	for in := s.in.at(i); len(*in) > 0; {
		s.dropEdge((*in)[0])
	}
	s.unindexName(i)
	delete(s.index, id)
	*s.nodes.at(i) = Node{}
}

// AddEdge joins from to to with the kinds in k, adding them to any kinds the
// pair already has. Both nodes must exist.
func (s *Store) AddEdge(from, to NodeID, k EdgeKind) error {
	defer runtime.KeepAlive(s) // see keepMapped
	if l := s.edits(); l != nil {
		return l.addEdge(from, to, k)
	}
	e, err := s.edgeFor(from, to)
	if err != nil {
		return err
	}
	s.edges.at(e).kinds |= k
	return nil
}

// AddMotivation records that from motivates to through m. A motivation with
// the same signal as an existing one keeps the higher score.
func (s *Store) AddMotivation(from, to NodeID, m Motivation) error {
	defer runtime.KeepAlive(s) // see keepMapped
	if l := s.edits(); l != nil {
		return l.addMotivation(from, to, m)
	}
	e, err := s.edgeFor(from, to)
	if err != nil {
		return err
	}
	r := s.edges.at(e)
	r.kinds |= EdgeMotivates
	for j := range r.mot {
		if r.mot[j].Signal == m.Signal {
			if m.Score > r.mot[j].Score {
				r.mot[j] = m
			}
			return nil
		}
	}
	r.mot = append(r.mot, m)
	return nil
}

// edgeFor returns the record joining from to to, creating an empty one.
func (s *Store) edgeFor(from, to NodeID) (int32, error) {
	fi, ok := s.index[from]
	if !ok {
		return 0, fmt.Errorf("edge %s -> %s: %w: %s", from, to, ErrNotFound, from)
	}
	ti, ok := s.index[to]
	if !ok {
		return 0, fmt.Errorf("edge %s -> %s: %w: %s", from, to, ErrNotFound, to)
	}
	if e, ok := s.find(fi, ti); ok {
		return e, nil
	}
	e := s.edges.add(edgeRec{from: fi, to: ti})
	out, in := s.out.at(fi), s.in.at(ti)
	*out, *in = append(*out, e), append(*in, e)
	s.nEdges++
	return e, nil
}

func (s *Store) find(fi, ti int32) (int32, bool) {
	// Scan the shorter of the two lists.
	list, self := *s.out.at(fi), func(r *edgeRec) bool { return r.to == ti }
	if in := *s.in.at(ti); len(in) < len(list) {
		list, self = in, func(r *edgeRec) bool { return r.from == fi }
	}
	for _, e := range list {
		if self(s.edges.at(e)) {
			return e, true
		}
	}
	return 0, false
}

// RemoveEdge removes the kinds in k from the pair; the pair's record goes
// when no kind is left. Removing EdgeMotivates also drops the motivations.
func (s *Store) RemoveEdge(from, to NodeID, k EdgeKind) {
	defer runtime.KeepAlive(s) // see keepMapped
	if l := s.edits(); l != nil {
		l.removeEdge(from, to, k)
		return
	}
	fi, ok1 := s.index[from]
	ti, ok2 := s.index[to]
	if !ok1 || !ok2 {
		return
	}
	e, ok := s.find(fi, ti)
	if !ok {
		return
	}
	r := s.edges.at(e)
	r.kinds &^= k
	if k.Has(EdgeMotivates) {
		r.mot = nil
	}
	if r.kinds == 0 {
		s.dropEdge(e)
	}
}

func (s *Store) dropEdge(e int32) {
	r := s.edges.at(e)
	out, in := s.out.at(r.from), s.in.at(r.to)
	*out, *in = without(*out, e), without(*in, e)
	*r = edgeRec{}
	s.nEdges--
}

func without(list []int32, e int32) []int32 {
	for j, k := range list {
		if k == e {
			list[j] = list[len(list)-1]
			return list[:len(list)-1]
		}
	}
	return list
}

// EdgeBetween returns the edge from from to to, if any.
func (s *Store) EdgeBetween(from, to NodeID) (Edge, bool) {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil {
		return s.r.edgeBetween(from, to)
	}
	fi, ok1 := s.index[from]
	ti, ok2 := s.index[to]
	if !ok1 || !ok2 {
		return Edge{}, false
	}
	e, ok := s.find(fi, ti)
	if !ok {
		return Edge{}, false
	}
	return s.edge(e), true
}

func (s *Store) edge(e int32) Edge {
	r := s.edges.at(e)
	return Edge{From: s.nodes.at(r.from).ID, To: s.nodes.at(r.to).ID, Kinds: r.kinds, Motivations: r.mot}
}

// In returns the edges into id that have any kind in k.
func (s *Store) In(id NodeID, k EdgeKind) []Edge {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil {
		return s.r.adjacent(true, id, k)
	}
	return s.adjacent(&s.in, id, k)
}

// Out returns the edges out of id that have any kind in k.
func (s *Store) Out(id NodeID, k EdgeKind) []Edge {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil {
		return s.r.adjacent(false, id, k)
	}
	return s.adjacent(&s.out, id, k)
}

func (s *Store) adjacent(lists *blocks[[]int32], id NodeID, k EdgeKind) []Edge {
	i, ok := s.index[id]
	if !ok {
		return nil
	}
	var out []Edge
	for _, e := range *lists.at(i) {
		if s.edges.at(e).kinds&k != 0 {
			out = append(out, s.edge(e))
		}
	}
	return out
}

// Targets yields the nodes that the edges out of id with any kind in k
// lead to, in the order Out lists them. Unlike Out it makes no list: the
// indexer walks every package's files and symbols through it.
func (s *Store) Targets(id NodeID, k EdgeKind) iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		defer runtime.KeepAlive(s) // see keepMapped
		if s.r != nil {
			for _, e := range s.r.adjacent(false, id, k) {
				if n, ok := s.r.byID(e.To); ok && !yield(n) {
					return
				}
			}
			return
		}
		i, ok := s.index[id]
		if !ok {
			return
		}
		for _, e := range *s.out.at(i) {
			if r := s.edges.at(e); r.kinds&k != 0 && !yield(s.nodes.at(r.to)) {
				return
			}
		}
	}
}

// Edges yields every edge.
func (s *Store) Edges() iter.Seq[Edge] {
	if s.r != nil {
		return func(yield func(Edge) bool) {
			defer runtime.KeepAlive(s) // see keepMapped
			s.r.edgesSeq(yield)
		}
	}
	return func(yield func(Edge) bool) {
		for e := range int32(s.edges.len()) {
			if s.edges.at(e).kinds != 0 && !yield(s.edge(e)) {
				return
			}
		}
	}
}

// Container returns the node that contains id, preferring a symbol (the
// type of a method or field) over a file over a package, so that following
// Container walks method → type → file → package.
func (s *Store) Container(id NodeID) (*Node, bool) {
	if s.r != nil {
		return s.openedContainer(id)
	}
	i, ok := s.index[id]
	if !ok {
		return nil, false
	}
	var best *Node
	for _, e := range *s.in.at(i) {
		r := s.edges.at(e)
		if !r.kinds.Has(EdgeContains) {
			continue
		}
		if c := s.nodes.at(r.from); best == nil || containerRank(c.Kind) > containerRank(best.Kind) {
			best = c
		}
	}
	return best, best != nil
}

func (s *Store) openedContainer(id NodeID) (*Node, bool) {
	defer runtime.KeepAlive(s) // see keepMapped
	var best *Node
	for _, e := range s.r.adjacent(true, id, EdgeContains) {
		if c, ok := s.r.byID(e.From); ok && (best == nil || containerRank(c.Kind) > containerRank(best.Kind)) {
			best = c
		}
	}
	return best, best != nil
}

func containerRank(k NodeKind) int {
	switch {
	case k.IsSymbol():
		return 3
	case k == KindFile:
		return 2
	case k == KindPackage:
		return 1
	}
	return 0
}
