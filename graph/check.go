package graph

import "fmt"

// Check verifies the store's internal bookkeeping and returns an error
// describing the first inconsistency, or nil. It checks that:
//
//   - every live edge record (one with a kind) is listed in the out-list of
//     its from node and the in-list of its to node;
//   - the number of live edge records equals EdgeCount;
//   - every entry of the ID index points at a node slot holding that ID.
//
// A store built only through its methods, or loaded by Load or ApplyDelta
// without error, always passes; Check is for tests, of this package and of
// packages that build stores, to run when they are done with one.
func (s *Store) Check() error {
	live := 0
	for e, r := range s.edges {
		if r.kinds == 0 {
			continue
		}
		live++
		if !contains(s.out[r.from], int32(e)) || !contains(s.in[r.to], int32(e)) {
			return fmt.Errorf("graph check: edge %d (%d -> %d) missing from adjacency", e, r.from, r.to)
		}
	}
	if live != s.nEdges {
		return fmt.Errorf("graph check: %d live edges, EdgeCount %d", live, s.nEdges)
	}
	for id, i := range s.index {
		if s.nodes[i].ID != id {
			return fmt.Errorf("graph check: index entry %s points at node %d, which is %q", id, i, s.nodes[i].ID)
		}
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
