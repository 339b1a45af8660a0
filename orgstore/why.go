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

// resolveStep is the statement that finds the symbols text names among
// the repositories the grant ($1, $2) reads, in repo when not "": the
// exact forms (ID, qualified name, a form namesOf gives) first, else the
// qualified names that end with it, else bare names; each form looked for
// only when the one before found nothing. Symbols are preferred to files
// and packages only when both match (symbolsFirst). Each exact form is
// looked up by equality, which an index answers under row-level security.
const resolveStep = `WITH r AS MATERIALIZED (
		SELECT r.id, r.name FROM repos r WHERE ` + grantedRepos + ` AND r.name = $3
		UNION ALL SELECT r.id, r.name FROM repos r WHERE ` + grantedRepos + ` AND $3 = ''),
	exact AS MATERIALIZED (
		SELECT ` + symbolCols + ` FROM (
			SELECT s.repo_id, s.id FROM r JOIN symbols s ON s.repo_id = r.id AND s.id = $4
			UNION SELECT s.repo_id, s.id FROM r JOIN symbols s ON s.repo_id = r.id AND s.qualified = $4
			UNION SELECT n.repo_id, n.symbol_id FROM r JOIN symbol_names n ON n.repo_id = r.id AND n.name = $4) AS k
		JOIN symbols s ON s.repo_id = k.repo_id AND s.id = k.id JOIN r ON r.id = s.repo_id
		ORDER BY r.name, s.id LIMIT 200),
	suffix AS MATERIALIZED (
		SELECT ` + symbolCols + ` FROM symbols s JOIN r ON r.id = s.repo_id
		WHERE NOT EXISTS (SELECT FROM exact) AND (s.qualified LIKE '%.' || $5 OR s.qualified LIKE '%/' || $5)
		ORDER BY r.name, s.id LIMIT 200),
	bare AS (
		SELECT ` + symbolCols + ` FROM symbols s JOIN r ON r.id = s.repo_id
		WHERE NOT EXISTS (SELECT FROM exact) AND NOT EXISTS (SELECT FROM suffix) AND s.name = $4
		ORDER BY r.name, s.id LIMIT 200)
	SELECT * FROM exact UNION ALL SELECT * FROM suffix UNION ALL SELECT * FROM bare ORDER BY 2, 3`

// resolve is the step that finds the symbols text names (resolveStep),
// into *out.
func resolve(g Grant, text, repo string, out *[]symbolRow) step {
	text = strings.TrimSpace(text)
	like := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(text)
	return step{
		// Why's statements are planned once for each connection: left to
		// choose, PostgreSQL plans the sections' statement anew for every
		// why (1 ms, more than it runs), its generic plan costing a hair
		// more than one made for the values.
		setting: `set_config('plan_cache_mode', 'force_generic_plan', true)`,
		queue:   func(b *pgx.Batch) { b.Queue(resolveStep, g.All, nonNil(g.Repos), repo, text, like) },
		scan: func(br pgx.BatchResults) error {
			rows, err := br.Query()
			if err != nil {
				return err
			}
			found, err := scanSymbols(rows)
			if err != nil {
				return err
			}
			*out = symbolsFirst(found)
			return nil
		},
	}
}

