package orgstore

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/graph"
)

// CoversQuery names a document of a published repository: "PATH" or
// "PATH#SECTION" (the section by heading, or L<line>), and the repository
// ("" when only one granted repository has the path).
type CoversQuery struct {
	Repo, Doc string
}

type sectionRow struct {
	repoID                  int64
	repo, id, path, heading string
	line, endLine           int
	asset, supersededBy     string
}

// Covers answers what a document explains across the organisation: the
// code its own repository's motivates links reach, and the code of every
// granted repository its sections name (by import path, a module and
// name, or a path qualified with the repository's name), strongest first,
// each target saying its repository.
func (st *Store) Covers(ctx context.Context, g Grant, q CoversQuery) (*change.Coverage, error) {
	p, want, _ := strings.Cut(q.Doc, "#")
	var c *change.Coverage
	err := st.read(ctx, g, func(tx querier, ids []int64) error {
		rows, err := tx.Query(ctx, `SELECT s.repo_id, r.name, s.id, s.path, s.heading, s.line, s.end_line, s.asset_kind, s.superseded_by
			FROM sections s JOIN repos r ON r.id = s.repo_id
			WHERE s.repo_id = ANY($1) AND s.path = $2 AND ($3 = '' OR r.name = $3) ORDER BY r.name, s.line`, ids, p, q.Repo)
		if err != nil {
			return err
		}
		secs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (sectionRow, error) {
			var s sectionRow
			err := r.Scan(&s.repoID, &s.repo, &s.id, &s.path, &s.heading, &s.line, &s.endLine, &s.asset, &s.supersededBy)
			return s, err
		})
		if err != nil {
			return err
		}
		if len(secs) == 0 {
			return fmt.Errorf("no published document %s in the repositories this token may read", p)
		}
		if secs[0].repoID != secs[len(secs)-1].repoID {
			return fmt.Errorf("%s is published by more than one repository (%s, %s, ...): name one", p, secs[0].repo, secs[len(secs)-1].repo)
		}
		c = &change.Coverage{Doc: secs[0].path, Kind: secs[0].asset, SupersededBy: secs[0].supersededBy, Targets: []change.Covered{}}
		if want != "" {
			if secs, err = pick(secs, want); err != nil {
				return err
			}
			c.Section = secs[0].heading
		}
		secIDs := make([]string, len(secs))
		for i, s := range secs {
			secIDs[i] = s.id
		}
		// The repository's own links, then the names its sections write
		// that are another repository's.
		rows, err = tx.Query(ctx, `
			SELECT r.name, s.id, s.qualified, s.kind, s.path, s.line, l.signal, l.score, l.section_id
			FROM links l JOIN symbols s ON s.repo_id = l.repo_id AND s.id = l.target_id JOIN repos r ON r.id = s.repo_id
			WHERE l.repo_id = $1 AND l.section_id = ANY($2)
			UNION ALL
			SELECT r.name, s.id, s.qualified, s.kind, s.path, s.line,
				CASE WHEN m.name = s.qualified THEN 'named' ELSE 'named' END,
				CASE WHEN m.name = s.qualified THEN 1.0 ELSE 0.9 END, m.section_id
			FROM mentions m JOIN symbol_names n ON n.name = m.name
				JOIN symbols s ON s.repo_id = n.repo_id AND s.id = n.symbol_id JOIN repos r ON r.id = s.repo_id
			WHERE m.repo_id = $1 AND m.section_id = ANY($2) AND n.repo_id = ANY($3) AND n.repo_id <> $1`,
			secs[0].repoID, secIDs, ids)
		if err != nil {
			return err
		}
		best := map[string]change.Covered{}
		for rows.Next() {
			var cv change.Covered
			var score float64
			if err := rows.Scan(&cv.Repo, &cv.ID, &cv.Qualified, &cv.Kind, &cv.Path, &cv.Line, &cv.Signal, &score, &cv.Section); err != nil {
				rows.Close()
				return err
			}
			cv.Score, cv.Place = math.Round(score*1000)/1000, change.PlaceOfPath(cv.Path)
			k := cv.Repo + "\x00" + cv.ID
			if old, ok := best[k]; !ok || stronger(cv, old) {
				best[k] = cv
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, cv := range best {
			c.Targets = append(c.Targets, cv)
		}
		sort.Slice(c.Targets, func(i, j int) bool { return change.Before(c.Targets[i], c.Targets[j]) })
		return nil
	})
	if err != nil {
		return nil, err
	}
	c.Count = len(c.Targets)
	if c.Count == 0 {
		c.Note = "no motivates link leaves it: it names no published symbol, file or package"
	}
	return c, nil
}

func stronger(a, b change.Covered) bool {
	return graph.Stronger(graph.Motivation{Signal: graph.Signal(a.Signal), Score: a.Score},
		graph.Motivation{Signal: graph.Signal(b.Signal), Score: b.Score})
}

// pick returns the section want names (its heading, case aside, or
// L<line>) with the sections after it up to its end line.
func pick(secs []sectionRow, want string) ([]sectionRow, error) {
	for i, s := range secs {
		match := strings.EqualFold(s.heading, want)
		if l, ok := strings.CutPrefix(want, "L"); ok {
			if n, err := strconv.Atoi(l); err == nil {
				match = s.line <= n && (n <= s.endLine || s.endLine == 0)
			}
		}
		if !match {
			continue
		}
		out := []sectionRow{s}
		for _, t := range secs[i+1:] {
			if s.endLine == 0 || t.line > s.endLine {
				break
			}
			out = append(out, t)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s has no section %q", secs[0].path, want)
}
