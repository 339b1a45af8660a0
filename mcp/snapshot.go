package mcp

import (
	"sync"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/workspace"
)

// Snapshot is one consistent state of the repository as the server answers
// from it: a view of the server's workspace.Session (the index, the
// memories linked to it, what loading them found, its counts). It is never
// modified after it is made (the lazily built tables below are derived,
// built once under a sync.Once), so any number of calls may read it while
// the session makes the next view.
type Snapshot struct {
	*workspace.View

	libOnce sync.Once
	lib     *docs.Library // the documents and names, for the document tools and search
}

// snapshot returns the snapshot of v, the one made before when v is the
// view of the last snapshot (its derived tables are kept); nil for nil.
// The last snapshot is the one of the newest view seen.
func (s *Server) snapshot(v *workspace.View) *Snapshot {
	if v == nil {
		return nil
	}
	s.snapMu.Lock()
	defer s.snapMu.Unlock()
	cur := s.snap.Load()
	if cur != nil && cur.View == v {
		return cur
	}
	sn := &Snapshot{View: v}
	if cur == nil || v.Gen > cur.Gen {
		s.snap.Store(sn)
	}
	return sn
}

// library is the snapshot's view for the document tools and search, made
// on first use.
func (sn *Snapshot) library() *docs.Library {
	sn.libOnce.Do(func() { sn.lib = docs.New(sn.Workspace) })
	return sn.lib
}