// symbolsFirst is the symbols among found, or found when none is a symbol.
func symbolsFirst(found []symbolRow) []symbolRow {
	syms := slices.DeleteFunc(slices.Clone(found), func(s symbolRow) bool { return !graph.NodeKind(s.kind).IsSymbol() })
	if len(syms) > 0 {
		return syms
	}
	return found
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
	// --repo narrows where the symbol is looked for, not where its
	// reasoning may come from.
	var found []symbolRow
	err := st.readSteps(ctx, g, func(tx querier) error {
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
		own, ext, err := entriesOf(ctx, tx, g, sym, now, limit)
		if err != nil {
			return err
		}
		a.Rationale = mergeEntries(own, ext, limit)
		return nil
	}, resolve(g, q.Text, q.Repo, &found))
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

// namedStep is the statement that finds the sections of other
// repositories the grant ($1, $2) reads that name symbol $4 of repository
// $3 or one of its
// containers (type, file, package; up to three up), each with the name,
// the depth of the closest node that has it, and whether it is that
// node's full qualified name. The mentions are found first, through
// their name's index, and only then joined to their sections:
// row-level security's filter on every table hides their sizes from the
// planner, which otherwise walks every granted repository's sections
// (seconds at 200 repositories).
const namedStep = `WITH RECURSIVE chain AS (
		SELECT 0 AS depth, s.id, s.qualified, s.container, s.names FROM symbols s WHERE s.repo_id = $3 AND s.id = $4
		UNION ALL
		SELECT c.depth + 1, s.id, s.qualified, s.container, s.names FROM chain c JOIN symbols s ON s.repo_id = $3 AND s.id = c.container
		WHERE c.container <> '' AND c.depth < 3),
	named AS MATERIALIZED (
		SELECT DISTINCT ON (n) n AS name, c.depth, n = c.qualified AS full FROM chain c, unnest(c.names) AS n ORDER BY n, c.depth),
	m AS MATERIALIZED (
		SELECT repo_id, section_id, name FROM mentions
		WHERE name = ANY (ARRAY(SELECT name FROM named)) AND repo_id <> $3)
	SELECT m.repo_id, r.name, m.name, n.depth, n.full, s.id, s.path, s.heading, s.line, s.end_line, s.asset_kind,
		s.status, s.superseded_by, s.updated
	FROM m JOIN repos r ON r.id = m.repo_id AND ` + grantedRepos + `
		JOIN named n ON n.name = m.name JOIN sections s ON s.repo_id = m.repo_id AND s.id = m.section_id`

// entriesOf are the symbol's answer in its own repository (own) and the
// sections of other granted repositories that name the symbol or one of
// its containers, with the organisation's memories anchored to it (ext),
// ranked, best first, at most limit: read in one round trip, and one more
// for the text of the sections kept. Sections are ranked without their
// text: a name many repositories write (a shared package path) would
// otherwise carry every one of their sections' bodies.
func entriesOf(ctx context.Context, tx querier, g Grant, sym symbolRow, now time.Time, limit int) (own, ext []query.Entry, err error) {
	b := &pgx.Batch{}
	b.Queue(`SELECT entries FROM answers WHERE repo_id = $1 AND symbol_id = $2`, sym.repoID, sym.id)
	b.Queue(namedStep, g.All, nonNil(g.Repos), sym.repoID, sym.id)
	b.Queue(orgMemoriesSQL, append(slices.Clone(sym.names), sym.id, sym.repo+":"+sym.id))
	br := tx.SendBatch(ctx, b)
	var out []*found
	err = func() error {
		var raw []byte
		switch err := br.QueryRow().Scan(&raw); {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return err
		default:
			if err := json.Unmarshal(raw, &own); err != nil {
				return fmt.Errorf("the published answer of %s: %w", sym.id, err)
			}
			for i := range own {
				own[i].Repo = sym.repo
			}
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		if out, err = scanNamed(rows, now); err != nil {
			return err
		}
		rows, err = br.Query()
		if err != nil {
			return err
		}
		mems, err := scanMemories(rows)
		if err != nil {
			return err
		}
		for _, sm := range mems {
			m := sm.asMemory()
			e := query.ExternalEntry(query.External{Node: &graph.Node{ID: memory.NodeID(m.ID), Kind: graph.KindMemory,
				Name: m.Title, Text: m.Body, Path: "memory:" + string(m.ID)}, Memory: m, Signal: graph.SignalMemory,
				Score: memory.Score(m.Pinned, m.Importance, m.Confidence)}, now)
			e.Repo = OrgRepo
			out = append(out, &found{entry: e})
		}
		return nil
	}()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, nil, err
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
		return nil, nil, err
	}
	ext = make([]query.Entry, len(out))
	for i, f := range out {
		ext[i] = f.entry
	}
	return own, ext, nil
}

// scanNamed reads namedStep's rows as entries, one for each section: the
// one through the closest node, the surest name at that depth.
func scanNamed(rows pgx.Rows, now time.Time) ([]*found, error) {
	defer rows.Close()
	bySection := map[string]*found{}
	for rows.Next() {
		var f found
		var name string
		var full bool
		var n graph.Node
		var asset, status, superseded string
		var updated *time.Time
		if err := rows.Scan(&f.repoID, &f.repo, &name, &f.x.Depth, &full, &n.ID, &n.Path, &n.Name, &n.Line, &n.EndLine,
			&asset, &status, &superseded, &updated); err != nil {
			return nil, err
		}
		n.Kind = graph.KindDoc
		if updated != nil {
			n.Updated = *updated
		}
		n.SetAttr(rationale.AttrAssetKind, asset)
		n.SetAttr(rationale.AttrStatus, status)
		n.SetAttr(rationale.AttrSupersededBy, superseded)
		f.x.Node, f.x.Signal, f.x.Score, f.x.Detail = &n, graph.SignalNamed, scoreOf(full), name
		if f.x.Depth > 0 {
			f.x.Signal = graph.SignalMember
		}
		k := f.repo + "\x00" + string(n.ID)
		if old, ok := bySection[k]; !ok || f.x.Depth < old.x.Depth || f.x.Depth == old.x.Depth && f.x.Score > old.x.Score {
			bySection[k] = &f
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]*found, 0, len(bySection))
	for _, f := range bySection {
		f.entry = query.ExternalEntry(f.x, now)
		f.entry.Repo = f.repo
		out = append(out, f)
	}
	return out, nil
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
func readBodies(ctx context.Context, tx querier, fs []*found, now time.Time) error {
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
func scoreOf(full bool) float64 {
	if full {
		return 1.0
	}
	return 0.9
}
