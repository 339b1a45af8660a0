package orgstore

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
)

const memoryCols = `m.id, m.title, m.body, m.kind, m.anchors, m.importance, m.confidence, m.basis, m.pinned, m.author,
	m.created, m.updated, m.superseded_by, coalesce(r.name, '')`

// StoredMemory is a memory read from the store, with its repository
// (OrgRepo for the organisation's).
type StoredMemory struct {
	Memory
	Repo string `json:"repo"`
}

func scanMemories(rows pgx.Rows) ([]StoredMemory, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (StoredMemory, error) {
		var m StoredMemory
		var conf float32
		err := r.Scan(&m.ID, &m.Title, &m.Body, &m.Kind, &m.Anchors, &m.Importance, &conf, &m.Basis, &m.Pinned, &m.Author,
			&m.Created, &m.Updated, &m.SupersededBy, &m.Repo)
		m.Confidence = float64(conf)
		if m.Repo == "" {
			m.Repo = OrgRepo
		}
		return m, err
	})
}

// asMemory is m as package memory's type, for ranking and entries.
func (m StoredMemory) asMemory() *memory.Memory {
	return &memory.Memory{ID: memory.ID(m.ID), Title: m.Title, Body: m.Body, Kind: memory.Kind(m.Kind), Importance: m.Importance,
		Confidence: m.Confidence, Basis: memory.Basis(m.Basis), Pinned: m.Pinned, Author: m.Author, Created: m.Created,
		Updated: m.Updated, SupersededBy: memory.ID(m.SupersededBy), Path: "memory:" + m.ID}
}

// orgMemoriesSQL selects the organisation's memories anchored to any of
// the names in $1.
const orgMemoriesSQL = `SELECT ` + memoryCols + ` FROM memories m LEFT JOIN repos r ON r.id = m.repo_id
	WHERE m.repo_id IS NULL AND m.anchors && $1`

// MemoryQuery selects memories: of one repository (OrgRepo for the
// organisation's), or of all granted ones and the organisation's; those
// whose text matches Text when set.
type MemoryQuery struct {
	Repo  string
	Text  string
	Limit int // 0 means 20
}

// Memories lists the memories g may read that q selects, in the order
// why ranks memories (or best match first, with Text). A repository's
// memories are returned only to a grant that reads the repository.
func (st *Store) Memories(ctx context.Context, g Grant, q MemoryQuery) ([]StoredMemory, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = 20
	}
	if q.Repo != "" && q.Repo != OrgRepo {
		g = narrow(g, q.Repo)
	}
	var out []StoredMemory
	err := st.read(ctx, g, func(tx querier, ids []int64) error {
		where := `(m.repo_id IS NULL OR m.repo_id = ANY($1))`
		switch q.Repo {
		case "":
		case OrgRepo:
			where = `m.repo_id IS NULL AND cardinality($1::bigint[]) >= 0`
		default:
			where = `m.repo_id = ANY($1)`
		}
		order := `m.pinned DESC, m.importance DESC, m.confidence DESC, m.updated DESC, m.id`
		args := []any{ids, limit}
		if strings.TrimSpace(q.Text) != "" {
			where += ` AND m.tsv @@ ` + anyWords(3)
			order = `ts_rank_cd(m.tsv, ` + anyWords(3) + `, 32) DESC, ` + order
			args = append(args, q.Text)
		}
		rows, err := tx.Query(ctx, `SELECT `+memoryCols+` FROM memories m LEFT JOIN repos r ON r.id = m.repo_id
			WHERE `+where+` ORDER BY `+order+` LIMIT $2`, args...)
		if err != nil {
			return err
		}
		out, err = scanMemories(rows)
		return err
	})
	if err != nil || strings.TrimSpace(q.Text) != "" {
		return out, err
	}
	// Without words, the order is why's (memory.Score and recency).
	mems := make([]*memory.Memory, len(out))
	byID := map[memory.ID]StoredMemory{}
	for i, m := range out {
		mems[i] = m.asMemory()
		byID[memory.ID(m.ID+"\x00"+m.Repo)] = m
		mems[i].ID = memory.ID(m.ID + "\x00" + m.Repo)
	}
	sorted := query.SortMemories(mems, time.Now())
	for i, m := range sorted {
		out[i] = byID[m.ID]
	}
	return out, nil
}

