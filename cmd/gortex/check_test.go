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
	"sync"
	"testing"

	"github.com/gortex/gortex/change"
)

// changeFixture is testdata/repo with testdata/check laid over it (an
// integer-cents ADR, an invariant memory on Cart.Total, the method), made
// a git repository with one commit.
func changeFixture(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := fixtureCopy(t)
	for _, sub := range []string{"docs", ".gortex"} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join("../../testdata/check", sub))); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
	}
	method, err := os.ReadFile("../../testdata/check/cart_total.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	changeFile(t, dir, "cart/cart.go", func(s string) string { return s + string(method) })
	gitRun(t, dir, "init", "-q", "-b", "main")
	commitAllIn(t, dir, "fixture")
	return dir
}

func changeFile(t *testing.T, dir, rel string, f func(string) string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(f(string(b))), 0o644); err != nil {
		t.Fatal(err)
	}
}

func commitAllIn(t *testing.T, dir, msg string) {
	t.Helper()
	gitRun(t, dir, "add", "-A")
	gitRun(t, dir, "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", "commit", "-qm", msg)
}

func gitRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func TestCheckCommand(t *testing.T) {
	dir := changeFixture(t)
	changeFile(t, dir, "cart/cart.go", func(s string) string {
		return strings.Replace(s, "sum += it.PriceCents * int64(it.Quantity)", "sum += int64(it.Quantity) * it.PriceCents", 1)
	})
	commitAllIn(t, dir, "reorder the product")

	code, out, stderr := run(t, "check", "--dir", dir, "--base", "HEAD~1", "--json")
	if code != exitOK {
		t.Fatalf("check --json: exit %d, %s", code, stderr)
	}
	var r change.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Symbols) == 0 || r.Symbols[0].ID != "cart/cart.go::Cart.Total" || r.Symbols[0].Binding != "invariant" {
		t.Fatalf("check --json = %s", out)
	}
	var kinds []string
	for _, e := range r.Reasoning {
		if slices.Contains(e.Symbols, "cart/cart.go::Cart.Total") {
			kinds = append(kinds, e.RationaleKind+e.AssetKind+":"+e.Path)
		}
	}
	if !strings.Contains(strings.Join(kinds, " "), "invariantmemory:.gortex/memories/") ||
		!strings.Contains(strings.Join(kinds, " "), "adr:docs/adr/0001-integer-cents.md") {
		t.Errorf("Cart.Total's reasoning: %v", kinds)
	}

	code, md, _ := run(t, "check", "--dir", dir, "--base", "HEAD~1", "--format", "markdown")
	if code != exitOK || !strings.Contains(md, "| governed by | governs |") {
		t.Errorf("markdown: exit %d\n%s", code, md)
	}
	golden(t, filepath.Join("testdata", "check", "cart-total.md.golden"), md)

	tests := []struct {
		name string
		args []string
		want int
	}{
		{"fail-on invariant", []string{"--base", "HEAD~1", "--fail-on", "invariant"}, exitError},
		{"fail-on constraint", []string{"--base", "HEAD~1", "--fail-on", "constraint"}, exitOK},
		{"bad fail-on", []string{"--fail-on", "nope"}, exitUsage},
		{"base and diff", []string{"--base", "HEAD", "--diff", "-"}, exitUsage},
		{"paths", []string{"--fail-on", "invariant", "cart/cart.go"}, exitError},
		{"diff file", []string{"--fail-on", "invariant", "--diff", writeDiff(t, dir)}, exitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code, _, stderr := run(t, append([]string{"check", "--dir", dir}, tt.args...)...); code != tt.want {
				t.Errorf("exit %d, want %d: %s", code, tt.want, stderr)
			}
		})
	}

	changeFile(t, dir, "cart/discount.go", func(s string) string { return s + "\nfunc scratchHelper() int { return 1 }\n" })
	commitAllIn(t, dir, "an ungoverned helper")
	if code, out, stderr := run(t, "check", "--dir", dir, "--base", "HEAD~1", "--fail-on", "invariant"); code != exitOK {
		t.Errorf("ungoverned change: exit %d\n%s%s", code, out, stderr)
	}
}

