package orgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
)

// WhyQuery is a why asked of the store.
type WhyQuery struct {
	Text  string    // a symbol: qualified name, a form namesOf gives, a stable ID, Type.Method, a name
	Repo  string    // the repository to look in; "" for every one granted
	Limit int       // entries at most; 0 means query.DefaultLimit, at most MaxLimit
	Now   time.Time // the time recency is measured from; zero means now
}

// symbolRow is a symbol as read back.
type symbolRow struct {
	repoID                         int64
	repo                           string
	id, qualified, kind, path, doc string
	line                           int
	container                      string
	names                          []string
}

const symbolCols = `s.repo_id, r.name, s.id, s.qualified, s.kind, s.path, s.doc, s.line, s.container, s.names`

func scanSymbols(rows pgx.Rows) ([]symbolRow, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (symbolRow, error) {
		var s symbolRow
		err := r.Scan(&s.repoID, &s.repo, &s.id, &s.qualified, &s.kind, &s.path, &s.doc, &s.line, &s.container, &s.names)
		return s, err
	})
}

func (s symbolRow) ref() query.SymbolRef {
	return query.SymbolRef{ID: s.id, Qualified: s.qualified, Kind: s.kind, Path: s.path, Line: s.line, Repo: s.repo}
}

// resolve finds the symbols text names among the granted repositories:
// the exact forms (ID, qualified name, a form namesOf gives) first, else
// the qualified names that end with it, else bare names. Symbols are
// preferred to files and packages only when both match.
func resolve(ctx context.Context, tx pgx.Tx, ids []int64, text, repo string) ([]symbolRow, error) {
	text = strings.TrimSpace(text)
	like := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(text)
	steps := []struct {
		where string
		arg   string
	}{
		{`s.id = $2 OR s.qualified = $2 OR s.names @> ARRAY[$2]`, text},
		{`s.qualified LIKE '%.' || $2 OR s.qualified LIKE '%/' || $2`, like},
		{`s.name = $2`, text},
	}
	for _, step := range steps {
		rows, err := tx.Query(ctx, `SELECT `+symbolCols+` FROM symbols s JOIN repos r ON r.id = s.repo_id
			WHERE s.repo_id = ANY($1) AND ($3 = '' OR r.name = $3) AND (`+step.where+`) ORDER BY r.name, s.id LIMIT 200`, ids, step.arg, repo)
		if err != nil {
			return nil, err
		}
		found, err := scanSymbols(rows)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			continue
		}
		syms := slices.DeleteFunc(slices.Clone(found), func(s symbolRow) bool { return !graph.NodeKind(s.kind).IsSymbol() })
		if len(syms) > 0 {
			return syms, nil
		}
		return found, nil
	}
	return nil, nil
}

// Why answers q from the store, as gortex why answers in the symbol's
// repository, with the reasoning of every other granted repository that
// names the symbol (or its type, file or package), and the organisation's
// memories anchored to it, merged by the one rank formula. Each entry
// says the repository it lives in.
func (st *Store) Why(ctx context.Context, g Grant, q WhyQuery) (*query.Answer, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = query.DefaultLimit
	}
	limit = min(limit, MaxLimit)
	now := q.Now
	if now.IsZero() {
		now = time.Now()
	}
	a := &query.Answer{Query: q.Text, Candidates: []query.SymbolRef{}, Rationale: []query.Entry{}}
	if err := query.CheckLength(q.Text); err != nil || strings.TrimSpace(q.Text) == "" {
		a.Status, a.Note = query.StatusBadQuery, "give a symbol, such as billing/invoice.Finalize"
		return a, nil
	}
	err := st.read(ctx, g, func(tx pgx.Tx, ids []int64) error {
		// --repo narrows where the symbol is looked for, not where its
		// reasoning may come from.
		found, err := resolve(ctx, tx, ids, q.Text, q.Repo)
		if err != nil {
			return err
		}
		switch len(found) {
		case 0:
			a.Status, a.Note = query.StatusUnknown, fmt.Sprintf("no published symbol is named %q in the repositories this token may read", q.Text)
			return nil
		case 1:
		default:
			for _, s := range found[:min(len(found), limit)] {
				a.Candidates = append(a.Candidates, s.ref())
			}
			a.TotalCandidates = len(found)
			a.Status = query.StatusAmbiguous
			a.Note = fmt.Sprintf("%q names %d symbols; ask again with one of the candidates' qualified names or IDs, or --repo", q.Text, len(found))
			return nil
		}
		sym := found[0]
		ref := sym.ref()
		ref.Doc = sym.doc
		a.Symbol = &ref
		own, err := ownEntries(ctx, tx, sym)
		if err != nil {
			return err
		}
		ext, err := externalEntries(ctx, tx, ids, sym, now, limit)
		if err != nil {
			return err
		}
		a.Rationale = mergeEntries(own, ext, limit)
		return nil
	})
	if err != nil {
		return nil, err
	}
	a.Count = len(a.Rationale)
	if a.Symbol != nil && a.Count == 0 {
		a.Note = fmt.Sprintf("no document of a published repository explains %s yet", a.Symbol.Qualified)
	}
	return a, nil
}

