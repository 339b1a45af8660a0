package graph

import "fmt"

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
// A store built only through its methods, or loaded by Load or ApplyDelta
// without error, always passes; Check is for tests, of this package and of
// packages that build stores, to run when they are done with one.
func (s *Store) Check() error {
	n := int32(len(s.nodes))
	if len(s.out) != len(s.nodes) || len(s.in) != len(s.nodes) {
		return fmt.Errorf("graph check: %d node slots, %d out-lists, %d in-lists", len(s.nodes), len(s.out), len(s.in))
	}
	live := 0
	for e, r := range s.edges {
		if r.kinds == 0 {
			continue
		}
		live++
		if r.from < 0 || r.from >= n || r.to < 0 || r.to >= n || s.nodes[r.from].ID == "" || s.nodes[r.to].ID == "" {
			return fmt.Errorf("graph check: edge %d (%d -> %d) does not join two live nodes", e, r.from, r.to)
		}
		if !contains(s.out[r.from], int32(e)) || !contains(s.in[r.to], int32(e)) {
			return fmt.Errorf("graph check: edge %d (%d -> %d) missing from adjacency", e, r.from, r.to)
		}
	}
	if live != s.nEdges {
		return fmt.Errorf("graph check: %d live edges, EdgeCount %d", live, s.nEdges)
	}
	outs, ins := 0, 0
	for i := range s.nodes {
		outs, ins = outs+len(s.out[i]), ins+len(s.in[i])
		for _, lists := range []struct {
			name  string
			list  []int32
			isEnd func(edgeRec) bool
		}{
			{"out", s.out[i], func(r edgeRec) bool { return r.from == int32(i) }},
			{"in", s.in[i], func(r edgeRec) bool { return r.to == int32(i) }},
		} {
			for _, e := range lists.list {
				if e < 0 || int(e) >= len(s.edges) || s.edges[e].kinds == 0 || !lists.isEnd(s.edges[e]) {
					return fmt.Errorf("graph check: %s-list of node %d (%q) holds edge %d, which is not a live edge of it", lists.name, i, s.nodes[i].ID, e)
				}
			}
		}
	}
	if outs != live || ins != live {
		return fmt.Errorf("graph check: %d out-list and %d in-list entries for %d live edges", outs, ins, live)
	}
	liveNodes := 0
	for i := range s.nodes {
		if s.nodes[i].ID != "" {
			liveNodes++
		}
	}
	for id, i := range s.index {
		if i < 0 || i >= n {
			return fmt.Errorf("graph check: index entry %s points at node %d, out of range", id, i)
		}
		if s.nodes[i].ID != id {
			return fmt.Errorf("graph check: index entry %s points at node %d, which is %q", id, i, s.nodes[i].ID)
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
