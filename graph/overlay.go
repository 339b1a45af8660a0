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
type layered struct {
	v       *view
	d       *delta
	dirty   map[NodeID]*Node  // the dirty nodes, nil for those gone
	added   []*Node           // dirty nodes not in the snapshot, in delta order
	present []*Node           // dirty nodes the store has, in delta order
	pairs   map[[2]NodeID]int // dirty pairs, to their edge in edges or -1
	edges   []Edge            // the delta's edges
	out, in map[NodeID][]int  // the delta's edges by end
	names   map[string]int    // symbol names whose count the delta changes, by how much
	nodes   int
	nEdges  int
}

func newLayered(v *view, d *delta) *layered {
	l := &layered{v: v, d: d, dirty: map[NodeID]*Node{}, pairs: map[[2]NodeID]int{},
		out: map[NodeID][]int{}, in: map[NodeID][]int{}, names: map[string]int{}}
	for _, id := range d.dirty.Nodes {
		l.dirty[id] = nil
	}
	for i := range d.nodes {
		n := &d.nodes[i]
		l.dirty[n.ID] = n
		l.present = append(l.present, n)
		if n.Kind.IsSymbol() && n.Name != "" {
			l.names[n.Name]++
		}
	}
	nodes := int(v.h.nodes)
	hidden := map[uint32]bool{}
	for _, id := range d.dirty.Nodes {
		i, inBase := v.find(id)
		if !inBase {
			if n := l.dirty[id]; n != nil {
				l.added = append(l.added, n)
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
	for _, n := range l.present {
		if n.Kind.IsSymbol() && n.Name == name {
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
	for _, n := range l.added {
		if !yield(n) {
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
		if !yield(e) {
			return
		}
	}
}

// decode decodes the snapshot whole and applies the delta.
func (l *layered) decode() (*Store, error) {
	s, err := l.v.decode()
	if err != nil {
		return nil, err
	}
	if err := s.apply(l.d); err != nil {
		return nil, err
	}
	return s, nil
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
