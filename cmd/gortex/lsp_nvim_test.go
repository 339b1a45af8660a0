package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNeovim drives gortex lsp from a real editor: Neovim's built-in LSP
// client, headless, runs testdata/lsp/nvim/e2e.lua on a copy of the
// fixture with an invariant memory on Cart.Total (hover, code lenses, an
// unsaved edit's diagnostic and its undoing, the jump from ADR 0004's code
// span to the method), and the test reads what the script saw. Without nvim it skips, except in CI (CI=true), where
// .ci/run installs it and its absence fails.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("nvim is not installed; .ci/run installs Debian's neovim package")
		}
		t.Skip("nvim is not installed (apt-get install neovim)")
	}
	root := fixtureCopy(t)
	if err := os.CopyFS(filepath.Join(root, ".gortex"), os.DirFS("../../testdata/lsp/.gortex")); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, "index", "--quiet", root); code != 0 {
		t.Fatalf("index: exit %d: %s", code, stderr)
	}
	script, err := filepath.Abs("../../testdata/lsp/nvim/e2e.lua")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), asCLI+"=1", "GORTEX_BIN="+os.Args[0], "GORTEX_ROOT="+root, "GORTEX_OUT="+out,
		"XDG_STATE_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir())
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("the script wrote nothing: %v", err)
	}
	got := blocks(string(b))
	if e, ok := got["error"]; ok {
		t.Fatalf("the script failed: %s", e)
	}
	for _, want := range []string{"Cart totals are integer cents", "ADR 0004: Keep money in integer cents", "*Context:*",
		"file://" + root + "/docs/adr/0004-money-in-integer-cents.md#L14"} {
		if !strings.Contains(got["hover"], want) {
			t.Errorf("the hover Neovim shows lacks %q:\n%s", want, got["hover"])
		}
	}
	checks := []struct{ block, want string }{
		{"lenses", "44: 1 invariant · ADR 0004 · cart-design.md\n"},
		{"diagnostics", "45: invariant: Cart totals are integer cents — ADR 0004\n"},
		{"cleared", "true\n"},
		{"definition", filepath.Join(root, "cart", "pricing.go") + ":44: func (c *Cart) Total() int64 {\n"},
	}
	for _, c := range checks {
		if !strings.Contains(got[c.block], c.want) {
			t.Errorf("%s: got %q, want it to hold %q", c.block, got[c.block], c.want)
		}
	}
}

// blocks splits the script's report into its "== key" blocks.
func blocks(s string) map[string]string {
	out := map[string]string{}
	key := ""
	for _, line := range strings.Split(s, "\n") {
		if k, ok := strings.CutPrefix(line, "== "); ok {
			key = k
			continue
		}
		if key != "" {
			out[key] += line + "\n"
		}
	}
	return out
}