// narrow is g limited to repository repo (nothing when g does not grant it).
func narrow(g Grant, repo string) Grant {
	if g.All || slices.Contains(g.Repos, repo) {
		return Grant{Repos: []string{repo}}
	}
	return Grant{Repos: []string{}}
}

// ownEntries are the symbol's answer in its own repository.
func ownEntries(ctx context.Context, tx pgx.Tx, sym symbolRow) ([]query.Entry, error) {
	var raw []byte
	err := tx.QueryRow(ctx, `SELECT entries FROM answers WHERE repo_id = $1 AND symbol_id = $2`, sym.repoID, sym.id).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var es []query.Entry
	if err := json.Unmarshal(raw, &es); err != nil {
		return nil, fmt.Errorf("the published answer of %s: %w", sym.id, err)
	}
	for i := range es {
		es[i].Repo = sym.repo
	}
	return es, nil
}

// chain is the symbol and its containers (type, file, package), each with
// the names another repository may write it in.
func chain(ctx context.Context, tx pgx.Tx, sym symbolRow) ([]symbolRow, error) {
	out := []symbolRow{sym}
	for cur := sym; cur.container != "" && len(out) < 4; {
		rows, err := tx.Query(ctx, `SELECT `+symbolCols+` FROM symbols s JOIN repos r ON r.id = s.repo_id
			WHERE s.repo_id = $1 AND s.id = $2`, sym.repoID, cur.container)
		if err != nil {
			return nil, err
		}
		found, err := scanSymbols(rows)
		if err != nil || len(found) == 0 {
			return out, err
		}
		cur = found[0]
		out = append(out, cur)
	}
	return out, nil
}

