package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/query"
)

// doctorChecks runs gortex doctor --json in dir and returns the status of
// each check by name, and the checks.
func doctorChecks(t *testing.T, dir string) (int, map[string]check) {
	t.Helper()
	code, out, stderr := run(t, "doctor", "--json", "--dir", dir)
	var rep doctorReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("doctor --json: %v\n%s%s", err, out, stderr)
	}
	got := map[string]check{}
	for _, c := range rep.Checks {
		if c.Message == "" || (c.Status != statusPass && c.Status != statusWarn && c.Status != statusFail && c.Status != statusSkip && c.Status != statusInfo) {
			t.Errorf("check %+v", c)
		}
		got[c.Name] = c
	}
	return code, got
}

// TestDoctor: on the bare fixture doctor warns (no index, no registration,
// no agent block), advises the badge (info: a project owes gortex no badge)
// and writes nothing; set up with gortex index,
// gortex init and the badge, each of those passes; a broken memory file
// fails, with exit status 1.
func TestDoctor(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // no registrations of the machine's agents
	dir := fixtureCopy(t)
	want := map[string]string{"git": statusWarn, "index": statusWarn, "parse": statusWarn, "memories": statusPass, "anchors": statusSkip, "llm": statusSkip,
		"mcp": statusWarn, "agents": statusWarn, "badge": statusInfo, "privacy": statusSkip}
	code, got := doctorChecks(t, dir)
	for name, status := range want {
		if got[name].Status != status {
			t.Errorf("bare fixture: %s is %+v, want %s", name, got[name], status)
		}
	}
	if code != exitOK || len(got) != len(want) {
		t.Errorf("exit %d, %d checks", code, len(got))
	}
	if b := got["badge"]; !strings.Contains(b.Fix, badgeMarkdown) || !strings.Contains(b.Message, "README.md") {
		t.Errorf("badge check %+v: the fix should give the badge", b)
	}
	if _, err := os.Stat(filepath.Join(dir, ".gortex")); !os.IsNotExist(err) {
		t.Errorf("doctor wrote .gortex: %v", err)
	}

	if code, _, stderr := run(t, "init", "--dir", dir, "--mcp", "claude"); code != exitOK {
		t.Fatal(stderr)
	}
	rewrite(t, filepath.Join(dir, "README.md"), func(s string) string { return badgeMarkdown + "\n\n" + s })
	if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
		t.Fatal(stderr)
	}
	path := os.Getenv("PATH")
	t.Setenv("PATH", t.TempDir()) // registered, but no gortex-mcp to run
	code, got = doctorChecks(t, dir)
	if m := got["mcp"]; m.Status != statusFail || !strings.Contains(m.Message, "gortex-mcp") || !strings.Contains(m.Fix, "make install") || code == exitOK {
		t.Errorf("without gortex-mcp: mcp %+v, exit %d", m, code)
	}
	t.Setenv("PATH", path)
	withMCPProgram(t)
	code, got = doctorChecks(t, dir)
	for _, name := range []string{"index", "parse", "memories", "mcp", "agents", "badge"} {
		if got[name].Status != statusPass || got[name].Fix != "" {
			t.Errorf("set up: %s is %+v, want pass", name, got[name])
		}
	}
	if got["anchors"].Status != statusPass || code != exitOK {
		t.Errorf("anchors %+v, exit %d", got["anchors"], code)
	}

	mems := filepath.Join(dir, ".gortex", "memories")
	if err := os.MkdirAll(mems, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mems, "20240101T000000Z-broken.md"), []byte("no front matter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, got = doctorChecks(t, dir)
	if got["memories"].Status != statusFail || code != exitError {
		t.Errorf("a broken memory file: %+v, exit %d", got["memories"], code)
	}
	code, out, _ := run(t, "doctor", "--dir", dir)
	if code != exitError || !strings.Contains(out, "fail  memories") || !strings.Contains(out, "pass  badge") {
		t.Errorf("text output, exit %d:\n%s", code, out)
	}
}

