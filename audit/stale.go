package audit

import (
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// staleAnchor is a live memory's anchor whose symbol or file is gone.
type staleAnchor struct {
	mem     *memory.Memory
	written string
	id      graph.NodeID
	file    bool
}

// staleAnchors lists the stale anchors of the live memories, as
// memory.Reconcile marked them when the memories were loaded.
func staleAnchors(mems []*memory.Memory) []staleAnchor {
	var out []staleAnchor
	for _, m := range mems {
		if !m.Live() {
			continue
		}
		for _, a := range m.Symbols {
			if a.Stale {
				out = append(out, staleAnchor{mem: m, written: a.Written, id: a.ID})
			}
		}
		for _, f := range m.StaleFiles() {
			out = append(out, staleAnchor{mem: m, written: f, id: graph.FileID(f), file: true})
		}
	}
	return out
}
