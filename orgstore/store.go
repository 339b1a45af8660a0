package orgstore

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// EnvDB names the store's connection string when no --db is given.
const EnvDB = "GORTEX_DB"

// Store is an organisation's store in PostgreSQL: a pool of connections to
// one database, its schema migrated to this build's version.
type Store struct {
	pool *pgxpool.Pool
	// reader is whether the role gortex_reader exists to read as, so that
	// row-level security holds for a superuser connection too.
	reader bool
}

// Open connects to the database dsn names and migrates its schema. The
// connection string comes from the user (a flag or $GORTEX_DB), never
// from a repository.
func Open(ctx context.Context, dsn string) (*Store, error) {
	if strings.TrimSpace(dsn) == "" {
		return nil, fmt.Errorf("no database: give --db URL or set %s", EnvDB)
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("the connection string does not parse: %w", errors.Unwrap(err))
	}
	if cfg.MaxConns < 8 {
		cfg.MaxConns = 8
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	st := &Store{pool: pool}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to %s: %w", Redact(dsn), err)
	}
	_, err = migrate(ctx, conn.Conn())
	if err == nil {
		err = conn.QueryRow(ctx, `SELECT pg_has_role(current_user, 'gortex_reader', 'MEMBER')
			FROM pg_roles WHERE rolname = 'gortex_reader'`).Scan(&st.reader)
		if errors.Is(err, pgx.ErrNoRows) {
			err = nil
		}
	}
	conn.Release()
	if err != nil {
		pool.Close()
		return nil, err
	}
	return st, nil
}

// Close closes the pool.
func (st *Store) Close() { st.pool.Close() }

// Redact is dsn without its password, for messages.
func Redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.Scheme == "" {
		return "(the connection string)"
	}
	return u.Redacted()
}

// Grant is what a reader may read: every repository, or those named.
type Grant struct {
	All   bool
	Repos []string
}

// Everything is the grant of a caller who holds the connection string.
var Everything = Grant{All: true}

// read runs f in a read-only transaction that sees only the rows g
// grants: the queries filter by the granted ids themselves, and the
// transaction's settings (and the reader role, where it exists) make
// row-level security refuse the rest.
func (st *Store) read(ctx context.Context, g Grant, f func(tx pgx.Tx, repos []int64) error) error {
	tx, err := st.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	// The granted ids are looked up with every row visible, then the
	// transaction narrows to them.
	if _, err := tx.Exec(ctx, `SELECT set_config('gortex.all', 'on', true)`); err != nil {
		return err
	}
	var ids []int64
	if g.All {
		err = collect(ctx, tx, &ids, `SELECT id FROM repos ORDER BY id`)
	} else {
		err = collect(ctx, tx, &ids, `SELECT id FROM repos WHERE name = ANY($1) ORDER BY id`, g.Repos)
	}
	if err != nil {
		return err
	}
	if !g.All {
		if _, err := tx.Exec(ctx, `SELECT set_config('gortex.all', 'off', true), set_config('gortex.repos', $1, true)`, joinIDs(ids)); err != nil {
			return err
		}
	}
	if st.reader {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE gortex_reader`); err != nil {
			return err
		}
	}
	if err := f(tx, ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func joinIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, ",")
}

func collect[T any](ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, out *[]T, sql string, args ...any) error {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	vs, err := pgx.CollectRows(rows, pgx.RowTo[T])
	*out = vs
	return err
}
