package docs_test

import (
	"context"
	"testing"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/workspace"
)

// BenchmarkSearch is gortex search over every scope on the fixture with
// 300 memories in its workspace store, one library answering search after
// search as the MCP server's does from one view. One op is one search.
func BenchmarkSearch(b *testing.B) {
	b.Setenv("XDG_DATA_HOME", b.TempDir())
	ctx := context.Background()
	root := fixturetest.Repo(b)
	store := memory.OpenWorkspace(root)
	for _, m := range fixturetest.Memories(300) {
		m.Scope = memory.ScopeWorkspace
		if _, err := store.Add(ctx, m, memory.AddOptions{Force: true}); err != nil {
			b.Fatal(err)
		}
	}
	w, err := workspace.Open(ctx, root, workspace.Options{Scope: memory.ScopeWorkspace})
	if err != nil {
		b.Fatal(err)
	}
	if n := len(w.Memories.All()); n != 300 {
		b.Fatalf("%d memories loaded, want 300", n)
	}
	lib := docs.New(w)
	texts := []string{"refund3 ledger4", "invoice rounding cents", "retry payment gateway"}
	i := 0
	for b.Loop() {
		if _, err := lib.Search(ctx, texts[i%len(texts)], docs.ScopeAll, 10); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
