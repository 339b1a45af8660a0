package query_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/textindex"
	"github.com/gortex/gortex/workspace"
)

// whyQueries are fixture symbols of each kind of query: qualified,
// Type.Method, a stable ID, a package, an unknown name.
var whyQueries = []string{
	"billing.Invoice.Finalize",
	"ledger.Record",
	"Budget.Approve",
	"billing/refund.go::IssueRefund",
	"example.com/shop/cart",
	"NoSuchSymbol",
}

// loadFixture indexes a copy of the fixture and loads it as gortex why does,
// with its content index open for lexical matching.
func loadFixture(b *testing.B) (*indexer.Index, *textindex.Index) {
	b.Helper()
	root := filepath.Join(b.TempDir(), "repo")
	if err := os.CopyFS(root, os.DirFS("../testdata/repo")); err != nil {
		b.Fatal(err)
	}
	if _, _, err := indexer.Build(context.Background(), root, workspace.IndexOptions(root, workspace.Options{})); err != nil {
		b.Fatal(err)
	}
	idx, err := indexer.Load(root)
	if err != nil {
		b.Fatal(err)
	}
	ci, err := textindex.OpenReader(indexer.ContentDir(idx.Dir))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ci.Close() })
	return idx, ci
}

// BenchmarkWhy answers why on a loaded index, lexical matching included,
// cycling through whyQueries: one op is one query.
func BenchmarkWhy(b *testing.B) {
	idx, ci := loadFixture(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		query.Why(ctx, idx.Store, query.Classify(idx.Store, whyQueries[i%len(whyQueries)], "", ""), query.Options{Searcher: ci})
		i++
	}
}

// BenchmarkWhyGraph is BenchmarkWhy without the content index: the graph
// walk and ranking alone.
func BenchmarkWhyGraph(b *testing.B) {
	idx, _ := loadFixture(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		query.Why(ctx, idx.Store, query.Classify(idx.Store, whyQueries[i%len(whyQueries)], "", ""), query.Options{})
		i++
	}
}

// BenchmarkWhyTree answers why as the MCP server does on a warm view of an
// indexed repository: $GORTEX_BENCH_WHY is its directory and the query,
// separated by a space (e.g. "/path/to/contour envoy.Clustername"), or
// its directory and @FILE, a file of queries one a line, answered in
// turn. The content and history indexes stay open across queries. It
// reports the process's CPU time per query too: on a shared machine it is
// the steadier figure.
func BenchmarkWhyTree(b *testing.B) {
	dir, q, ok := strings.Cut(os.Getenv("GORTEX_BENCH_WHY"), " ")
	if !ok {
		b.Skip(`GORTEX_BENCH_WHY names no "directory query"`)
	}
	qs := []string{q}
	if list, ok := strings.CutPrefix(q, "@"); ok {
		data, err := os.ReadFile(list)
		if err != nil {
			b.Fatal(err)
		}
		qs = strings.Fields(string(data))
	}
	ctx := context.Background()
	w, err := workspace.Open(ctx, dir, workspace.Options{})
	if err != nil {
		b.Fatal(err)
	}
	qo := w.QueryOptions()
	ci, err := w.OpenContent()
	if err != nil {
		b.Fatal(err)
	}
	defer ci.Close()
	qo.Searcher = ci
	cs := w.OpenCommits()
	defer cs.Close()
	w.WithCommits(&qo, cs)
	i := 0
	cpu := fixturetest.CPUTime()
	for b.Loop() {
		q := qs[i%len(qs)]
		i++
		a, err := query.Why(ctx, w.Store(), query.Classify(w.Store(), q, qo.Root, qo.WorkDir), qo)
		if err != nil || (len(qs) == 1 && a.Status != query.StatusAnswered) {
			b.Fatalf("%s: %v %v", q, a.Status, err)
		}
	}
	b.ReportMetric(float64((fixturetest.CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