// externalEntries are the sections of other granted repositories that
// name the symbol or one of its containers, and the organisation's
// memories anchored to it, ranked, best first, at most limit. Sections
// are ranked without their text, which only the kept ones are read for:
// a name many repositories write (a shared package path) would otherwise
// carry every one of their sections' bodies.
func externalEntries(ctx context.Context, tx pgx.Tx, ids []int64, sym symbolRow, now time.Time, limit int) ([]query.Entry, error) {
	nodes, err := chain(ctx, tx, sym)
	if err != nil {
		return nil, err
	}
	depthOf := map[string]int{}
	var names []string
	for d := len(nodes) - 1; d >= 0; d-- { // the closest node's depth wins
		for _, n := range nodes[d].names {
			depthOf[n] = d
		}
	}
	for n := range depthOf {
		names = append(names, n)
	}
	slices.Sort(names)
	// The mentions are found first, through their name's index, and only
	// then joined to their sections: row-level security's filter on every
	// table hides their sizes from the planner, which otherwise walks
	// every granted repository's sections (seconds at 200 repositories).
	rows, err := tx.Query(ctx, `WITH m AS MATERIALIZED (
			SELECT repo_id, section_id, name FROM mentions
			WHERE name = ANY($1) AND repo_id = ANY($2) AND repo_id <> $3)
		SELECT m.repo_id, r.name, m.name, s.id, s.path, s.heading, s.line, s.end_line, s.asset_kind,
			s.status, s.superseded_by, s.updated
		FROM m JOIN sections s ON s.repo_id = m.repo_id AND s.id = m.section_id JOIN repos r ON r.id = m.repo_id`, names, ids, sym.repoID)
	if err != nil {
		return nil, err
	}
	bySection := map[string]*found{}
	for rows.Next() {
		var f found
		var name string
		var n graph.Node
		var asset, status, superseded string
		var updated *time.Time
		if err := rows.Scan(&f.repoID, &f.repo, &name, &n.ID, &n.Path, &n.Name, &n.Line, &n.EndLine, &asset, &status, &superseded, &updated); err != nil {
			rows.Close()
			return nil, err
		}
		n.Kind = graph.KindDoc
		if updated != nil {
			n.Updated = *updated
		}
		n.SetAttr(rationale.AttrAssetKind, asset)
		n.SetAttr(rationale.AttrStatus, status)
		n.SetAttr(rationale.AttrSupersededBy, superseded)
		d := depthOf[name]
		f.x = query.External{Node: &n, Signal: graph.SignalNamed, Score: scoreOf(nodes[d], name), Detail: name, Depth: d}
		if d > 0 {
			f.x.Signal = graph.SignalMember
		}
		k := f.repo + "\x00" + string(n.ID)
		if old, ok := bySection[k]; !ok || f.x.Depth < old.x.Depth || f.x.Depth == old.x.Depth && f.x.Score > old.x.Score {
			bySection[k] = &f
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var out []*found
	for _, f := range bySection {
		f.entry = query.ExternalEntry(f.x, now)
		f.entry.Repo = f.repo
		out = append(out, f)
	}
	mems, err := orgMemories(ctx, tx, append(slices.Clone(nodes[0].names), nodes[0].id, sym.repo+":"+nodes[0].id))
	if err != nil {
		return nil, err
	}
	for _, m := range mems {
		e := query.ExternalEntry(query.External{Node: &graph.Node{ID: memory.NodeID(m.ID), Kind: graph.KindMemory,
			Name: m.Title, Text: m.Body, Path: "memory:" + string(m.ID)}, Memory: m, Signal: graph.SignalMemory,
			Score: memory.Score(m.Pinned, m.Importance, m.Confidence)}, now)
		e.Repo = OrgRepo
		out = append(out, &found{entry: e})
	}
	slices.SortStableFunc(out, func(a, b *found) int {
		switch {
		case entryBefore(a.entry, b.entry):
			return -1
		case entryBefore(b.entry, a.entry):
			return 1
		}
		return strings.Compare(a.entry.Repo+"\x00"+a.entry.SourceID, b.entry.Repo+"\x00"+b.entry.SourceID)
	})
	out = out[:min(len(out), limit)]
	if err := readBodies(ctx, tx, out, now); err != nil {
		return nil, err
	}
	entries := make([]query.Entry, len(out))
	for i, f := range out {
		entries[i] = f.entry
	}
	return entries, nil
}

// found is a section of another repository that names the symbol, or
// an organisation's memory (x.Node nil), with its entry.
type found struct {
	repoID int64
	repo   string
	x      query.External
	entry  query.Entry
}

// readBodies reads the text of the sections among fs, in one query, and
// makes their entries again with it (the excerpt is cut from the text;
// the rank does not read it).
func readBodies(ctx context.Context, tx pgx.Tx, fs []*found, now time.Time) error {
	var repoIDs []int64
	var sectionIDs []string
	for _, f := range fs {
		if f.x.Node != nil {
			repoIDs, sectionIDs = append(repoIDs, f.repoID), append(sectionIDs, string(f.x.Node.ID))
		}
	}
	if len(repoIDs) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `SELECT s.repo_id, s.id, s.body FROM unnest($1::bigint[], $2::text[]) AS k(repo_id, id)
		JOIN sections s ON s.repo_id = k.repo_id AND s.id = k.id`, repoIDs, sectionIDs)
	if err != nil {
		return err
	}
	type key struct {
		repo int64
		id   string
	}
	body := map[key]string{}
	for rows.Next() {
		var k key
		var b string
		if err := rows.Scan(&k.repo, &k.id, &b); err != nil {
			rows.Close()
			return err
		}
		body[k] = b
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, f := range fs {
		if f.x.Node != nil {
			f.x.Node.Text = body[key{f.repoID, string(f.x.Node.ID)}]
			f.entry = query.ExternalEntry(f.x, now)
			f.entry.Repo = f.repo
		}
	}
	return nil
}

// OrgRepo is what an entry of the organisation's own memories says for
// its repository.
const OrgRepo = "(organisation)"

// scoreOf is how sure a name makes a cross-repository link: the full
// qualified name 1.0, a shorter form of it 0.9.
func scoreOf(n symbolRow, name string) float64 {
	if name == n.qualified {
		return 1.0
	}
	return 0.9
}
