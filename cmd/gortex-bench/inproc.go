package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/textindex"
)

// cliSymbols is how many of the in-process queries are also asked from the
// command line: a few different symbols, each asked several times.
const cliSymbols = 4

// inProcess measures a loaded index in a child process: the load, the
// staleness check and query.Why over many symbols. A child, because every
// later child would otherwise report this process's peak RSS as its own:
// they start by sharing its memory (vfork), and Linux keeps that
// high-water mark across exec.
func (b *bench) inProcess(ctx context.Context) error {
	progressf(b.log, "in process: index load, staleness check, %d why queries", b.o.inproc)
	self, err := os.Executable()
	if err != nil {
		return err
	}
	c, err := mustSucceed(ctx, self, "-child", modeInProcess, "-dir", b.root, "-inproc", strconv.Itoa(b.o.inproc))
	if err != nil {
		return err
	}
	var m inProcessResult
	if err := json.Unmarshal([]byte(c.stdout), &m); err != nil {
		return fmt.Errorf("in-process child: %w", err)
	}
	b.r.loads, b.r.stales, b.r.whyLex, b.r.whyGraph = m.Loads, m.Stales, m.WhyLex, m.WhyGraph
	b.r.manifestFiles = m.ManifestFiles
	for i := range min(cliSymbols, len(m.Picked)) {
		p := m.Picked[i*len(m.Picked)/cliSymbols]
		b.cliQueries = append(b.cliQueries, p.Query)
		b.cliIDs = append(b.cliIDs, p.ID)
	}
	return nil
}

// inProcessResult is what the in-process child reports.
type inProcessResult struct {
	Loads, Stales, WhyLex, WhyGraph []time.Duration
	ManifestFiles                   int
	Picked                          []pickedQuery
}

// pickedQuery is one query the children ask, with its symbol.
type pickedQuery struct {
	Query, ID, Path string
	Line, EndLine   int
}

// modePick is the child that only loads an index and prints the queries
// pickQueries picks.
const modePick = "pick"

// pick returns up to n queries of root's index, from a child process.
func (b *bench) pick(ctx context.Context, root string, n int) ([]pickedQuery, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	c, err := mustSucceed(ctx, self, "-child", modePick, "-dir", root, "-inproc", strconv.Itoa(n))
	if err != nil {
		return nil, err
	}
	var ps []pickedQuery
	if err := json.Unmarshal([]byte(c.stdout), &ps); err != nil {
		return nil, fmt.Errorf("pick child: %w", err)
	}
	return ps, nil
}

// runPickChild prints the queries picked from root's index as JSON.
func runPickChild(root string, n int, stdout io.Writer) error {
	idx, err := indexer.Load(root)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(pickQueries(idx.Store, n))
}

// runInProcessChild loads root's index and times the load, the staleness
// check and n why queries, with the content index as the CLI opens it and
// without it (the graph walk alone); it prints the result as JSON.
func runInProcessChild(ctx context.Context, root string, n int, stdout io.Writer) error {
	var r inProcessResult
	var idx *indexer.Index
	for range 3 {
		start := time.Now()
		var err error
		if idx, err = indexer.Load(root); err != nil {
			return err
		}
		r.Loads = append(r.Loads, time.Since(start))
	}
	for range 5 {
		start := time.Now()
		if idx.Stale(indexer.CheckAll) {
			return errors.New("the index is stale right after an update")
		}
		r.Stales = append(r.Stales, time.Since(start))
	}
	r.ManifestFiles = idx.Manifest.FileCount()
	r.Picked = pickQueries(idx.Store, n)
	if len(r.Picked) == 0 {
		return errors.New("the index has no symbols to ask about")
	}
	qs := make([]string, len(r.Picked))
	for i, p := range r.Picked {
		qs[i] = p.Query
	}
	ci, err := textindex.OpenReader(indexer.ContentDir(idx.Dir))
	if err != nil {
		return err
	}
	defer ci.Close()
	r.WhyLex = timeWhy(ctx, idx.Store, qs, query.Options{Searcher: ci})
	r.WhyGraph = timeWhy(ctx, idx.Store, qs, query.Options{})
	return json.NewEncoder(stdout).Encode(r)
}

// timeWhy times query.Why once per query.
func timeWhy(ctx context.Context, s *graph.Store, qs []string, opts query.Options) []time.Duration {
	out := make([]time.Duration, len(qs))
	for i, q := range qs {
		start := time.Now()
		query.Why(ctx, s, query.Classify(s, q, opts.Root, opts.WorkDir), opts)
		out[i] = time.Since(start)
	}
	return out
}

// pickQueries returns up to n queries spread evenly over the symbols that
// documents explain (then over the others): each symbol's qualified name
// when it resolves to that symbol alone, else its stable ID.
func pickQueries(s *graph.Store, n int) []pickedQuery {
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
	var out []pickedQuery
	for _, pool := range [][]*graph.Node{linked, other} {
		sort.Slice(pool, func(i, j int) bool { return pool[i].ID < pool[j].ID })
		take := min(n-len(out), len(pool))
		for k := range take {
			nd := pool[k*len(pool)/take]
			out = append(out, pickedQuery{Query: queryFor(s, nd), ID: string(nd.ID), Path: nd.Path, Line: nd.Line, EndLine: nd.EndLine})
		}
	}
	return out
}

// queryFor is how a user would ask about nd.
func queryFor(s *graph.Store, nd *graph.Node) string {
	if got := query.ResolveText(s, nd.Qualified).Node; got != nil && got.ID == nd.ID {
		return nd.Qualified
	}
	return string(nd.ID)
}
