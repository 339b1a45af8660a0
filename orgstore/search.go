package orgstore

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
)

// SearchResult is what a search of the store finds: symbols whose names
// are like the words (pg_trgm), and sections, memories and commits that
// hold them (PostgreSQL's text search), ranked by the one formula with
// the text search's rank as the lexical similarity, as a question is
// ranked in one repository.
type SearchResult struct {
	Query   string            `json:"query"`
	Symbols []query.SymbolRef `json:"symbols"`
	Entries []query.Entry     `json:"entries"`
}

// Search finds text among the repositories g grants (and the
// organisation's memories), at most limit of each kind (0 means 10).
func (st *Store) Search(ctx context.Context, g Grant, text string, limit int) (*SearchResult, error) {
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, MaxLimit)
	res := &SearchResult{Query: text, Symbols: []query.SymbolRef{}, Entries: []query.Entry{}}
	if strings.TrimSpace(text) == "" || query.CheckLength(text) != nil {
		return res, nil
	}
	now := time.Now()
	err := st.read(ctx, g, func(tx querier, ids []int64) error {
		rows, err := tx.Query(ctx, `SELECT `+symbolCols+` FROM symbols s JOIN repos r ON r.id = s.repo_id
			WHERE s.repo_id = ANY($1) AND s.qualified % $2
			ORDER BY similarity(s.qualified, $2) DESC, r.name, s.id LIMIT $3`, ids, text, limit)
		if err != nil {
			return err
		}
		syms, err := scanSymbols(rows)
		if err != nil {
			return err
		}
		for _, s := range syms {
			res.Symbols = append(res.Symbols, s.ref())
		}
		q := anyWords(2)
		// ts_rank_cd with normalisation 32 is rank/(rank+1): in [0,1), as
		// the local lexical similarity is.
		rows, err = tx.Query(ctx, `
			(SELECT 'doc', r.name, s.id, s.path, s.heading, s.line, s.body, s.asset_kind, s.status, s.superseded_by, s.updated,
				ts_rank_cd(s.tsv, `+q+`, 32)
			FROM sections s JOIN repos r ON r.id = s.repo_id
			WHERE s.repo_id = ANY($1) AND s.tsv @@ `+q+` ORDER BY 12 DESC LIMIT $3)
			UNION ALL
			(SELECT 'commit', r.name, 'commit:' || c.hash, '', c.subject, 0, c.body, '', '', '', c.date, ts_rank_cd(c.tsv, `+q+`, 32)
			FROM commits c JOIN repos r ON r.id = c.repo_id
			WHERE c.repo_id = ANY($1) AND c.tsv @@ `+q+` ORDER BY 12 DESC LIMIT $3)`, ids, text, limit)
		if err != nil {
			return err
		}
		for rows.Next() {
			var kind, repo string
			var n graph.Node
			var asset, status, superseded string
			var updated *time.Time
			var sim float32
			if err := rows.Scan(&kind, &repo, &n.ID, &n.Path, &n.Name, &n.Line, &n.Text, &asset, &status, &superseded, &updated, &sim); err != nil {
				rows.Close()
				return err
			}
			n.Kind = graph.NodeKind(kind)
			if updated != nil {
				n.Updated = *updated
			}
			n.SetAttr(rationale.AttrAssetKind, asset)
			n.SetAttr(rationale.AttrStatus, status)
			n.SetAttr(rationale.AttrSupersededBy, superseded)
			e := query.ExternalEntry(query.External{Node: &n, Signal: graph.SignalLexical, Score: float64(sim), Lex: float64(sim)}, now)
			e.Repo = repo
			if n.Kind == graph.KindCommit {
				e.Commit = strings.TrimPrefix(string(n.ID), "commit:")
			}
			res.Entries = append(res.Entries, e)
		}
		rows.Close()
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	mems, err := st.Memories(ctx, g, MemoryQuery{Text: text, Limit: limit})
	if err != nil {
		return nil, err
	}
	for _, m := range mems {
		e := query.ExternalEntry(query.External{Node: &graph.Node{ID: memory.NodeID(memory.ID(m.ID)), Kind: graph.KindMemory,
			Name: m.Title, Text: m.Body, Path: "memory:" + m.ID}, Memory: m.asMemory(), Signal: graph.SignalMemory,
			Score: memory.Score(m.Pinned, m.Importance, m.Confidence)}, now)
		e.Repo = m.Repo
		res.Entries = append(res.Entries, e)
	}
	slices.SortStableFunc(res.Entries, func(a, b query.Entry) int {
		switch {
		case entryBefore(a, b):
			return -1
		case entryBefore(b, a):
			return 1
		}
		return strings.Compare(a.Repo+"\x00"+a.SourceID, b.Repo+"\x00"+b.SourceID)
	})
	if len(res.Entries) > limit {
		res.Entries = res.Entries[:limit]
	}
	return res, nil
}
