package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/internal/pgtest"
	"github.com/gortex/gortex/query"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fixtureCopy copies testdata/repo into a temporary directory, so that
// indexing never writes into the checkout.
func fixtureCopy(t testing.TB) string {
	t.Helper()
	return fixtureCopyOf(t, "repo")
}

// fixtureCopyOf copies the repository testdata/name.
func fixtureCopyOf(t testing.TB, name string) string {
	t.Helper()
	return fixturetest.Copy(t, name)
}

// run runs gortex with args and returns its exit code, stdout and stderr.
func run(t testing.TB, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// indexedFixture is a fixture copy with an index, built once per test binary.
var indexedFixture string

func fixture(t *testing.T) string {
	t.Helper()
	if indexedFixture == "" {
		dir := fixtureCopy(t)
		// t.TempDir is removed when the first caller ends; keep our own.
		keep, err := os.MkdirTemp("", "gortex-fixture-")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(keep, os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := run(t, "index", "--quiet", keep); code != 0 {
			t.Fatalf("index: exit %d: %s", code, stderr)
		}
		indexedFixture = keep
	}
	return indexedFixture
}

// asCLI, set in a child's environment, makes the test binary run as
// gortex itself (Main with its arguments): how an editor under test
// launches the server without a separate build.
const asCLI = "GORTEX_TEST_AS_CLI"

// progressDelayEnv, set in a child's environment, draws progress at once
// (and a CI log's lines every 20 ms): the fixture indexes faster than a
// person would want a bar.
const progressDelayEnv = "GORTEX_TEST_PROGRESS_NOW"

func TestMain(m *testing.M) {
	if args := os.Getenv(limitedArgsEnv); args != "" {
		os.Exit(limitedMain(args)) // a child of runLimited
	}
	if os.Getenv(progressDelayEnv) == "1" {
		progressDelay, lineDelay, lineEvery = 0, 0, 20*time.Millisecond
	}
	if os.Getenv(asCLI) == "1" {
		os.Exit(Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	// Global memories live under XDG_DATA_HOME: keep the developer's own out
	// of every answer the tests check.
	xdg, err := os.MkdirTemp("", "gortex-xdg-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_DATA_HOME", xdg)
	// The user's configuration (llm, model, …) must not reach an answer
	// either.
	os.Setenv("XDG_CONFIG_HOME", filepath.Join(xdg, "config"))
	code := m.Run()
	pgtest.Stop()
	os.RemoveAll(xdg)
	if indexedFixture != "" {
		os.RemoveAll(indexedFixture)
	}
	if mcpBuildDir != "" {
		os.RemoveAll(mcpBuildDir)
	}
	os.Exit(code)
}

func TestWhyGolden(t *testing.T) {
	dir := fixture(t)
	tests := []struct {
		name  string
		query string
		code  int
	}{
		{"method", "billing.Invoice.Finalize", exitOK},
		{"qualified", "example.com/shop/billing.Invoice", exitOK},
		{"nested-module", "lint.FloatMoney", exitOK},
		{"stable-id", "internal/ledger/ledger.go::Record", exitOK},
		{"shared-name", "cart.Total", exitOK},
		{"reason", "Cart.Total", exitOK},
		{"nothing-found", "lint.CheckIndentationTabs", exitOK},
		{"ambiguous", "Total", exitAmbiguous},
		{"unknown", "Invoice.Finalise", exitUnknown},
		{"missing-file", "billing/nope.go", exitUnknown},
	}
	formats := []struct{ flag, ext string }{{"", "txt"}, {"--json", "json"}, {"--toon", "toon"}}
	for _, tt := range tests {
		for _, f := range formats {
			t.Run(tt.name+"."+f.ext, func(t *testing.T) {
				args := []string{"why", "--dir", dir}
				if f.flag != "" {
					args = append(args, f.flag)
				}
				code, out, stderr := run(t, append(args, tt.query)...)
				if code != tt.code {
					t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, stderr)
				}
				if f.ext == "json" && !json.Valid([]byte(out)) {
					t.Fatalf("invalid JSON: %s", out)
				}
				golden(t, filepath.Join("testdata", "why", tt.name+"."+f.ext), out)
			})
		}
	}
}

// An ambiguous name lists at most --limit candidates, likeliest first, and
// says how many matched and how to narrow.
func TestWhyAmbiguousLimit(t *testing.T) {
	dir := fixtureCopyOf(t, "closers")
	tests := []struct {
		name  string
		args  []string
		lines int // candidate lines
	}{
		{"default", nil, query.DefaultLimit},
		{"limit 3", []string{"--limit", "3"}, 3},
		{"limit 40", []string{"--limit", "40"}, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"why", "--dir", dir}, tt.args...), "Close")
			code, out, stderr := run(t, args...)
			if code != exitAmbiguous {
				t.Fatalf("exit %d, want %d: %s", code, exitAmbiguous, stderr)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if got := len(lines) - 1; got != tt.lines {
				t.Errorf("%d candidates, want %d:\n%s", got, tt.lines, out)
			}
			if !strings.Contains(lines[0], `"Close" matches 30 symbols`) || !strings.Contains(lines[0], "closers.go::") {
				t.Errorf("first line does not say the total and how to narrow: %s", lines[0])
			}
		})
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/gortex -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// expectation is one query of testdata/repo.expect.json.
type expectation struct {
	Query     string    `json:"query"`
	Qualified string    `json:"qualified"`
	Named     []section `json:"named"`
	Not       []section `json:"not"`
	Member    []section `json:"member"`
	Path      []section `json:"path"`
	Lexical   []section `json:"lexical"`
}

type section struct {
	Path    string `json:"path"`
	Section string `json:"section"`
	Line    int    `json:"line"`
}

// TestFixtureSignals checks, for every hand-labelled query of the fixture,
// that why returns each section that names the symbol as a direct named
// entry, never a decoy as one, and each section that names its type or
// package (member), its file or directory (path), or describes it in words
// (lexical) with that signal.
func TestFixtureSignals(t *testing.T) {
	dir := fixture(t)
	raw, err := os.ReadFile("../../testdata/repo.expect.json")
	if err != nil {
		t.Fatal(err)
	}
	var exps []expectation
	if err := json.Unmarshal(raw, &exps); err != nil {
		t.Fatal(err)
	}
	for _, x := range exps {
		t.Run(x.Query, func(t *testing.T) {
			code, out, stderr := run(t, "why", "--dir", dir, "--json", "--limit", "100", x.Query)
			if code != 0 {
				t.Fatalf("exit %d: %s%s", code, out, stderr)
			}
			var a query.Answer
			if err := json.Unmarshal([]byte(out), &a); err != nil {
				t.Fatal(err)
			}
			if a.Symbol == nil || a.Symbol.Qualified != x.Qualified {
				t.Fatalf("resolved %+v, want %s", a.Symbol, x.Qualified)
			}
			got := map[section]string{}
			for _, e := range a.Rationale {
				sig := e.Signal
				if e.Via != "" && sig == "named" {
					sig = "named-via"
				}
				got[section{e.Path, e.Section, e.Line}] = sig
			}
			want := []struct {
				signal string
				secs   []section
			}{{"named", x.Named}, {"member", x.Member}, {"path", x.Path}, {"lexical", x.Lexical}}
			for _, w := range want {
				for _, s := range w.secs {
					if got[s] != w.signal {
						t.Errorf("%s § %s (line %d): signal %q, want %s; got %v", s.Path, s.Section, s.Line, got[s], w.signal, keys(got))
					}
				}
			}
			if len(x.Named)+len(x.Member)+len(x.Path)+len(x.Lexical) == 0 && len(a.Rationale) > 0 {
				t.Errorf("no document concerns %s, yet why returned %v", x.Query, keys(got))
			}
			for _, s := range x.Not {
				if got[s] == "named" {
					t.Errorf("decoy %s § %s returned as a named entry", s.Path, s.Section)
				}
			}
		})
	}
}

func keys(m map[section]string) []string {
	var out []string
	for s, sig := range m {
		out = append(out, s.Path+"#"+s.Section+"="+sig)
	}
	return out
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no args", nil, exitUsage, "Usage:"},
		{"unknown command", []string{"frobnicate"}, exitUsage, "unknown command"},
		{"why without query", []string{"why"}, exitUsage, "give a QUERY"},
		{"json and toon", []string{"why", "--json", "--toon", "X"}, exitUsage, "exclude"},
		{"bad limit", []string{"why", "--limit", "0", "X"}, exitUsage, "--limit"},
		{"index two dirs", []string{"index", "a", "b"}, exitUsage, "at most one DIR"},
		{"index missing dir", []string{"index", "/nonexistent/gortex"}, exitError, "no such file"},
		{"why help", []string{"why", "--help"}, exitOK, "Exit status"},
		{"help why", []string{"help", "why"}, exitOK, "QUERY is a qualified name in its"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if !strings.Contains(out+stderr, tt.want) {
				t.Errorf("output lacks %q:\n%s%s", tt.want, out, stderr)
			}
		})
	}
}
