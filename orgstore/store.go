package orgstore

import (
	"context"
	"errors"
	"fmt"
	"net/url"
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

// querier is the connection the functions read runs are given, in the
// read's transaction.
type querier interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
	QueryRow(context.Context, string, ...any) pgx.Row
	SendBatch(context.Context, *pgx.Batch) pgx.BatchResults
}

// step is a statement run in the round trip that sets up a read's
// transaction, after it: queue adds it to the batch, scan reads its
// result. Its query filters by the grant itself (grantedRepos), as the
// granted ids are read in that same round trip. setting, when not "", is
// a set_config call made with the transaction's own settings.
type step struct {
	queue   func(b *pgx.Batch)
	scan    func(br pgx.BatchResults) error
	setting string
}

// grantedRepos is a condition on repos r true of the repositories the
// grant in $1 (all) and $2 (names) reads.
const grantedRepos = `($1::boolean OR r.name = ANY($2::text[]))`

// read runs f in a read-only transaction that sees only the rows g
// grants, with the ids of the granted repositories: the queries filter by
// them themselves, and the transaction's settings (and the reader role,
// where it exists) make row-level security refuse the rest.
func (st *Store) read(ctx context.Context, g Grant, f func(q querier, repos []int64) error) error {
	var ids []int64
	granted := step{
		queue: func(b *pgx.Batch) {
			b.Queue(`SELECT r.id FROM repos r WHERE `+grantedRepos+` ORDER BY r.id`, g.All, nonNil(g.Repos))
		},
		scan: func(br pgx.BatchResults) error {
			rows, err := br.Query()
			if err == nil {
				ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
			}
			return err
		},
	}
	return st.readSteps(ctx, g, func(q querier) error { return f(q, ids) }, granted)
}

// readSteps runs f in a read-only transaction that sees only the rows g
// grants (row-level security, as read says), after the statements of
// first: the transaction is begun, narrowed and they are run in one round
// trip. Their queries filter by the grant themselves (grantedRepos).
func (st *Store) readSteps(ctx context.Context, g Grant, f func(q querier) error, first ...step) error {
	conn, err := st.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// A connection left in the transaction (an error, a cancelled
	// context) is closed by Release, never given to another read.
	defer conn.Release()
	b := &pgx.Batch{}
	b.Queue(`BEGIN READ ONLY`)
	// The granted ids are looked up with every row visible, then the
	// transaction narrows to them. The reader role (where it exists) may
	// read the ids while gortex.all is on.
	settings := `SELECT set_config('gortex.all', 'on', true)`
	if st.reader {
		settings += `, set_config('role', 'gortex_reader', true)`
	}
	for _, s := range first {
		if s.setting != "" {
			settings += ", " + s.setting
		}
	}
	b.Queue(settings)
	if !g.All {
		b.Queue(`SELECT set_config('gortex.repos', coalesce(string_agg(r.id::text, ',' ORDER BY r.id), ''), true)
			FROM repos r WHERE r.name = ANY($1)`, nonNil(g.Repos))
		b.Queue(`SELECT set_config('gortex.all', 'off', true)`)
	}
	setup := b.Len()
	for _, s := range first {
		s.queue(b)
	}
	br := conn.SendBatch(ctx, b)
	err = func() error {
		for range setup {
			if _, err := br.Exec(); err != nil {
				return err
			}
		}
		for _, s := range first {
			if err := s.scan(br); err != nil {
				return err
			}
		}
		return nil
	}()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = f(conn)
	}
	if err != nil {
		conn.Exec(context.WithoutCancel(ctx), `ROLLBACK`)
		return err
	}
	_, err = conn.Exec(ctx, `COMMIT`)
	return err
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
