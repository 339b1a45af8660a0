package graph

import (
	"fmt"
	"slices"
)

// Layer makes the changes to an opened store go into a layer over its
// snapshot (and the delta opened with it) instead of decoding it whole
// first: a change then costs what it touches. On GOROOT/src the decode was
// most of an update after a one-file edit (250k nodes and 490k edges for
// a few hundred changed). Reads see the changes as they see a decoded
// store's; SaveDelta writes them, and Decode (or Save) still decodes the
// store whole with the layer applied. A layered store is checked
// against its checksums as far as it was opened to be (OpenChecked).
// Layer does nothing to a decoded or built store.
func (s *Store) Layer() {
	if s.v != nil {
		s.layer = true
	}
}

// edits returns the layer a change goes to, making it when the store has
// none yet; nil when the store is decoded (own decodes an opened store
// that is not in layer mode).
func (s *Store) edits() *layered {
	if s.v == nil || !s.layer {
		s.own()
		return nil
	}
	if l, ok := s.r.(*layered); ok {
		return l
	}
	l := newLayered(s.v, &delta{})
	s.r = l
	return l
}

// current is the store's version of id: the layer's, else the snapshot's.
func (l *layered) current(id NodeID) *Node {
	n, _ := l.byID(id)
	return n
}

// touch makes id dirty, noting whether the snapshot has it; the layer's
// version of a snapshot node is a copy, which a change may replace in place.
func (l *layered) touch(id NodeID) {
	if _, ok := l.dirty[id]; ok {
		return
	}
	n, inBase := l.v.byID(id)
	l.base[id] = inBase
	l.order = append(l.order, id)
	l.dirty[id] = nil
	if inBase {
		c := *n
		l.dirty[id] = &c
	}
}

// countName changes the count of n's name by k when n is a named symbol.
func (l *layered) countName(n *Node, k int) {
	if n != nil && n.Kind.IsSymbol() && n.Name != "" {
		l.names[n.Name] += k
	}
}

func (l *layered) addNode(n Node) error {
	cur := l.current(n.ID)
	l.touch(n.ID)
	l.countName(cur, -1)
	l.countName(&n, 1)
	if n.Kind.IsSymbol() && n.Name != "" && !slices.Contains(l.named[n.Name], n.ID) {
		l.named[n.Name] = append(l.named[n.Name], n.ID)
	}
	if p := l.dirty[n.ID]; p != nil {
		*p = n // replaced in place, keeping its edges, as Store.AddNode does
		return nil
	}
	if l.base[n.ID] {
		// The layer removed the snapshot's node and its edges: they stay
		// gone now that it is back, where hides no longer hides them.
		l.hideBase(n.ID)
	}
	l.dirty[n.ID] = &n
	l.nodes++
	return nil
}

// hideBase marks every snapshot edge of id as a dirty pair without an
// edge, and keeps them for SaveDelta: a delta that names a node present
// and not its pairs keeps the snapshot's edges.
func (l *layered) hideBase(id NodeID) {
	for _, in := range []bool{false, true} {
		for _, e := range l.v.adjacent(in, id, ^EdgeKind(0)) {
			p := [2]NodeID{e.From, e.To}
			if _, ok := l.pairs[p]; !ok {
				l.pairs[p] = -1
				l.buried = append(l.buried, p)
			}
		}
	}
}

func (l *layered) removeNode(id NodeID) {
	cur := l.current(id)
	if cur == nil {
		return
	}
	for _, in := range []bool{false, true} {
		for _, e := range l.adjacent(in, id, ^EdgeKind(0)) {
			l.drop(e.From, e.To)
		}
	}
	l.touch(id)
	l.countName(cur, -1)
	l.dirty[id] = nil
	l.nodes--
}

// edge returns the pair's edge, or one without kinds to fill when the
// pair has none; an error when an end is missing.
func (l *layered) edge(from, to NodeID) (Edge, error) {
	for _, id := range []NodeID{from, to} {
		if l.current(id) == nil {
			return Edge{}, fmt.Errorf("edge %s -> %s: %w: %s", from, to, ErrNotFound, id)
		}
	}
	if e, ok := l.edgeBetween(from, to); ok {
		return e, nil
	}
	return Edge{From: from, To: to}, nil
}

// set makes e the pair's edge in the layer. The motivations are the
// caller's: a list read earlier is never changed in place.
func (l *layered) set(e Edge) {
	p := [2]NodeID{e.From, e.To}
	if _, ok := l.edgeBetween(e.From, e.To); !ok {
		l.nEdges++
	}
	if j, ok := l.pairs[p]; ok && j >= 0 {
		l.edges[j] = e
		return
	}
	j := len(l.edges)
	l.pairs[p] = j
	l.edges = append(l.edges, e)
	l.out[e.From] = append(l.out[e.From], j)
	l.in[e.To] = append(l.in[e.To], j)
}

// drop removes the pair's edge, if it has one.
func (l *layered) drop(from, to NodeID) {
	if _, ok := l.edgeBetween(from, to); !ok {
		return
	}
	p := [2]NodeID{from, to}
	if j, ok := l.pairs[p]; ok && j >= 0 {
		l.edges[j].Kinds = 0
		l.out[from] = slices.DeleteFunc(l.out[from], func(k int) bool { return k == j })
		l.in[to] = slices.DeleteFunc(l.in[to], func(k int) bool { return k == j })
	}
	l.pairs[p] = -1
	l.nEdges--
}

func (l *layered) addEdge(from, to NodeID, k EdgeKind) error {
	e, err := l.edge(from, to)
	if err != nil || e.Kinds|k == e.Kinds {
		return err
	}
	e.Kinds |= k
	l.set(e)
	return nil
}

func (l *layered) addMotivation(from, to NodeID, m Motivation) error {
	e, err := l.edge(from, to)
	if err != nil {
		return err
	}
	e.Kinds |= EdgeMotivates
	mots := slices.Clone(e.Motivations)
	i := slices.IndexFunc(mots, func(x Motivation) bool { return x.Signal == m.Signal })
	switch {
	case i < 0:
		mots = append(mots, m)
	case m.Score > mots[i].Score:
		mots[i] = m
	}
	e.Motivations = mots
	l.set(e)
	return nil
}

func (l *layered) removeEdge(from, to NodeID, k EdgeKind) {
	e, ok := l.edgeBetween(from, to)
	if !ok {
		return
	}
	e.Kinds &^= k
	if k.Has(EdgeMotivates) {
		e.Motivations = nil
	}
	if e.Kinds == 0 {
		l.drop(from, to)
		return
	}
	l.set(e)
}

// kindCounts counts the nodes of each kind: the snapshot's kind table,
// then the nodes the layer changed.
func (l *layered) kindCounts() map[NodeKind]int {
	counts := l.v.kindCounts()
	for _, id := range l.order {
		if l.base[id] {
			if n, ok := l.v.byID(id); ok {
				counts[n.Kind]--
			}
		}
		if n := l.dirty[id]; n != nil {
			counts[n.Kind]++
		}
	}
	for k, c := range counts {
		if c <= 0 {
			delete(counts, k)
		}
	}
	return counts
}
