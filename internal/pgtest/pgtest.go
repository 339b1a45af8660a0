// Package pgtest gives tests a real PostgreSQL server: the one
// $GORTEX_TEST_PG names, else a throwaway cluster it starts itself (initdb
// in a temporary directory, a loopback port, stopped by Stop; the clusters
// of killed test processes are stopped by the next start). Each test
// gets a database of its own (DB). Without a server and without initdb a
// test is skipped with the reason, unless CI=true, where it fails.
package pgtest

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env names the server's URL (a database that may create databases).
const Env = "GORTEX_TEST_PG"

var (
	once    sync.Once
	baseURL string
	why     string // why there is no server
	cluster string // the directory of the cluster this process started
	runAs   []string
)

// URL returns the URL of the server tests use, starting a cluster when
// $GORTEX_TEST_PG is unset. Without one it skips t (fails it when CI=true).
func URL(t testing.TB) string {
	t.Helper()
	once.Do(start)
	if baseURL == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no PostgreSQL server for the tests: %s", why)
		}
		t.Skipf("no PostgreSQL server: %s (set %s, or install PostgreSQL's initdb)", why, Env)
	}
	return baseURL
}

// DB creates an empty database for t and returns its URL; it is dropped
// when t ends.
func DB(t testing.TB) string {
	t.Helper()
	base := URL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to %s: %v", redact(base), err)
	}
	defer conn.Close(ctx)
	name := "gortex_test_" + strings.ToLower(rand.Text()[:12])
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), base)
		if err != nil {
			return
		}
		defer c.Close(context.Background())
		c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, _ := url.Parse(base)
	u.Path = "/" + name
	return u.String()
}

// Stop stops the cluster this process started, if any, and removes it.
// A TestMain calls it after m.Run.
func Stop() {
	if cluster == "" {
		return
	}
	run(filepath.Join(binDir(), "pg_ctl"), "-D", filepath.Join(cluster, "data"), "-m", "immediate", "-w", "stop")
	os.RemoveAll(cluster)
	cluster = ""
}

func redact(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "(unparsable URL)"
	}
	return p.Redacted()
}

func start() {
	if u := os.Getenv(Env); u != "" {
		baseURL = u
		return
	}
	bin := binDir()
	if bin == "" {
		why = "initdb not found on PATH nor under /usr/lib/postgresql"
		return
	}
	if err := startCluster(bin); err != nil {
		why = err.Error()
		if cluster != "" {
			os.RemoveAll(cluster)
			cluster = ""
		}
	}
}

// binDir is the directory of initdb and pg_ctl: PATH's, else the newest
// under /usr/lib/postgresql (Debian puts them there).
func binDir() string {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	slices.SortFunc(dirs, func(a, b string) int { return version(b) - version(a) })
	if len(dirs) == 0 {
		return ""
	}
	return filepath.Dir(dirs[0])
}

func version(p string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(p))))
	return n
}

// clusterPrefix begins the name of every cluster's directory, under the
// temporary directory; ownerFile in it holds the starting process's id.
const (
	clusterPrefix = "gortex-pg-"
	ownerFile     = "owner"
)

// sweep stops and removes the clusters under tmp that a test process
// started and did not stop because it was killed: those whose owner is no
// longer running. A cluster without an owner file yet is left alone (its
// process may be starting it).
func sweep(tmp, bin string) (swept []string) {
	dirs, _ := filepath.Glob(filepath.Join(tmp, clusterPrefix+"*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 || alive(pid) {
			continue
		}
		if bin != "" {
			run(filepath.Join(bin, "pg_ctl"), "-D", filepath.Join(dir, "data"), "-m", "immediate", "-w", "stop")
		}
		if os.RemoveAll(dir) == nil {
			swept = append(swept, dir)
		}
	}
	return swept
}

// alive reports whether a process pid runs (or exists under another
// user, which signal 0 cannot reach).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

func startCluster(bin string) error {
	dir, err := os.MkdirTemp("", clusterPrefix)
	if err != nil {
		return err
	}
	cluster = dir
	if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return err
	}
	// initdb refuses to run as root: as root, the cluster belongs to the
	// postgres account.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return fmt.Errorf("running as root and no postgres account to run initdb as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return err
		}
		runAs = []string{"runuser", "-u", "postgres", "--"}
	}
	sweep(os.TempDir(), bin) // pg_ctl runs as the clusters' owner
	port, err := freePort()
	if err != nil {
		return err
	}
	data := filepath.Join(dir, "data")
	if out, err := run(filepath.Join(bin, "initdb"), "-D", data, "-U", "gortex", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
		return fmt.Errorf("initdb: %v: %s", err, out)
	}
	opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -c unix_socket_directories=%s -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", port, dir)
	if out, err := run(filepath.Join(bin, "pg_ctl"), "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		return fmt.Errorf("pg_ctl start: %v: %s %s", err, out, log)
	}
	baseURL = fmt.Sprintf("postgres://gortex@127.0.0.1:%d/postgres?sslmode=disable", port)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		c, err := pgx.Connect(ctx, baseURL)
		if err == nil {
			c.Close(ctx)
			return nil
		}
		if ctx.Err() != nil {
			baseURL = ""
			return fmt.Errorf("the cluster started but takes no connection: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func run(name string, args ...string) ([]byte, error) {
	argv := append(slices.Clone(runAs), name)
	argv = append(argv, args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = os.TempDir()
	return cmd.CombinedOutput()
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
