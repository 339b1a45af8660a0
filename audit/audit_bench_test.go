package audit_test

import (
	"context"
	"os"
	"testing"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/workspace"
)

// BenchmarkAuditTree audits an indexed repository as the MCP audit tool
// does on a warm view: $GORTEX_BENCH_AUDIT is its directory. The calls
// view is made once (the server keeps it per graph) and the history is the
// one why reads (Workspace.IndexedHistory): a blame the cache holds, else
// the history index.
func BenchmarkAuditTree(b *testing.B) {
	dir := os.Getenv("GORTEX_BENCH_AUDIT")
	if dir == "" {
		b.Skip("GORTEX_BENCH_AUDIT names no indexed repository")
	}
	ctx := context.Background()
	w, err := workspace.Open(ctx, dir, workspace.Options{})
	if err != nil {
		b.Fatal(err)
	}
	cs := w.OpenCommits()
	defer cs.Close()
	calls, err := audit.NewCalls(w.Store())
	if err != nil {
		b.Fatal(err)
	}
	in := audit.Input{Store: w.Store(), Memories: w.Memories, History: w.IndexedHistory(cs), Calls: calls}
	for b.Loop() {
		if _, err := audit.Run(ctx, in, audit.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