// writeDiff writes the last commit's diff to a file and returns its path.
func writeDiff(t *testing.T, dir string) string {
	t.Helper()
	cmd := exec.Command("git", "diff", "HEAD~1", "HEAD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "change.diff")
	if err := os.WriteFile(p, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCoversCommand(t *testing.T) {
	dir := changeFixture(t)
	code, out, stderr := run(t, "covers", "--dir", dir, "docs/adr/0001-integer-cents.md")
	if code != exitOK || !strings.Contains(out, "cart/cart.go::Cart.Total") {
		t.Errorf("covers: exit %d\n%s%s", code, out, stderr)
	}
	if code, _, _ := run(t, "covers", "--dir", dir, "docs/nope.md"); code != exitUnknown {
		t.Errorf("covers of no document: exit %d", code)
	}
}

func TestSpecsCommand(t *testing.T) {
	dir := changeFixture(t)
	code, out, stderr := run(t, "specs", "--dir", dir, "--no-llm", "--json", "change how cart totals are rounded")
	if code != exitOK {
		t.Fatalf("specs: exit %d, %s", code, stderr)
	}
	var sp change.Specs
	if err := json.Unmarshal([]byte(out), &sp); err != nil {
		t.Fatal(err)
	}
	if !hasSpec(sp.Direct, "docs/adr/0001-integer-cents.md") || sp.Backend != "graph" {
		t.Errorf("specs --no-llm = %s", out)
	}
}

// TestSpecsLoop drives the loop through a fake OpenAI-compatible server:
// the model lists the ADRs, reads one section, then classifies.
func TestSpecsLoop(t *testing.T) {
	hermetic(t)
	dir := changeFixture(t)
	replies := []string{
		`{"tool":"list_docs","args":{"kind":"adr"}}`,
		`{"tool":"read_doc_section","args":{"ids":["doc:docs/adr/0001-integer-cents.md#L11"]}}`,
		`{"direct":[{"id":"docs/adr/0001-integer-cents.md","reason":"Cart.Total MUST NOT round."}],"related":[{"id":"docs/design/cart-design.md","reason":"It describes pricing."}]}`,
	}
	var mu sync.Mutex
	var prompts []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/models") {
			io.WriteString(w, `{"object":"list","data":[{"id":"fake","object":"model","created":0,"owned_by":"test"}]}`)
			return
		}
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		prompts = append(prompts, string(body))
		reply := `{"direct":[],"related":[]}`
		if len(prompts) <= len(replies) {
			reply = replies[len(prompts)-1]
		}
		msg, _ := json.Marshal(reply)
		io.WriteString(w, `{"id":"c1","object":"chat.completion","model":"fake","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":`+string(msg)+`}}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`)
	}))
	defer srv.Close()
	t.Setenv("OPENAI_BASE_URL", srv.URL+"/v1/")
	t.Setenv("OPENAI_API_KEY", "sk-test")
	code, out, stderr := run(t, "specs", "--dir", dir, "--llm", "openai", "--json", "change how cart totals are rounded")
	if code != exitOK {
		t.Fatalf("specs --llm openai: exit %d, %s", code, stderr)
	}
	var sp change.Specs
	if err := json.Unmarshal([]byte(out), &sp); err != nil {
		t.Fatal(err)
	}
	if sp.Backend != "openai" || !hasSpec(sp.Direct, "docs/adr/0001-integer-cents.md") || !hasSpec(sp.Related, "docs/design/cart-design.md") ||
		sp.Direct[0].Reason != "Cart.Total MUST NOT round." {
		t.Errorf("specs through the loop = %s\n%s", out, stderr)
	}
	if len(prompts) != 3 || !strings.Contains(prompts[0], "read_doc_section") || !strings.Contains(prompts[0], "doc_outline") ||
		!strings.Contains(prompts[2], "MUST NOT round") {
		t.Errorf("%d requests; the first offers the document tools, the last holds the section read", len(prompts))
	}
}

func hasSpec(ss []change.Spec, id string) bool {
	for _, s := range ss {
		if s.ID == id {
			return true
		}
	}
	return false
}
