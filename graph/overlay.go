package graph

import "io"

// reader is what an opened store reads through: the snapshot alone
// (view), or the snapshot with a delta laid over it (layered).
type reader interface {
	counts() (nodes, edges int)
	byID(id NodeID) (*Node, bool)
	byName(name string) []*Node
	namesSeq(yield func(string, int) bool)
	nodesSeq(yield func(*Node) bool)
	nodesOf(k NodeKind, yield func(*Node) bool)
	adjacent(in bool, id NodeID, k EdgeKind) []Edge
	edgeBetween(from, to NodeID) (Edge, bool)
	edgesSeq(yield func(Edge) bool)
	decode() (*Store, error)
}

func (v *view) counts() (int, int) { return int(v.h.nodes), int(v.h.edges) }

// layered is an opened snapshot with a delta read over it, answering as the
// snapshot with the delta applied (ApplyDelta on a decoded store) does:
// the delta's dirty nodes it still has replace the snapshot's, the others
// are gone with their edges, and its dirty node pairs hold the delta's
// edges alone. Lists keep the snapshot's order, the delta's entries after.
// An update touches a few hundred nodes, so after one a query still reads
// the snapshot where it lies instead of decoding it to apply the delta.
// A store in layer mode (Store.Layer) changes its layer the same way
// (overlay_edit.go).
type layered struct {
	v      *view
	dirty  map[NodeID]*Node    // the dirty nodes, nil for those gone
	order  []NodeID            // the dirty nodes, in the order they became dirty
	base   map[NodeID]bool     // whether a dirty node is in the snapshot
	named  map[string][]NodeID // dirty symbols by name, in order
	pairs  map[[2]NodeID]int   // dirty pairs, to their edge in edges or -1
	edges  []Edge              // the layer's edges; Kinds 0 for one dropped since
	out    map[NodeID][]int    // the layer's live edges by end
	in     map[NodeID][]int
	names  map[string]int // symbol names whose count the layer changes, by how much
	buried [][2]NodeID    // the snapshot's pairs of nodes removed and added again (hideBase)
	nodes  int
	nEdges int
}

func newLayered(v *view, d *delta) *layered {
	l := &layered{v: v, dirty: map[NodeID]*Node{}, base: map[NodeID]bool{}, named: map[string][]NodeID{},
		pairs: map[[2]NodeID]int{}, out: map[NodeID][]int{}, in: map[NodeID][]int{}, names: map[string]int{}}
	for _, id := range d.dirty.Nodes {
		l.dirty[id] = nil
	}
	present := map[NodeID]*Node{}
	for i := range d.nodes {
		n := &d.nodes[i]
		l.dirty[n.ID] = n
		present[n.ID] = n
		if n.Kind.IsSymbol() && n.Name != "" {
			l.names[n.Name]++
		}
	}
	nodes := int(v.h.nodes)
	hidden := map[uint32]bool{}
	for _, id := range d.dirty.Nodes {
		l.order = append(l.order, id)
		if n := present[id]; n != nil && n.Kind.IsSymbol() && n.Name != "" {
			l.named[n.Name] = append(l.named[n.Name], id)
		}
		i, inBase := v.find(id)
		l.base[id] = inBase
		if !inBase {
			if l.dirty[id] != nil {
				nodes++
			}
			continue
		}
		if b := v.node(i); b != nil && b.Kind.IsSymbol() && b.Name != "" {
			l.names[b.Name]--
		}
		if l.dirty[id] == nil {
			nodes--
			for _, lists := range [][2][]byte{{v.outStart, v.outList}, {v.inStart, v.inList}} {
				v.adjacency(lists[0], lists[1], i, func(e uint32) bool { hidden[e] = true; return true })
			}
		}
	}
	for _, p := range d.dirty.Edges {
		l.pairs[p] = -1
		if e, ok := v.edgeIndex(p[0], p[1]); ok {
			hidden[e] = true
		}
	}
	for _, de := range d.edges {
		k := de.kinds
		if len(de.mot) > 0 {
			k |= EdgeMotivates
		}
		l.pairs[[2]NodeID{de.from, de.to}] = len(l.edges)
		l.out[de.from] = append(l.out[de.from], len(l.edges))
		l.in[de.to] = append(l.in[de.to], len(l.edges))
		l.edges = append(l.edges, Edge{From: de.from, To: de.to, Kinds: k, Motivations: de.mot})
	}
	l.nodes, l.nEdges = nodes, int(v.h.edges)-len(hidden)+len(l.edges)
	return l
}

func (l *layered) counts() (int, int) { return l.nodes, l.nEdges }

