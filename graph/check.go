package graph

import (
	"fmt"
	"runtime"
)

// Check verifies the store's internal bookkeeping and returns an error
// describing the first inconsistency, or nil. It checks that:
//
//   - every node slot has an out-list and an in-list;
//   - every live edge record (one with a kind) joins two live nodes and is
//     listed in the out-list of its from node and the in-list of its to
//     node;
//   - every entry of an out- or in-list is a live edge record leaving or
//     entering that node, and no list holds an edge twice;
//   - the number of live edge records equals EdgeCount;
//   - every entry of the ID index points at a node slot holding that ID,
//     and every live node is in the index.
//
// An opened store (Open) is decoded whole, checksum included, and its
// lookup tables are held to the decoded store (checkView). A store built
// only through its methods, or loaded by Load or ApplyDelta without error,
// always passes; Check is for tests, of this package and of
// packages that build stores, to run when they are done with one.
func (s *Store) Check() error {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.v != nil {
		if err := s.v.check(); err != nil {
			return err
		}
		full, err := s.r.decode()
		if err != nil {
			return err
		}
		return full.Check()
	}
	n := int32(s.nodes.len())
	if s.out.len() != s.nodes.len() || s.in.len() != s.nodes.len() {
		return fmt.Errorf("graph check: %d node slots, %d out-lists, %d in-lists", s.nodes.len(), s.out.len(), s.in.len())
	}
	live := 0
	for e := range int32(s.edges.len()) {
		r := s.edges.at(e)
		if r.kinds == 0 {
			continue
		}
		live++
		if r.from < 0 || r.from >= n || r.to < 0 || r.to >= n || s.nodes.at(r.from).ID == "" || s.nodes.at(r.to).ID == "" {
			return fmt.Errorf("graph check: edge %d (%d -> %d) does not join two live nodes", e, r.from, r.to)
		}
		if !contains(*s.out.at(r.from), e) || !contains(*s.in.at(r.to), e) {
			return fmt.Errorf("graph check: edge %d (%d -> %d) missing from adjacency", e, r.from, r.to)
		}
	}
	if live != s.nEdges {
		return fmt.Errorf("graph check: %d live edges, EdgeCount %d", live, s.nEdges)
	}
	outs, ins := 0, 0
	for i := range n {
		out, in := *s.out.at(i), *s.in.at(i)
		outs, ins = outs+len(out), ins+len(in)
		for _, lists := range []struct {
			name  string
			list  []int32
			isEnd func(edgeRec) bool
		}{
			{"out", out, func(r edgeRec) bool { return r.from == i }},
			{"in", in, func(r edgeRec) bool { return r.to == i }},
		} {
			for _, e := range lists.list {
				if e < 0 || int(e) >= s.edges.len() || s.edges.at(e).kinds == 0 || !lists.isEnd(*s.edges.at(e)) {
					return fmt.Errorf("graph check: %s-list of node %d (%q) holds edge %d, which is not a live edge of it", lists.name, i, s.nodes.at(i).ID, e)
				}
			}
		}
	}
	if outs != live || ins != live {
		return fmt.Errorf("graph check: %d out-list and %d in-list entries for %d live edges", outs, ins, live)
	}
	liveNodes := 0
	for i := range n {
		if s.nodes.at(i).ID != "" {
			liveNodes++
		}
	}
	for id, i := range s.index {
		if i < 0 || i >= n {
			return fmt.Errorf("graph check: index entry %s points at node %d, out of range", id, i)
		}
		if s.nodes.at(i).ID != id {
			return fmt.Errorf("graph check: index entry %s points at node %d, which is %q", id, i, s.nodes.at(i).ID)
		}
	}
	if liveNodes != len(s.index) {
		return fmt.Errorf("graph check: %d live nodes, %d in the index", liveNodes, len(s.index))
	}
	return nil
}

func contains(list []int32, e int32) bool {
	for _, k := range list {
		if k == e {
			return true
		}
	}
	return false
}

// check decodes the opened snapshot whole and holds its lookup tables to
// what decoding built: every ID found at its node, every name at its
// nodes, every node's edges listed in order, every node in its kind list.
func (v *view) check() error {
	full, err := v.decode()
	if err != nil {
		return err
	}
	if err := full.Check(); err != nil {
		return err
	}
	kinds := map[NodeKind]int{}
	for i := range int32(full.nodes.len()) {
		n := full.nodes.at(i)
		if j, ok := v.find(n.ID); !ok || int32(j) != i {
			return fmt.Errorf("%w: graph check: the ID table finds %s at %d, ok %v; it is node %d", ErrCorrupt, n.ID, j, ok, i)
		}
		for _, lists := range []struct {
			name        string
			start, list []byte
			want        []int32
		}{{"out", v.outStart, v.outList, *full.out.at(i)}, {"in", v.inStart, v.inList, *full.in.at(i)}} {
			var got []int32
			v.adjacency(lists.start, lists.list, uint32(i), func(e uint32) bool { got = append(got, int32(e)); return true })
			if fmt.Sprint(got) != fmt.Sprint(lists.want) {
				return fmt.Errorf("%w: graph check: the %s-table of node %d lists edges %v, decoding %v", ErrCorrupt, lists.name, i, got, lists.want)
			}
		}
		kinds[n.Kind]++
	}
	for name, list := range full.byName {
		if got := v.byName(name); len(got) != len(list) {
			return fmt.Errorf("%w: graph check: the name table finds %d nodes named %q, decoding %d", ErrCorrupt, len(got), name, len(list))
		}
	}
	for k, want := range kinds {
		got := 0
		v.nodesOf(k, func(n *Node) bool { got++; return n.Kind == k })
		if got != want {
			return fmt.Errorf("%w: graph check: the kind table lists %d nodes of kind %s, decoding %d", ErrCorrupt, got, k, want)
		}
	}
	if p := v.bad.Load(); p != nil {
		return *p
	}
	return nil
}
