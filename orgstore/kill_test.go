package orgstore_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gortex/gortex/internal/pgtest"
	"github.com/gortex/gortex/orgstore"
)

// helperEnv, set to a database URL, makes the test binary a publisher of
// a large snapshot (TestMain), for TestKilledPublish to kill.
const helperEnv = "GORTEX_TEST_PUBLISH_HELPER"

const killedRepo = "example.com/killed"

func publishHelper() int {
	ctx := context.Background()
	st, err := orgstore.Open(ctx, os.Getenv(helperEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if _, err := st.Publish(ctx, orgstore.Repo{Name: killedRepo, Commit: "big"}, synthetic(300000, "big")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestKilledPublish kills a publish with SIGKILL in the middle of its
// transaction: the previous version stays whole.
func TestKilledPublish(t *testing.T) {
	dsn := pgtest.DB(t)
	ctx := context.Background()
	st, err := orgstore.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	old := synthetic(100, "old")
	if _, err := st.Publish(ctx, orgstore.Repo{Name: killedRepo, Commit: "old"}, old); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+dsn)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// Wait until the helper's transaction is writing rows: a COPY runs.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'copy%' AND state = 'active'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("the publish ended before it could be killed (%v)", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the publish never started writing")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	<-done
	// The server notices the dropped connection and rolls back.
	time.Sleep(200 * time.Millisecond)
	if ids := publishedIDs(t, dsn, killedRepo); !slices.Equal(ids, idsOf(old)) {
		t.Fatalf("after a killed publish the store holds %d symbols, not the previous version's %d", len(ids), len(old.Symbols))
	}
	repos, err := st.Repos(ctx, orgstore.Everything)
	if err != nil || len(repos) != 1 || repos[0].Commit != "old" || repos[0].Generation != 1 {
		t.Fatalf("the repository after a killed publish: %+v %v", repos, err)
	}
	// The lock died with the connection: the next publish goes through.
	if _, err := st.Publish(ctx, orgstore.Repo{Name: killedRepo, Commit: "new"}, synthetic(10, "new")); err != nil {
		t.Fatal(err)
	}
}
