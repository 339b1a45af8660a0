package mcp

import (
	"context"
	"sync"
	"time"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/textindex"
)

// auditState is what the server keeps between audits: the calls view of
// the graph it last audited (rebuilt when a refresh brings a new graph;
// a refresh of the memories alone keeps it), and when a why answer last
// carried each finding.
type auditState struct {
	mu    sync.Mutex
	store *graph.Store
	calls *audit.Calls
	said  map[string]time.Time // symbol ID and finding type → when a why answer carried it
	now   func() time.Time     // nil means time.Now; tests replace it
}

// input is the audit input of snapshot sn, with the shared calls view and
// the history a why answer reads (IndexedHistory over cs, the history
// index): a blame the cache holds, else the commits of the index that
// named the symbol, so that no audit waits for git blame.
func (st *auditState) input(sn *Snapshot, cs *textindex.Commits) (audit.Input, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.store != sn.Store() {
		calls, err := audit.NewCalls(sn.Store())
		if err != nil {
			return audit.Input{}, err
		}
		st.store, st.calls = sn.Store(), calls
	}
	return audit.Input{Store: sn.Store(), Memories: sn.Memories, History: sn.IndexedHistory(cs), Calls: st.calls}, nil
}

// fresh reports whether f may be said now: no why answer carried it in
// the last audit.WhyCooldown. Saying it starts its cooldown.
func (st *auditState) fresh(f *audit.Finding) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	now := time.Now
	if st.now != nil {
		now = st.now
	}
	key := f.Symbol.ID + "\x00" + string(f.Type)
	if last, ok := st.said[key]; ok && now().Sub(last) < audit.WhyCooldown {
		return false
	}
	if st.said == nil {
		st.said = map[string]time.Time{}
	}
	st.said[key] = now()
	return true
}

// addFinding adds to a symbol's why answer at most one audit finding about
// the symbol, unless the same finding was said within the cooldown. A
// failure is logged: the answer stands without it.
func (s *Server) addFinding(ctx context.Context, sn *Snapshot, cs *textindex.Commits, a *query.Answer) {
	if a.Symbol == nil || a.Kind != "" {
		return
	}
	in, err := s.audits.input(sn, cs)
	var f *audit.Finding
	if err == nil {
		f, err = audit.ForSymbol(ctx, in, graph.NodeID(a.Symbol.ID))
	}
	if err != nil {
		s.log.Warn("audit finding for why", "symbol", a.Symbol.ID, "err", err)
		return
	}
	if f != nil && s.audits.fresh(f) {
		a.Finding = f
	}
}
