package docs_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/workspace"
)

// TestSearchCommits: scope commits searches the history index, the
// oldest commit too; a hit carries the full hash, the subject, the first
// file and the reason paragraph without trailers or control characters.
func TestSearchCommits(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("git is not installed")
		}
		t.Skip("git is not installed")
	}
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	root := t.TempDir()
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-c", "user.name=Ada", "-c", "user.email=ada@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+root)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q", "-b", "main")
	for _, c := range []struct{ file, msg string }{
		{"ledger.go", "ledger: keep refunds apart\n\nAuditors asked for refunds in a ledger of \x1b[31mtheir own.\n\nSigned-off-by: Ada <ada@example.com>"},
		{"cart.go", "cart: drop the coupon field"},
		{"zones.go", "shipping: new zones"},
	} {
		if err := os.WriteFile(filepath.Join(root, c.file), []byte("package shop\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "-A")
		git("commit", "-q", "-m", c.msg)
	}
	w, err := workspace.Open(context.Background(), root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := docs.New(w).Search(context.Background(), "why are refunds in a ledger for auditors", docs.ScopeCommits, 5)
	if err != nil || len(res.Hits) == 0 {
		t.Fatalf("search: %+v, %v", res, err)
	}
	h := res.Hits[0]
	want := "Auditors asked for refunds in a ledger of [31mtheir own." // the escape character dropped
	if h.Kind != "commit" || h.Name != "ledger: keep refunds apart" || h.Path != "ledger.go" || len(h.ID) != 40 || h.Text != want {
		t.Errorf("first hit = %+v, want the ledger commit with text %q", h, want)
	}
}
