package audit

import (
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// Explained reports whether reasoning that still stands explains the code
// node n, as the audit weighs it (see reasonsOf): a document link into n or
// its type strong enough to explain it, or a memory linked to either or
// anchored to n's file, not superseded. Code explained only by superseded
// reasoning is not explained. Commits are not read: that would take a
// blame per symbol.
func Explained(s *graph.Store, mems *rationale.Memories, n *graph.Node) bool {
	return anyLive(reasonsOf(s, mems, n))
}
