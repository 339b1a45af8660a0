package audit

import (
	"context"
	"math"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// Input is the repository an audit reads: its graph, the memory layer over
// it (stale anchors already marked, as workspace.Open loads it) and its
// history; History nil reads no commits. Calls, when not nil, is the
// calls view of Store, shared between audits of one snapshot.
type Input struct {
	Store    *graph.Store
	Memories *rationale.Memories
	History  History
	Calls    *Calls
}

// Options shape Run.
type Options struct {
	// Paths keeps the findings about code, memories' anchors and documents
	// under these repo-relative paths (files or directories); none keeps all.
	Paths []string
	// Limit is the number of findings returned; 0 means DefaultLimit, and
	// a negative limit returns every finding.
	Limit int
	// Progress, when not nil, is told now and then how many of the
	// symbols have been judged, and once when all have.
	Progress func(done, total int)
}

// Run audits the repository: every finding, most important first (cautions
// before kudos; by type in the order of Types; then by what rests on the
// symbol), cut to the limit. Only ctx's cancellation makes it fail.
func Run(ctx context.Context, in Input, o Options) (*Report, error) {
	calls, err := in.calls()
	if err != nil {
		return nil, err
	}
	var all []Finding
	var weights []int
	b := newBlamer(in.History)
	syms := symbols(in.Store)
	for i, n := range syms {
		if i%256 == 0 {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if o.Progress != nil {
				o.Progress(i, len(syms))
			}
		}
		if !under(n.Path, o.Paths) {
			continue
		}
		l, ok := calls.loadOf(n)
		if !ok {
			continue
		}
		for _, f := range judge(ctx, in, b, n, l) {
			all, weights = append(all, f), append(weights, l.dependents)
		}
	}
	if o.Progress != nil {
		o.Progress(len(syms), len(syms))
	}
	for _, a := range staleAnchors(in.Memories.All()) {
		if f := stale(a); under(f.Symbol.Path, o.Paths) {
			all, weights = append(all, f), append(weights, 0)
		}
	}
	for _, d := range danglingRefs(in.Store) {
		if under(d.sec.Path, o.Paths) {
			all, weights = append(all, danglingFinding(d)), append(weights, 0)
		}
	}
	r := report(len(syms), all, weights, o.Limit)
	r.NotAnalysed = unanalysed(syms)
	return r, ctx.Err()
}

// ForSymbol returns at most one finding about the code node id, for a why
// answer: the first of unexplained_load_bearing, weak_basis,
// superseded_only and grounded that holds. A symbol that is not
// load-bearing has none.
func ForSymbol(ctx context.Context, in Input, id graph.NodeID) (*Finding, error) {
	n, ok := in.Store.Node(id)
	if !ok || !n.Kind.IsSymbol() || !maybeLoaded(in.Store, n) {
		return nil, nil
	}
	calls := in.Calls
	if calls == nil {
		calls = localCalls(in.Store)
	}
	l, ok := calls.loadOf(n)
	if !ok {
		return nil, nil
	}
	if fs := judge(ctx, in, newBlamer(in.History), n, l); len(fs) > 0 {
		return &fs[0], nil
	}
	return nil, nil
}

func (in Input) calls() (*Calls, error) {
	if in.Calls != nil {
		return in.Calls, nil
	}
	return NewCalls(in.Store)
}

// judge returns the findings about load-bearing n, cautions first.
func judge(ctx context.Context, in Input, b *blamer, n *graph.Node, l load) []Finding {
	rs := reasonsOf(in.Store, in.Memories, n)
	switch {
	case len(rs) == 0:
		if selfExplained(in.Store, n) || b.explained(ctx, n) {
			return nil
		}
		return []Finding{unexplained(n, l)}
	case !anyLive(rs):
		return []Finding{supersededOnly(n, l, rs)}
	}
	var out []Finding
	if r, ok := weak(rs); ok {
		out = append(out, weakBasis(n, l, r))
	}
	if r, ok := grounding(rs); ok {
		out = append(out, grounded(n, l, r))
	}
	return out
}

// symbols returns the code symbols of s in ID order, so that a report
// does not depend on the order the index was built in.
func symbols(s *graph.Store) []*graph.Node {
	var out []*graph.Node
	for n := range s.Nodes() {
		if n.Kind.IsSymbol() {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// under reports whether the repo-relative path p is one of paths or in one
// of them; no paths hold everything.
func under(p string, paths []string) bool {
	if len(paths) == 0 {
		return true
	}
	for _, q := range paths {
		q = path.Clean(q)
		if q == "." || p == q || strings.HasPrefix(p, q+"/") {
			return true
		}
	}
	return false
}

// report orders the findings, counts them and cuts them to limit.
func report(symbols int, all []Finding, weights []int, limit int) *Report {
	idx := make([]int, len(all))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		fa, fb := &all[idx[a]], &all[idx[b]]
		if fa.Severity != fb.Severity {
			return fa.Severity == SeverityCaution
		}
		if ta, tb := slices.Index(Types, fa.Type), slices.Index(Types, fb.Type); ta != tb {
			return ta < tb
		}
		if wa, wb := weights[idx[a]], weights[idx[b]]; wa != wb {
			return wa > wb
		}
		return fa.Evidence.Callers > fb.Evidence.Callers
	})
	r := &Report{Symbols: symbols, Total: len(all), Findings: []Finding{}}
	for _, t := range Types {
		r.ByType = append(r.ByType, TypeCount{Type: t, Severity: t.Severity()})
	}
	for _, f := range all {
		r.ByType[slices.Index(Types, f.Type)].Count++
	}
	if r.Symbols > 0 {
		r.PerThousand = math.Round(10000*float64(r.Total)/float64(r.Symbols)) / 10
	}
	if limit == 0 {
		limit = DefaultLimit
	}
	for _, i := range idx {
		if limit > 0 && len(r.Findings) == limit {
			break
		}
		r.Findings = append(r.Findings, all[i])
	}
	r.Count = len(r.Findings)
	return r
}
