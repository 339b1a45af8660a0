package orgstore

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/gortex/gortex/internal/pgtest"
)

func TestMigrations(t *testing.T) {
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 || SchemaVersion() != len(ms) {
		t.Fatalf("%d migrations, version %d", len(ms), SchemaVersion())
	}
	dsn := pgtest.DB(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if n, err := migrate(ctx, conn); err != nil || n != len(ms) {
		t.Fatalf("first migrate: applied %d of %d, %v", n, len(ms), err)
	}
	if n, err := migrate(ctx, conn); err != nil || n != 0 {
		t.Fatalf("second migrate applied %d, %v", n, err)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO gortex_schema (version, name) VALUES ($1, 'from the future')`, len(ms)+1); err != nil {
		t.Fatal(err)
	}
	if _, err := migrate(ctx, conn); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("a newer schema was not refused: %v", err)
	}
}

// TestRowLevelSecurity reads every table with no filter of its own inside
// a reader's transaction: the policies alone keep other repositories'
// rows out.
func TestRowLevelSecurity(t *testing.T) {
	dsn := pgtest.DB(t)
	ctx := context.Background()
	st, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, name := range []string{"a", "b"} {
		snap := &Snapshot{
			Symbols:  []Symbol{{ID: "f.go::F", Qualified: name + ".F", Name: "F", Kind: "function", Path: "f.go", Line: 1, EndLine: 2}},
			Sections: []Section{{ID: "README.md#L1", Path: "README.md", Heading: "Intro", Line: 1, EndLine: 3, Body: "words"}},
			Memories: []Memory{{ID: "20260101T000000Z-aaaaaa", Title: "private " + name, Body: "b", Kind: "decision"}},
			Commits:  []Commit{{Hash: "abc" + name, Subject: "s"}},
		}
		if _, err := st.Publish(ctx, Repo{Name: name}, snap); err != nil {
			t.Fatal(err)
		}
	}
	if !st.reader {
		t.Log("no gortex_reader role: the policies hold for a non-superuser owner only")
	}
	err = st.read(ctx, Grant{Repos: []string{"a"}}, func(tx querier, ids []int64) error {
		for _, tbl := range []string{"repos", "symbols", "sections", "memories", "commits"} {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+tbl).Scan(&n); err != nil {
				return err
			}
			if st.reader && n != 1 {
				t.Errorf("%s: a reader of a sees %d rows, want 1", tbl, n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
