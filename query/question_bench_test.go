package query_test

import (
	"context"
	"testing"

	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
)

// BenchmarkWhyQuestion asks why a question over the fixture's index with
// 300 memories, as a server answers one call after another from one view:
// kept, with the view's memory layer; scoped, with the layer of one scope
// taken for each call, as the MCP server's why does for its scope
// argument. One op is one question.
func BenchmarkWhyQuestion(b *testing.B) {
	idx, ci := loadFixture(b)
	ctx := context.Background()
	layer := rationale.LinkMemories(idx.Store, fixturetest.Memories(300))
	questions := []string{"why does the refund3 keep the ledger4", "how is the invoice rounded to cents",
		"when does a retry give up on the payment gateway"}
	for _, tt := range []struct {
		name   string
		memory func() *rationale.Memories
	}{
		{"kept", func() *rationale.Memories { return layer }},
		{"scoped", func() *rationale.Memories { return layer.Only(memory.ScopeWorkspace) }},
	} {
		b.Run(tt.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				q := questions[i%len(questions)]
				if _, err := query.Why(ctx, idx.Store, query.Classify(idx.Store, q, "", ""),
					query.Options{Searcher: ci, Memories: tt.memory()}); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
