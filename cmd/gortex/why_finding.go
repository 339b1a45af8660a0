package main

import (
	"context"
	"fmt"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// whyFinding adds to a symbol's answer at most one audit finding about the
// symbol (caution or kudos). A failure is a warning: the answer stands
// without it.
func whyFinding(ctx context.Context, e env, w *workspace.Workspace, a *query.Answer) {
	if a.Symbol == nil || a.Kind != "" {
		return
	}
	f, err := audit.ForSymbol(ctx, audit.Input{Store: w.Store(), Memories: w.Memories, History: w.History}, graph.NodeID(a.Symbol.ID))
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex: warning: no audit finding:", err)
		return
	}
	a.Finding = f
}