// live returns the store's version of base node n: n, the delta's, or nil.
func (l *layered) live(n *Node) *Node {
	if n == nil {
		return nil
	}
	if d, ok := l.dirty[n.ID]; ok {
		return d
	}
	return n
}

func (l *layered) byID(id NodeID) (*Node, bool) {
	if n, ok := l.dirty[id]; ok {
		return n, n != nil
	}
	return l.v.byID(id)
}

func (l *layered) byName(name string) []*Node {
	var out []*Node
	for _, n := range l.v.byName(name) {
		if _, ok := l.dirty[n.ID]; !ok {
			out = append(out, n)
		}
	}
	for _, id := range l.named[name] { // none for "", as in a store
		if n := l.dirty[id]; n != nil && n.Kind.IsSymbol() && n.Name == name {
			out = append(out, n)
		}
	}
	if out == nil {
		return []*Node{}
	}
	return out
}

func (l *layered) namesSeq(yield func(string, int) bool) {
	seen := map[string]bool{}
	for name, k := range l.v.namesSeq {
		seen[name] = true
		if k += l.names[name]; k > 0 && !yield(name, k) {
			return
		}
	}
	for name, k := range l.names {
		if !seen[name] && k > 0 && !yield(name, k) {
			return
		}
	}
}

func (l *layered) nodesSeq(yield func(*Node) bool) {
	for n := range l.v.nodesSeq {
		if n = l.live(n); n != nil && !yield(n) {
			return
		}
	}
	for _, id := range l.order {
		if n := l.dirty[id]; n != nil && !l.base[id] && !yield(n) {
			return
		}
	}
}

func (l *layered) nodesOf(k NodeKind, yield func(*Node) bool) {
	for n := range l.nodesSeq {
		if n.Kind == k && !yield(n) {
			return
		}
	}
}

// hides reports whether the delta removed the snapshot's edge from from to to.
func (l *layered) hides(from, to NodeID) bool {
	if _, ok := l.pairs[[2]NodeID{from, to}]; ok {
		return true
	}
	f, fd := l.dirty[from]
	t, td := l.dirty[to]
	return (fd && f == nil) || (td && t == nil)
}

func (l *layered) adjacent(in bool, id NodeID, k EdgeKind) []Edge {
	if n, ok := l.dirty[id]; ok && n == nil {
		return nil
	}
	var out []Edge
	for _, e := range l.v.adjacent(in, id, k) {
		if !l.hides(e.From, e.To) {
			out = append(out, e)
		}
	}
	lists := l.out
	if in {
		lists = l.in
	}
	for _, j := range lists[id] {
		if l.edges[j].Kinds&k != 0 {
			out = append(out, l.edges[j])
		}
	}
	return out
}

func (l *layered) edgeBetween(from, to NodeID) (Edge, bool) {
	if j, ok := l.pairs[[2]NodeID{from, to}]; ok {
		if j < 0 {
			return Edge{}, false
		}
		return l.edges[j], true
	}
	if l.hides(from, to) {
		return Edge{}, false
	}
	return l.v.edgeBetween(from, to)
}

func (l *layered) edgesSeq(yield func(Edge) bool) {
	for e := range l.v.edgesSeq {
		if !l.hides(e.From, e.To) && !yield(e) {
			return
		}
	}
	for _, e := range l.edges {
		if e.Kinds != 0 && !yield(e) {
			return
		}
	}
}

// decode decodes the snapshot whole and applies the layer.
func (l *layered) decode() (*Store, error) {
	s, err := l.v.decode()
	if err != nil {
		return nil, err
	}
	if err := s.apply(l.delta()); err != nil {
		return nil, err
	}
	return s, nil
}

// delta is the layer as a delta over the snapshot: what ApplyDelta on the
// decoded snapshot applies to make the store the layer reads as.
func (l *layered) delta() *delta {
	d := &delta{dirty: Dirty{Nodes: l.order}}
	for _, id := range l.order {
		if n := l.dirty[id]; n != nil {
			d.nodes = append(d.nodes, *n)
		}
	}
	for p := range l.pairs {
		d.dirty.Edges = append(d.dirty.Edges, p)
	}
	_, d.dirty.Edges = sortedDirty(Dirty{Edges: d.dirty.Edges})
	for j, e := range l.edges {
		if e.Kinds != 0 && l.pairs[[2]NodeID{e.From, e.To}] == j {
			d.edges = append(d.edges, deltaEdge{from: e.From, to: e.To, kinds: e.Kinds, mot: e.Motivations})
		}
	}
	return d
}

// openDelta lays the delta in r over the opened store s.
func (s *Store) openDelta(r io.Reader) (Dirty, error) {
	d, err := readDelta(r)
	if err != nil {
		return Dirty{}, err
	}
	s.r = newLayered(s.v, d)
	return d.dirty, nil
}
