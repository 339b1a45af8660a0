package ui

import (
	"context"
	"sync"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/workspace"
)

// state is what the page derives from one view, each part built once on
// first use: the document library, the map, and the audit (run in the
// background: on a large repository it takes longer than a page may).
type state struct {
	*workspace.View

	libOnce sync.Once
	lib     *docs.Library

	mapOnce sync.Once
	tree    *tree

	auditOnce sync.Once
	auditDone chan struct{}
	report    *audit.Report
	auditErr  error
	countOnce sync.Once
	counts    map[string]int // findingCounts
}

// state returns the derived tables of a current view.
func (s *Server) state(ctx context.Context) (*state, error) {
	v, err := s.sess.View(ctx)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil && s.cur.View == v {
		return s.cur, nil
	}
	st := &state{View: v, auditDone: make(chan struct{})}
	if s.cur == nil || v.Gen > s.cur.Gen {
		s.cur = st
	}
	return st, nil
}

// library is the view's document library.
func (st *state) library() *docs.Library {
	st.libOnce.Do(func() { st.lib = docs.New(st.Workspace) })
	return st.lib
}

// treemap is the view's map, built on first use.
func (st *state) treemap() *tree {
	st.mapOnce.Do(func() { st.tree = buildTree(st.Store(), st.Memories) })
	return st.tree
}

// findings starts the view's audit when none ran yet, and returns its
// report when it is done (nil while it runs).
func (st *state) findings(ctx context.Context) (*audit.Report, error) {
	st.auditOnce.Do(func() {
		go func() {
			defer close(st.auditDone)
			in := audit.Input{Store: st.Store(), Memories: st.Memories, History: st.History}
			st.report, st.auditErr = audit.Run(context.WithoutCancel(ctx), in, audit.Options{Limit: -1})
		}()
	})
	select {
	case <-st.auditDone:
		return st.report, st.auditErr
	default:
		return nil, nil
	}
}