// anyWords is the text search query of parameter $n: any of its words,
// stemmed as the columns are (a disjunction, as the local search scores).
func anyWords(n int) string {
	return fmt.Sprintf(`nullif(replace(plainto_tsquery('english', $%d)::text, '&', '|'), '')::tsquery`, n)
}

// NewMemory is a memory written through the store.
type NewMemory struct {
	Repo       string // "" or OrgRepo: the organisation's
	Title      string
	Body       string
	Kind       string
	Anchors    []string // symbols (qualified names, forms namesOf gives, IDs) and files it is about
	Importance int
	Confidence float64
	Basis      string
	Pinned     bool
	Author     string
}

// AddMemory writes a memory: the organisation's, or a repository's that g
// grants. It is checked and sanitised as a memory file is.
func (st *Store) AddMemory(ctx context.Context, g Grant, n NewMemory) (StoredMemory, error) {
	now := time.Now().UTC().Truncate(time.Second)
	m := &memory.Memory{ID: memory.NewID(now), Title: memory.SanitizeLine(strings.TrimSpace(n.Title)), Body: memory.Sanitize(n.Body),
		Kind: memory.Kind(n.Kind), Importance: n.Importance, Confidence: n.Confidence, Basis: memory.Basis(n.Basis),
		Pinned: n.Pinned, Author: memory.SanitizeLine(n.Author), Source: memory.SourceAgent, Created: now, Updated: now}
	if m.Kind == "" {
		m.Kind = memory.DefaultKind
	}
	if m.Importance == 0 {
		m.Importance = memory.DefaultImportance
	}
	if m.Basis == "" {
		m.Basis = memory.BasisUnknown
	}
	if m.Confidence == 0 {
		m.Confidence = 0.5
	}
	if err := m.Validate(); err != nil {
		return StoredMemory{}, err
	}
	anchors := make([]string, 0, len(n.Anchors))
	for _, a := range n.Anchors {
		if a = memory.SanitizeLine(strings.TrimSpace(a)); a != "" && len(a) <= 500 {
			anchors = append(anchors, a)
		}
	}
	if len(anchors) > 50 {
		return StoredMemory{}, fmt.Errorf("%d anchors; at most 50", len(anchors))
	}
	sm := StoredMemory{Memory: memoryOf(m), Repo: OrgRepo}
	sm.Anchors = anchors
	var repoID *int64
	if n.Repo != "" && n.Repo != OrgRepo {
		if !g.All && !slices.Contains(g.Repos, n.Repo) {
			return StoredMemory{}, fmt.Errorf("this token may not write memories of %s", n.Repo)
		}
		sm.Repo = n.Repo
	}
	err := pgx.BeginFunc(ctx, st.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT set_config('gortex.all', 'on', true)`); err != nil {
			return err
		}
		if sm.Repo != OrgRepo {
			var id int64
			if err := tx.QueryRow(ctx, `SELECT id FROM repos WHERE name = $1`, sm.Repo).Scan(&id); err != nil {
				return fmt.Errorf("no published repository %s", sm.Repo)
			}
			repoID = &id
		}
		_, err := tx.Exec(ctx, `INSERT INTO memories (repo_id, id, title, body, kind, anchors, importance, confidence, basis, pinned,
			author, created, updated, hash, origin) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'store')`,
			repoID, sm.ID, sm.Title, sm.Body, sm.Kind, sm.Anchors, sm.Importance, float32(sm.Confidence), sm.Basis, sm.Pinned,
			sm.Author, sm.Created, sm.Updated, hashOf(sm.Memory))
		return err
	})
	return sm, err
}