func TestBadge(t *testing.T) {
	tests := []struct {
		name, text string
		want       bool
	}{
		{"the suggested badge", "# x\n" + badgeMarkdown + "\n", true},
		{"restyled", "[![Why? Ask gortex](https://example.com/b.svg)](https://x)\n", true},
		{"a mention is no badge", "We use gortex for design docs.\n", false},
		{"another badge", "[![ci](https://ci.example.com/badge.svg)](https://ci)\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hasBadge(tt.text); got != tt.want {
				t.Errorf("hasBadge = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestDoctorLLM: the llm check calls the chosen backend once; one that
// refuses fails doctor. The privacy check says whether its notice was
// shown. git passes in a repository.
func TestDoctorLLM(t *testing.T) {
	dir := gitFixture(t)
	hermetic(t)
	tests := []struct {
		name          string
		status        int // of the fake Anthropic API
		env           map[string]string
		llm, privacy  string
		code          int
		message, hint string // in the llm check's message and fix
	}{
		{"none", 0, map[string]string{llmEnvVar: "none"}, statusSkip, statusSkip, exitOK, "none", ""},
		{"auto finds nothing", 0, nil, statusWarn, statusSkip, exitOK, "no LLM backend found", "ANTHROPIC_API_KEY"},
		{"a backend that answers", 200, map[string]string{"ANTHROPIC_API_KEY": "sk-test"}, statusPass, statusPass, exitOK, "anthropic answers", ""},
		{"a backend that refuses", 429, map[string]string{"ANTHROPIC_API_KEY": "sk-test"}, statusFail, statusPass, exitError, "did not answer", "wait a minute"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			if tt.status != 0 {
				t.Setenv("ANTHROPIC_BASE_URL", anthropicServer(t, tt.status, "OK"))
			}
			code, got := doctorChecks(t, dir)
			l := got["llm"]
			if code != tt.code || l.Status != tt.llm || got["privacy"].Status != tt.privacy || got["git"].Status != statusPass ||
				!strings.Contains(l.Message, tt.message) || !strings.Contains(l.Fix, tt.hint) {
				t.Errorf("exit %d; llm %+v; privacy %+v; git %+v", code, l, got["privacy"], got["git"])
			}
		})
	}
}

// TestBadgeNudge: after a text answer on a terminal, when the README has
// no badge, one line suggests it, at most once a day per repository;
// never with --json or --toon, nor when stdout is no terminal.
func TestBadgeNudge(t *testing.T) {
	dir := fixtureCopy(t)
	why := func(tty bool, format query.Format) string {
		var out, errOut bytes.Buffer
		e := env{stdout: &out, stderr: &errOut, stdoutTTY: tty}
		if code := whyRun(context.Background(), e, whyOpts{dir: dir, query: "billing.Invoice.Finalize", limit: 10, format: format, llm: llmOpts{off: true}}); code != exitOK {
			t.Fatalf("why: exit %d: %s", code, errOut.String())
		}
		return errOut.String()
	}
	const tip = "gortex: tip: show readers they can ask why"
	tests := []struct {
		name   string
		tty    bool
		format query.Format
		nudged bool
	}{
		{"no terminal", false, query.FormatText, false},
		{"json on a terminal", true, query.FormatJSON, false},
		{"toon on a terminal", true, query.FormatTOON, false},
		{"text on a terminal", true, query.FormatText, true},
		{"again the same day", true, query.FormatText, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Contains(why(tt.tty, tt.format), tip); got != tt.nudged {
				t.Errorf("nudged %v, want %v", got, tt.nudged)
			}
		})
	}
	var errOut bytes.Buffer
	e := env{stderr: &errOut}
	badgeNudge(e, dir, time.Now().Add(25*time.Hour))
	if !strings.Contains(errOut.String(), badgeMarkdown) {
		t.Errorf("no nudge a day later: %q", errOut.String())
	}
	errOut.Reset()
	rewrite(t, filepath.Join(dir, "README.md"), func(s string) string { return badgeMarkdown + "\n" + s })
	badgeNudge(e, dir, time.Now().Add(50*time.Hour))
	if errOut.Len() > 0 {
		t.Errorf("nudged with the badge in the README: %q", errOut.String())
	}
}

// TestDoctorParse: a source file over a parsing budget is a file node
// alone; doctor names it.
func TestDoctorParse(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	dir := fixtureCopy(t)
	deep := "f() " + strings.Repeat("{ ", 100_000) + "\n" // a syntax error node of 100,000 children
	if err := os.WriteFile(filepath.Join(dir, "deep.sh"), []byte(deep), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
		t.Fatal(stderr)
	}
	_, got := doctorChecks(t, dir)
	if p := got["parse"]; p.Status != statusWarn || !strings.Contains(p.Message, "deep.sh (too-complex") || p.Fix == "" {
		t.Errorf("parse check %+v: want a warning naming deep.sh", p)
	}
}
