package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/query"
)

// why runs gortex why --json and decodes the answer.
func why(t *testing.T, dir string, args ...string) query.Answer {
	t.Helper()
	code, out, stderr := run(t, append([]string{"why", "--dir", dir, "--json", "--limit", "50"}, args...)...)
	if code != 0 {
		t.Fatalf("why %v: exit %d: %s%s", args, code, out, stderr)
	}
	var a query.Answer
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestSupersededADRRanksBelowLive(t *testing.T) {
	a := why(t, fixture(t), "IssueRefund")
	live, superseded := -1, -1
	for i, e := range a.Rationale {
		switch e.Path {
		case "docs/adr/0003-refund-to-original-payment-methods.md":
			if live < 0 {
				live = i
			}
			if e.AssetKind != "adr" {
				t.Errorf("ADR 0003 has asset_kind %q", e.AssetKind)
			}
		case "docs/adr/0002-refund-as-store-credit.md":
			if superseded < 0 {
				superseded = i
			}
			if e.SupersededBy != "docs/adr/0003-refund-to-original-payment-methods.md" {
				t.Errorf("ADR 0002 entry superseded_by = %q", e.SupersededBy)
			}
		}
	}
	if live < 0 || superseded < 0 || superseded < live {
		t.Errorf("ADR 0003 at %d, superseded ADR 0002 at %d: want both, 0002 after", live, superseded)
	}
	for _, e := range a.Rationale[superseded:] {
		if e.SupersededBy == "" && e.Path != "docs/adr/0002-refund-as-store-credit.md" {
			t.Errorf("live entry %s § %s ranks after a superseded one", e.Path, e.Section)
		}
	}
}

// TestCochange turns a fixture copy into a git repository in which ADR 0003
// lands in one commit with billing/refund.go, and checks that why finds the
// ADR for a refund function through that commit.
func TestCochange(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := fixtureCopy(t)
	adr := "docs/adr/0003-refund-to-original-payment-methods.md"
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A", ".")
	git("reset", "-q", "docs", "README.md", "internal/ledger/README.md")
	git("commit", "-q", "-m", "code")
	git("add", "docs", "README.md", "internal/ledger/README.md")
	git("reset", "-q", adr)
	git("commit", "-q", "-m", "docs")
	f, err := os.OpenFile(filepath.Join(dir, "billing", "refund.go"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n// refunds follow ADR 0003\n")
	f.Close()
	git("add", adr, "billing/refund.go")
	git("commit", "-q", "-m", "refund to original payment methods (ADR 0003)")

	a := why(t, dir, "billing.Payment")
	found := false
	for _, e := range a.Rationale {
		if e.Signal == "cochange" && e.Path == adr && e.Via == "billing/refund.go" {
			found = true
		}
	}
	if !found {
		t.Errorf("no cochange entry from %s for billing.Payment: %+v", adr, a.Rationale)
	}
	// The history read at this HEAD is kept for the next index, out of git.
	if _, err := os.Stat(filepath.Join(dir, ".gortex", "cache", "cochange.json")); err != nil {
		t.Errorf("no cochange cache: %v", err)
	}
	if ig, _ := os.ReadFile(filepath.Join(dir, ".gortex", ".gitignore")); !strings.Contains(string(ig), "cache/") {
		t.Errorf(".gortex/.gitignore does not keep the cache out of git:\n%s", ig)
	}
	for _, e := range why(t, dir, "cart.New").Rationale {
		if e.Signal == "cochange" {
			t.Errorf("cart.New has a cochange entry from %s, but its file never changed with a document", e.Path)
		}
	}
}
