package main

import (
	"context"
	"errors"
	"sort"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
)

// cliSymbols is how many of the in-process queries are also asked from the
// command line: a few different symbols, each asked several times.
const cliSymbols = 4

// inProcess loads the index in this process and times the load, the
// staleness check and query.Why over many symbols, with the content index
// as the CLI opens it and without it (the graph walk alone).
func (b *bench) inProcess(ctx context.Context) error {
	progressf(b.log, "in process: index load, staleness check, %d why queries", b.o.inproc)
	var idx *indexer.Index
	for range 3 {
		start := time.Now()
		var err error
		if idx, err = indexer.Load(b.root); err != nil {
			return err
		}
		b.r.loads = append(b.r.loads, time.Since(start))
	}
	for range 5 {
		start := time.Now()
		if idx.Stale() {
			return errors.New("the index is stale right after an update")
		}
		b.r.stales = append(b.r.stales, time.Since(start))
	}
	b.r.manifestFiles = len(idx.Manifest.Files)
	qs := pickQueries(idx.Store, b.o.inproc)
	if len(qs) == 0 {
		return errors.New("the index has no symbols to ask about")
	}
	for i := range cliSymbols {
		b.cliQueries = append(b.cliQueries, qs[i*len(qs)/cliSymbols])
	}
	ci, err := rationale.OpenContentIndex(indexer.ContentDir(idx.Dir))
	if err != nil {
		return err
	}
	defer ci.Close()
	b.r.whyLex = timeWhy(ctx, idx.Store, qs, query.Options{Searcher: ci})
	b.r.whyGraph = timeWhy(ctx, idx.Store, qs, query.Options{})
	return nil
}

// timeWhy times query.Why once per query.
func timeWhy(ctx context.Context, s *graph.Store, qs []string, opts query.Options) []time.Duration {
	out := make([]time.Duration, len(qs))
	for i, q := range qs {
		start := time.Now()
		query.Why(ctx, s, q, opts)
		out[i] = time.Since(start)
	}
	return out
}

// pickQueries returns up to n queries spread evenly over the symbols that
// documents explain (then over the others): each symbol's qualified name
// when it resolves to that symbol alone, else its stable ID.
func pickQueries(s *graph.Store, n int) []string {
	var linked, other []*graph.Node
	for nd := range s.Nodes() {
		switch {
		case !nd.Kind.IsSymbol():
		case len(s.In(nd.ID, graph.EdgeMotivates)) > 0:
			linked = append(linked, nd)
		default:
			other = append(other, nd)
		}
	}
	var out []string
	for _, pool := range [][]*graph.Node{linked, other} {
		sort.Slice(pool, func(i, j int) bool { return pool[i].ID < pool[j].ID })
		take := min(n-len(out), len(pool))
		for k := range take {
			out = append(out, queryFor(s, pool[k*len(pool)/take]))
		}
	}
	return out
}

// queryFor is how a user would ask about nd.
func queryFor(s *graph.Store, nd *graph.Node) string {
	q, err := query.Parse(nd.Qualified)
	if err == nil {
		if got, _, err := query.Resolve(s, q); err == nil && got.ID == nd.ID {
			return nd.Qualified
		}
	}
	return string(nd.ID)
}
