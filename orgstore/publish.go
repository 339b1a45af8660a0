package orgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Repo names a published repository: its name (its remote's URL without
// the scheme, or a name given), the remote, and the commit published.
type Repo struct {
	Name, Remote, Commit string
}

// ShortName is the last element of a repository's name: what a path
// qualified with the repository's name starts with ("billing" of
// "github.com/acme/billing").
func ShortName(name string) string {
	return path.Base(strings.TrimSuffix(strings.TrimRight(name, "/"), ".git"))
}

// PublishStats say what a publish wrote.
type PublishStats struct {
	Generation       int64
	Written, Deleted int // rows
	Unchanged        int // rows already as published
	Took             time.Duration
}

// row is one row to write: its key, the hash of its values, the values in
// the table's column order (after repo_id).
type row struct {
	key  string
	hash []byte
	vals []any
}

// table is how a publish writes one table: its columns (after repo_id),
// the expression of a row's key, and its rows' hashes as stored.
type table struct {
	name    string
	cols    []string
	keyExpr string
	hashCol string // "" when the key is the whole row
	filter  string // a condition on the rows a publish owns; "" for all of the repository's
}

var tables = []table{
	{"symbols", []string{"id", "qualified", "name", "kind", "path", "line", "end_line", "container", "doc", "names", "hash"}, "id", "hash", ""},
	{"sections", []string{"id", "path", "heading", "line", "end_line", "asset_kind", "status", "superseded_by", "updated", "body", "context", "hash"}, "id", "hash", ""},
	{"links", []string{"section_id", "target_id", "signal", "score", "detail", "hash"}, "section_id || E'\\x1f' || target_id || E'\\x1f' || signal", "hash", ""},
	{"mentions", []string{"section_id", "name"}, "section_id || E'\\x1f' || name", "", ""},
	{"answers", []string{"symbol_id", "entries", "hash"}, "symbol_id", "hash", ""},
	{"memories", []string{"id", "title", "body", "kind", "anchors", "importance", "confidence", "basis", "pinned", "author", "created", "updated", "superseded_by", "hash"}, "id", "hash", "origin = 'file'"},
	{"commits", []string{"hash", "subject", "body", "author", "date"}, "hash", "", ""},
	{"symbol_names", []string{"symbol_id", "name"}, "symbol_id || E'\\x1f' || name", "", ""},
}

// rowsOf turns snap into the rows of each table, in tables' order.
func rowsOf(snap *Snapshot, short string) [][]row {
	out := make([][]row, len(tables))
	own := map[string]bool{}
	for _, s := range snap.Symbols {
		names := namesOf(s, short)
		for _, n := range names {
			own[n] = true
		}
		h := hashOf([]any{s, names})
		out[0] = append(out[0], row{s.ID, h, []any{s.ID, s.Qualified, s.Name, s.Kind, s.Path, s.Line, s.EndLine, s.Container, s.Doc, names, h}})
		for _, n := range names {
			out[7] = append(out[7], row{s.ID + "\x1f" + n, nil, []any{s.ID, n}})
		}
	}
	for _, s := range snap.Sections {
		h := hashOf(s)
		out[1] = append(out[1], row{s.ID, h, []any{s.ID, s.Path, s.Heading, s.Line, s.EndLine, s.AssetKind, s.Status, s.SupersededBy,
			timeOrNil(s.Updated), s.Body, "", h}})
	}
	seen := map[string]bool{}
	for _, l := range snap.Links {
		k := l.Section + "\x1f" + l.Target + "\x1f" + l.Signal
		if seen[k] {
			continue
		}
		seen[k] = true
		h := hashOf(l)
		out[2] = append(out[2], row{k, h, []any{l.Section, l.Target, l.Signal, float32(l.Score), l.Detail, h}})
	}
	for _, m := range snap.Mentions {
		// A name that is one of the repository's own symbols' names
		// means its own symbol, which its own index links; it is not a
		// mention of another repository's.
		if own[m.Name] {
			continue
		}
		k := m.Section + "\x1f" + m.Name
		out[3] = append(out[3], row{k, nil, []any{m.Section, m.Name}})
	}
	for _, a := range snap.Answers {
		b, _ := json.Marshal(a.Entries)
		h := hashOf(json.RawMessage(b))
		out[4] = append(out[4], row{a.Symbol, h, []any{a.Symbol, json.RawMessage(b), h}})
	}
	for _, m := range snap.Memories {
		h := hashOf(m)
		out[5] = append(out[5], row{m.ID, h, []any{m.ID, m.Title, m.Body, m.Kind, nonNil(m.Anchors), m.Importance, float32(m.Confidence),
			m.Basis, m.Pinned, m.Author, m.Created, m.Updated, m.SupersededBy, h}})
	}
	for _, c := range snap.Commits {
		out[6] = append(out[6], row{c.Hash, nil, []any{c.Hash, c.Subject, c.Body, c.Author, timeOrNil(c.Date)}})
	}
	return out
}

func timeOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// repoLock is the advisory lock a publish or removal of one repository
// holds for its transaction: two publishes of one repository run one
// after the other, the second writing what differs from the first.
const repoLock = `SELECT pg_advisory_xact_lock(hashtextextended('gortex.repo:' || $1, 0))`

// Publish writes snap as repository r's index, in one transaction: rows
// that did not change are left alone, the others deleted and written, so
// a reader sees the previous version or this one, never part of each. A
// publish of the same repository waits for one under way.
func (st *Store) Publish(ctx context.Context, r Repo, snap *Snapshot) (PublishStats, error) {
	start := time.Now()
	var stats PublishStats
	if strings.TrimSpace(r.Name) == "" {
		return stats, fmt.Errorf("a published repository needs a name")
	}
	all := rowsOf(snap, ShortName(r.Name))
	err := pgx.BeginFunc(ctx, st.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT set_config('gortex.all', 'on', true)`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, repoLock, r.Name); err != nil {
			return err
		}
		var id int64
		err := tx.QueryRow(ctx, `INSERT INTO repos (name) VALUES ($1)
			ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`, r.Name).Scan(&id)
		if err != nil {
			return err
		}
		for i, t := range tables {
			w, d, u, err := writeTable(ctx, tx, t, id, all[i])
			if err != nil {
				return fmt.Errorf("%s: %w", t.name, err)
			}
			stats.Written += w
			stats.Deleted += d
			stats.Unchanged += u
		}
		return tx.QueryRow(ctx, `UPDATE repos SET remote = $2, commit = $3, modules = $4, published_at = now(),
			generation = generation + 1 WHERE id = $1 RETURNING generation`, id, r.Remote, r.Commit, nonNil(snap.Modules)).Scan(&stats.Generation)
	})
	stats.Took = time.Since(start)
	return stats, err
}

// writeTable makes t's rows of repository id what rows says: it deletes
// the rows gone or changed and copies in the changed and new ones.
func writeTable(ctx context.Context, tx pgx.Tx, t table, id int64, rows []row) (written, deleted, unchanged int, err error) {
	hashCol := t.hashCol
	if hashCol == "" {
		hashCol = "NULL::bytea"
	}
	have := map[string][]byte{}
	filter := "true"
	if t.filter != "" {
		filter = t.filter
	}
	rs, err := tx.Query(ctx, fmt.Sprintf(`SELECT %s, %s FROM %s WHERE repo_id = $1 AND %s`, t.keyExpr, hashCol, t.name, filter), id)
	if err != nil {
		return 0, 0, 0, err
	}
	for rs.Next() {
		var k string
		var h []byte
		if err := rs.Scan(&k, &h); err != nil {
			rs.Close()
			return 0, 0, 0, err
		}
		have[k] = h
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		return 0, 0, 0, err
	}
	var gone []string
	var put [][]any
	want := make(map[string]bool, len(rows))
	for _, r := range rows {
		if want[r.key] {
			continue
		}
		want[r.key] = true
		h, ok := have[r.key]
		switch {
		case ok && string(h) == string(r.hash):
			unchanged++
			continue
		case ok:
			gone = append(gone, r.key)
		}
		put = append(put, append([]any{id}, r.vals...))
	}
	for k := range have {
		if !want[k] {
			gone = append(gone, k)
			deleted++
		}
	}
	if len(gone) > 0 {
		if _, err := tx.Exec(ctx, fmt.Sprintf(`DELETE FROM %s WHERE repo_id = $1 AND %s AND %s = ANY($2)`, t.name, filter, t.keyExpr), id, gone); err != nil {
			return 0, 0, 0, err
		}
	}
	if len(put) > 0 {
		cols := append([]string{"repo_id"}, t.cols...)
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{t.name}, cols, pgx.CopyFromRows(put)); err != nil {
			return 0, 0, 0, err
		}
	}
	return len(put), deleted, unchanged, nil
}

// Remove deletes repository name and everything published of it; the
// organisation's memories stay. It reports whether there was one.
func (st *Store) Remove(ctx context.Context, name string) (bool, error) {
	var n int64
	err := pgx.BeginFunc(ctx, st.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT set_config('gortex.all', 'on', true)`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, repoLock, name); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM repos WHERE name = $1`, name)
		n = tag.RowsAffected()
		return err
	})
	return n > 0, err
}

// RepoInfo is a published repository as listed.
type RepoInfo struct {
	Name       string    `json:"name"`
	Remote     string    `json:"remote,omitempty"`
	Commit     string    `json:"commit"`
	Generation int64     `json:"generation"`
	Published  time.Time `json:"published"`
	Symbols    int       `json:"symbols"`
	Sections   int       `json:"sections"`
}

// Repos lists the repositories g may read.
func (st *Store) Repos(ctx context.Context, g Grant) ([]RepoInfo, error) {
	var out []RepoInfo
	err := st.read(ctx, g, func(tx querier, ids []int64) error {
		rows, err := tx.Query(ctx, `SELECT r.name, r.remote, r.commit, r.generation, r.published_at,
			(SELECT count(*) FROM symbols s WHERE s.repo_id = r.id), (SELECT count(*) FROM sections s WHERE s.repo_id = r.id)
			FROM repos r WHERE r.id = ANY($1) ORDER BY r.name`, ids)
		if err != nil {
			return err
		}
		for rows.Next() {
			var ri RepoInfo
			if err := rows.Scan(&ri.Name, &ri.Remote, &ri.Commit, &ri.Generation, &ri.Published, &ri.Symbols, &ri.Sections); err != nil {
				return err
			}
			out = append(out, ri)
		}
		return rows.Err()
	})
	return out, err
}

// Size is the database's size on disk, in bytes.
func (st *Store) Size(ctx context.Context) (int64, error) {
	var n int64
	err := st.pool.QueryRow(ctx, `SELECT pg_database_size(current_database())`).Scan(&n)
	return n, err
}
