package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/query"
)

// The tests of this binary never reach an LLM unless one asks for it: a
// developer's key, agent session or local Ollama must not change golden
// output or send the fixture anywhere. Tests of the LLM layer set the
// variables they need with hermetic.
func init() { os.Setenv(llmEnvVar, llm.LLMNone) }

// hermetic clears every variable that selects a backend, points Ollama at
// a closed port, and leaves PATH with git alone (no claude CLI), so that
// auto finds nothing unless the test adds it.
func hermetic(t *testing.T) {
	t.Helper()
	for _, v := range append([]string{llmEnvVar, "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL"}, llm.AgentVars...) {
		t.Setenv(v, "")
	}
	t.Setenv("OLLAMA_HOST", "127.0.0.1:9")   // discard port: nothing listens
	t.Setenv("XDG_DATA_HOME", t.TempDir())   // no global memories of the machine
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // nor its user config
	bin := t.TempDir()
	if git, err := exec.LookPath("git"); err == nil {
		if err := os.Symlink(git, filepath.Join(bin, "git")); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin)
}

// gitFixture is a copy of testdata/repo made a git repository: an initial
// import, then a commit adding Invoice.Overdue whose message references #12
// and ABC-7, then a formatting commit, which history reads leave out.
func gitFixture(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := fixtureCopy(t)
	tick := 0
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=Ada Lovelace", "-c", "user.email=ada@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		date := time.Date(2024, 3, 1+tick, 9, 0, 0, 0, time.UTC).Format(time.RFC3339)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	appendTo := func(path, text string) {
		t.Helper()
		f, err := os.OpenFile(filepath.Join(dir, path), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := io.WriteString(f, text); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-q", "-m", "Initial import")
	tick++
	appendTo("billing/invoice.go", "\n// Overdue reports whether the invoice is past its due date.\nfunc (i *Invoice) Overdue() bool {\n\treturn false\n}\n")
	git("commit", "-q", "-a", "-m", "Flag overdue invoices for dunning (#12)\n\nFinance chases unpaid invoices after 30 days; the dunning job needs the flag. Tracked as ABC-7.")
	tick++
	appendTo("billing/invoice.go", "\n")
	git("commit", "-q", "-a", "-m", "style: gofmt")
	return dir
}

func whyAnswer(t *testing.T, args ...string) (query.Answer, string) {
	t.Helper()
	code, out, stderr := run(t, append([]string{"why", "--json"}, args...)...)
	if code != exitOK {
		t.Fatalf("why %v: exit %d\n%s%s", args, code, out, stderr)
	}
	var a query.Answer
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return a, stderr
}

func commitEntries(a query.Answer) []query.Entry {
	var out []query.Entry
	for _, e := range a.Rationale {
		if e.Kind == "commit" {
			out = append(out, e)
		}
	}
	return out
}

func TestWhyGitHistory(t *testing.T) {
	dir := gitFixture(t)
	if code, _, stderr := run(t, "remember", "--dir", dir, "--file", "billing/invoice.go", "--kind", "decision",
		"--title", "Dunning runs nightly", "--body", "Overdue invoices are collected by the nightly dunning batch, never inline at checkout."); code != 0 {
		t.Fatalf("remember: exit %d: %s", code, stderr)
	}

	t.Run("symbol", func(t *testing.T) {
		a, _ := whyAnswer(t, "--dir", dir, "Invoice.Overdue")
		cs := commitEntries(a)
		if len(cs) != 1 {
			t.Fatalf("commit entries %+v, want the one that wrote Overdue", cs)
		}
		c := cs[0]
		if c.Section != "Flag overdue invoices for dunning (#12)" || c.Author != "Ada Lovelace" || len(c.Commit) != 40 ||
			!strings.HasPrefix(c.Date, "2024-03-02") || !slices.Equal(c.Refs, query.Refs{"#12", "ABC-7"}) ||
			!strings.Contains(c.Text, "dunning job needs the flag") || c.Signal != "commit" || c.Path != "billing/invoice.go" {
			t.Errorf("commit entry %+v", c)
		}
	})
	t.Run("file", func(t *testing.T) {
		a, stderr := whyAnswer(t, "--dir", dir, "billing/invoice.go")
		if a.Kind != query.AnswerFile || a.Symbol == nil || a.Symbol.Path != "billing/invoice.go" || a.Symbol.Kind != "file" {
			t.Fatalf("answer %+v", a)
		}
		var subjects []string
		for _, c := range commitEntries(a) {
			subjects = append(subjects, c.Section)
		}
		if !slices.Contains(subjects, "Initial import") || !slices.Contains(subjects, "Flag overdue invoices for dunning (#12)") ||
			slices.Contains(subjects, "style: gofmt") {
			t.Errorf("file commits %q: want the import and the dunning commit, not the formatting one", subjects)
		}
		kinds := map[string]bool{}
		for _, e := range a.Rationale {
			kinds[string(e.Kind)+"/"+e.Signal] = true
		}
		if !kinds["rationale/memory"] || !kinds["content/named"] {
			t.Errorf("file answer lacks the anchored memory or a section naming its symbols: %v", kinds)
		}
		if len(a.Warnings) != 0 || strings.Contains(stderr, "warning") {
			t.Errorf("warnings %v %s", a.Warnings, stderr)
		}
	})
	t.Run("file text", func(t *testing.T) {
		code, out, _ := run(t, "why", "--dir", dir, "./billing/invoice.go")
		if code != 0 || !strings.HasPrefix(out, "billing/invoice.go  (file)") || !strings.Contains(out, "refs #12 ABC-7") {
			t.Errorf("exit %d:\n%s", code, out)
		}
	})
	t.Run("untracked file", func(t *testing.T) {
		if err := os.WriteFile(filepath.Join(dir, "billing", "draft.go"), []byte("package billing\n\n// Draft is new.\ntype Draft struct{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		a, stderr := whyAnswer(t, "--dir", dir, "billing/draft.go")
		if a.Kind != query.AnswerFile || len(commitEntries(a)) != 0 || len(a.Warnings) != 1 || strings.Count(stderr, "not tracked by git") != 1 {
			t.Errorf("warnings %v, stderr:\n%s", a.Warnings, stderr)
		}
	})
	t.Run("question over docs", func(t *testing.T) {
		a, _ := whyAnswer(t, "--dir", dir, "why an append-only ledger?")
		if a.Kind != query.AnswerQuestion || a.Symbol != nil || a.Count == 0 || a.Rationale[0].Path != "docs/adr/0001-use-a-ledger.md" {
			t.Errorf("answer %+v", a)
		}
	})
	t.Run("question over commits and memories", func(t *testing.T) {
		a, _ := whyAnswer(t, "--dir", dir, "why do overdue invoices need dunning")
		var commit, memory bool
		for _, e := range a.Rationale {
			commit = commit || (e.Kind == "commit" && slices.Contains(e.Refs, "ABC-7"))
			memory = memory || (e.Kind == "rationale" && e.Section == "Dunning runs nightly")
			if e.Signal != "lexical" {
				t.Errorf("question entry with signal %s", e.Signal)
			}
		}
		if !commit || !memory {
			t.Errorf("commit %v memory %v in %+v", commit, memory, a.Rationale)
		}
	})
	t.Run("symbol queries keep their exit codes", func(t *testing.T) {
		for q, want := range map[string]int{"Invoice.Finalise": exitUnknown, "Total": exitAmbiguous, "a..b": exitUsage} {
			if code, _, _ := run(t, "why", "--dir", dir, q); code != want {
				t.Errorf("%s: exit %d, want %d", q, code, want)
			}
		}
	})
}

func TestWhyFileOutsideGit(t *testing.T) {
	a, stderr := whyAnswer(t, "--dir", fixture(t), "billing/invoice.go")
	if a.Kind != query.AnswerFile || a.Count == 0 || len(a.Warnings) != 1 || strings.Count(stderr, "not a git repository") != 1 {
		t.Errorf("count %d warnings %v stderr:\n%s", a.Count, a.Warnings, stderr)
	}
}

// TestWhyNoBackend: with no backend under auto, the graph's answer is
// printed as with --no-llm, and a hint says how to get a backend: beside a
// text answer only, once per repository (recorded in its config), and at
// -v every time.
func TestWhyNoBackend(t *testing.T) {
	dir := fixtureCopy(t) // its own: the config gets written
	_, plain, _ := run(t, "why", "--dir", dir, "--no-llm", "billing.Invoice.Finalize")
	hermetic(t)
	hint := []string{"no LLM backend found", "ANTHROPIC_API_KEY", "ollama serve", "agent mode is automatic", "--no-llm", "shown once"}
	tests := []struct {
		name string
		args []string
		hint bool
	}{
		{"json: never", []string{"--json"}, false},
		{"toon: never", []string{"--toon"}, false},
		{"text: the first time", nil, true},
		{"text: not again", nil, false},
		{"-v: every time", []string{"-v"}, true},
		{"--llm none: never", []string{"--llm", "none"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(t, append(append([]string{"why", "--dir", dir}, tt.args...), "billing.Invoice.Finalize")...)
			if code != exitOK || (tt.args == nil && out != plain) {
				t.Errorf("exit %d; stdout differs from --no-llm:\n%s", code, out)
			}
			if !tt.hint && stderr != "" {
				t.Errorf("hint shown:\n%s", stderr)
			}
			if strings.Contains(stderr, "could not record") {
				t.Errorf("recording the hint failed:\n%s", stderr)
			}
			for _, want := range hint[:len(hint)-1] {
				if tt.hint && !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr)
				}
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, ".gortex", "cache", noBackendHintFile)); err != nil {
		t.Errorf("hint not recorded: %v", err)
	}
}

func TestWhyAgentMode(t *testing.T) {
	dir := fixture(t)
	hermetic(t)
	t.Setenv("CLAUDECODE", "1")
	code, out, stderr := run(t, "why", "--dir", dir, "billing.Invoice.Finalize")
	if code != exitOK || !strings.HasPrefix(out, "[AGENT CONTEXT]\n") || !strings.HasSuffix(out, "\n[/AGENT CONTEXT]\n") ||
		!strings.Contains(out, "Question: Why does example.com/shop/billing.Invoice.Finalize exist?") || stderr != "" {
		t.Errorf("exit %d stderr %q:\n%s", code, stderr, out)
	}
	code, out, _ = run(t, "why", "--dir", dir, "--json", "billing.Invoice.Finalize")
	var a query.Answer
	if code != exitOK || json.Unmarshal([]byte(out), &a) != nil || a.Backend != llm.LLMAgent || a.Count == 0 {
		t.Errorf("agent --json: exit %d %s", code, out)
	}

	t.Setenv("CLAUDECODE", "")
	code, out, stderr = run(t, "why", "--dir", dir, "--llm", "agent", "billing.Invoice.Finalize")
	if code != exitOK || !strings.HasPrefix(out, "[AGENT CONTEXT]") || !strings.Contains(stderr, "no agent session is detected") {
		t.Errorf("explicit agent outside a session: exit %d stderr %q", code, stderr)
	}
}

// anthropicServer fakes the Messages API with reply, or with status and
// an error body when status is not 200.
func anthropicServer(t *testing.T, status int, reply string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path != "/v1/messages" {
			t.Errorf("path %s", r.URL.Path)
		}
		if status != http.StatusOK {
			w.WriteHeader(status)
			io.WriteString(w, `{"type":"error","error":{"type":"rate_limit_error","message":"rate limited"}}`)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
			"content": []any{map[string]any{"type": "text", "text": reply}}, "stop_reason": "end_turn",
			"usage": map[string]any{"input_tokens": 900, "output_tokens": 70}})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestWhyAnthropicSummary(t *testing.T) {
	dir := fixtureCopy(t) // its own: the config gets written
	hermetic(t)
	t.Setenv("ANTHROPIC_API_KEY", "sk-test")
	reply := "ANSWER:\nFinalize writes one ledger entry per invoice line, as ADR 0001 decided [1].\nARTIFACTS:\n- internal/ledger/ledger.go (High)\nSUGGESTIONS:\n- gortex why ledger.Record\n"
	t.Setenv("ANTHROPIC_BASE_URL", anthropicServer(t, http.StatusOK, reply))

	code, out, stderr := run(t, "why", "--dir", dir, "-v", "billing.Invoice.Finalize")
	if code != exitOK || !strings.Contains(out, "Finalize writes one ledger entry per invoice line, as ADR 0001 decided [1].") ||
		!strings.Contains(out, "[1] docs/adr/0001-use-a-ledger.md:27  § Decision") || !strings.Contains(out, "gortex why ledger.Record") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	for _, want := range []string{"notice: to summarise answers, gortex sends their entries", "to Anthropic", "gortex: llm: anthropic (model claude-haiku-4-5", "estimated cost $0.0"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	cfg, err := llm.LoadConfig(dir)
	if err != nil || !slices.Equal(cfg.Acknowledged, []string{llm.LLMAnthropic}) {
		t.Fatalf("acknowledgement not recorded: %+v %v", cfg, err)
	}

	a, stderr := whyAnswer(t, "--dir", dir, "-vvv", "billing.Invoice.Finalize")
	if a.Summary == "" || !slices.Equal(a.Cited, []int{1}) || a.Backend != llm.LLMAnthropic ||
		!slices.Equal(a.Artifacts, []query.Artifact{{Path: "internal/ledger/ledger.go", Relevance: "High"}}) ||
		!slices.Equal(a.Suggestions, []string{"gortex why ledger.Record"}) || a.Count == 0 {
		t.Errorf("json answer %+v", a)
	}
	if strings.Contains(stderr, "notice:") {
		t.Error("the privacy notice was shown twice")
	}
	for _, want := range []string{"prompt (system):", "Question: Why does", "response (raw):", `"input_tokens":900`, "tokens: 900 in, 70 out"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-vvv lacks %q", want)
		}
	}

	t.Run("cost above the limit", func(t *testing.T) {
		if err := os.WriteFile(llm.ConfigPath(dir), []byte("[why]\nmax_cost_usd = 0.0001\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, stderr := run(t, "why", "--dir", dir, "billing.Invoice.Finalize")
		if !strings.Contains(stderr, "may cost up to $") {
			t.Errorf("no cost warning:\n%s", stderr)
		}
	})
	t.Run("malformed reply", func(t *testing.T) {
		t.Setenv("ANTHROPIC_BASE_URL", anthropicServer(t, http.StatusOK, "It was decided in 2019 [9]."))
		code, out, stderr := run(t, "why", "--dir", dir, "billing.Invoice.Finalize")
		if code != exitOK || !strings.Contains(out, "It was decided in 2019 [9].") || !strings.Contains(stderr, "does not have the requested form") {
			t.Errorf("exit %d\n%s\n%s", code, out, stderr)
		}
	})
	t.Run("rate limit falls back", func(t *testing.T) {
		t.Setenv("ANTHROPIC_BASE_URL", anthropicServer(t, http.StatusTooManyRequests, ""))
		_, plain, _ := run(t, "why", "--dir", dir, "--no-llm", "billing.Invoice.Finalize")
		code, out, stderr := run(t, "why", "--dir", dir, "billing.Invoice.Finalize")
		if code != exitOK || out != plain || !strings.Contains(stderr, "gortex::llm::rate_limit") || !strings.Contains(stderr, "help: ") {
			t.Errorf("exit %d stderr:\n%s", code, stderr)
		}
	})
}

func TestWhyHelp(t *testing.T) {
	code, out, _ := run(t, "why", "--help")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	wants := []string{"Query kinds", "gortex why internal/config/load.go", `gortex why "why use TOML for config?"`,
		"[why]", `llm = "auto"`, "model = ", "base_url = ", "max_cost_usd = 0.05", "-no-llm", "-llm", "-vvv", "[AGENT CONTEXT]"}
	for _, c := range llm.CodeHelp {
		wants = append(wants, c.Code)
	}
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if code, _, stderr := run(t, "why", "--llm", "gpt", "X"); code != exitUsage || !strings.Contains(stderr, "want one of") {
		t.Errorf("bad --llm: exit %d %s", code, stderr)
	}
}
