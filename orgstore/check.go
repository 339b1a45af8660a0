package orgstore

import (
	"context"
	"fmt"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/query"
)

// checkLimit bounds the entries kept per touched symbol, as change.Check does.
const checkLimit = 8

// Check maps a diff against repository repo's published commit onto its
// published symbols (the old side of each hunk: the lines as published)
// and returns each touched symbol with the reasoning of every granted
// repository that governs it, those with reasoning first.
func (st *Store) Check(ctx context.Context, g Grant, repo string, diffs []history.FileDiff) (*change.Report, error) {
	r := &change.Report{Files: []string{}, Symbols: []change.Touched{}, Documents: []change.FileDocs{}}
	type touched struct{ id, path string }
	var hit []touched
	err := st.read(ctx, narrow(g, repo), func(tx querier, ids []int64) error {
		if len(ids) == 0 {
			return fmt.Errorf("no published repository %s that this token may read", repo)
		}
		var base string
		if err := tx.QueryRow(ctx, `SELECT commit FROM repos WHERE id = $1`, ids[0]).Scan(&base); err != nil {
			return err
		}
		r.Base = base
		for _, fd := range diffs {
			r.Files = append(r.Files, fd.Path())
			if fd.OldPath == "" {
				continue
			}
			for _, h := range fd.Hunks {
				lo, hi := h.OldStart, h.OldStart+max(h.OldLines, 1)-1
				rows, err := tx.Query(ctx, `SELECT id, kind FROM symbols WHERE repo_id = $1 AND path = $2
					AND line <= $4 AND end_line >= $3 AND line > 0 ORDER BY line, id`, ids[0], fd.OldPath, lo, hi)
				if err != nil {
					return err
				}
				for rows.Next() {
					var id, kind string
					if err := rows.Scan(&id, &kind); err != nil {
						rows.Close()
						return err
					}
					if graph.NodeKind(kind).IsSymbol() {
						hit = append(hit, touched{id, fd.OldPath})
					}
				}
				rows.Close()
				if err := rows.Err(); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var governed, rest []change.Touched
	for _, t := range hit {
		if seen[t.id] {
			continue
		}
		seen[t.id] = true
		a, err := st.Why(ctx, g, WhyQuery{Text: t.id, Repo: repo, Limit: checkLimit})
		if err != nil {
			return nil, err
		}
		if a.Symbol == nil {
			continue
		}
		tc := change.Touched{SymbolRef: *a.Symbol, Change: "changed", Reasoning: a.Rationale}
		if len(a.Rationale) > 0 {
			tc.Binding = bindingOf(a.Rationale)
			governed = append(governed, tc)
		} else {
			rest = append(rest, tc)
		}
	}
	r.Symbols = append(governed, rest...)
	r.Count, r.Governed = len(r.Symbols), len(governed)
	if r.Count == 0 {
		r.Note = "the diff touches no published symbol"
	}
	return r, nil
}

// bindingOf is the most binding kind of reasoning among es: a memory's
// kind, else the best entry's document kind.
func bindingOf(es []query.Entry) string {
	for _, e := range es {
		if e.Kind == query.EntryMemory && e.RationaleKind != "" {
			return e.RationaleKind
		}
	}
	return es[0].AssetKind
}
