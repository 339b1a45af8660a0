package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/audit"
)

// auditFixture copies audit/testdata/repo: a helper (money.RoundCents)
// called by seven functions in two packages that no document explains,
// tax.Compute explained by an accepted ADR, and a design document naming
// pricing.ReverseCharge, which package pricing lacks.
func auditFixture(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "repo")
	if err := os.CopyFS(dst, os.DirFS("../../audit/testdata/repo")); err != nil {
		t.Fatal(err)
	}
	return dst
}

func auditJSON(t *testing.T, args ...string) audit.Report {
	t.Helper()
	code, out, stderr := run(t, append([]string{"audit", "--json"}, args...)...)
	if code != exitOK {
		t.Fatalf("audit %v: exit %d\n%s", args, code, stderr)
	}
	var r audit.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return r
}

func hasFinding(r audit.Report, typ audit.Type, qualified string) bool {
	for _, f := range r.Findings {
		if f.Type == typ && f.Symbol.Qualified == qualified {
			return true
		}
	}
	return false
}

func TestAuditCommand(t *testing.T) {
	dir := auditFixture(t)
	r := auditJSON(t, "--dir", dir)
	checks := []struct {
		name      string
		typ       audit.Type
		qualified string
		want      bool
	}{
		{"unexplained helper", audit.TypeUnexplained, "example.com/books/money.RoundCents", true},
		{"dangling reference", audit.TypeDangling, "pricing.ReverseCharge", true},
		{"ADR-explained is not unexplained", audit.TypeUnexplained, "example.com/books/tax.Compute", false},
		{"no weak basis without a memory", audit.TypeWeakBasis, "example.com/books/money.RoundCents", false},
	}
	for _, c := range checks {
		if got := hasFinding(r, c.typ, c.qualified); got != c.want {
			t.Errorf("%s: %s about %s found %v, want %v", c.name, c.typ, c.qualified, got, c.want)
		}
	}

	t.Run("weak basis once a memory with basis assumption is anchored", func(t *testing.T) {
		dir := auditFixture(t)
		if code, _, stderr := run(t, "remember", "--dir", dir, "--symbol", "money.RoundCents", "--basis", "assumption",
			"--title", "Round half away from zero", "--body", "RoundCents rounds half away from zero; we assume the tax office does too."); code != exitOK {
			t.Fatalf("remember: exit %d: %s", code, stderr)
		}
		r := auditJSON(t, "--dir", dir)
		if !hasFinding(r, audit.TypeWeakBasis, "example.com/books/money.RoundCents") || hasFinding(r, audit.TypeUnexplained, "example.com/books/money.RoundCents") {
			t.Errorf("findings %+v", r.Findings)
		}
	})

	exits := []struct {
		name string
		args []string
		code int
	}{
		{"fail on caution", []string{"--fail-on", "caution"}, exitError},
		{"fail on kudos", []string{"--fail-on", "kudos"}, exitError},
		{"no fail-on", nil, exitOK},
		{"fail on caution where there is none", []string{"--fail-on", "caution", filepath.Join(dir, "cart")}, exitOK},
		{"a relative path in the repository", []string{"--fail-on", "caution", "money"}, exitError},
		{"bad severity", []string{"--fail-on", "warning"}, exitUsage},
		{"bad limit", []string{"--limit", "-1"}, exitUsage},
		{"path outside", []string{os.TempDir()}, exitError},
	}
	for _, tt := range exits {
		t.Run(tt.name, func(t *testing.T) {
			if code, out, stderr := run(t, append([]string{"audit", "--dir", dir}, tt.args...)...); code != tt.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tt.code, out, stderr)
			}
		})
	}
}

func TestAuditText(t *testing.T) {
	dir := auditFixture(t)
	code, out, _ := run(t, "audit", "--dir", dir, "--limit", "1")
	wants := []string{
		"caution  unexplained_load_bearing  money/round.go:4  example.com/books/money.RoundCents\n",
		"  RoundCents holds up 7 callers in 2 packages and nothing explains it — a memory would keep that reasoning\n",
		"  $ gortex remember --symbol example.com/books/money.RoundCents ",
		"4 findings (unexplained_load_bearing 1, superseded_only 1, dangling_reference 1, grounded 1) among ",
		"; 1 shown (--limit 0 shows all)\n",
	}
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("exit %d; output lacks %q:\n%s", code, want, out)
		}
	}
	if _, out, _ := run(t, "audit", "--dir", dir, "--limit", "0"); strings.Count(out, "\n  $ ") != 4 {
		t.Errorf("--limit 0 does not show all four:\n%s", out)
	}
	if code, out, _ := run(t, "help"); code != exitOK || !strings.Contains(out, "gortex audit") {
		t.Errorf("usage lacks audit:\n%s", out)
	}
}

func TestWhyFinding(t *testing.T) {
	dir := auditFixture(t)
	tests := []struct {
		query string
		want  audit.Type // "" for none
	}{
		{"money.RoundCents", audit.TypeUnexplained},
		{"tax.Compute", audit.TypeGrounded},
		{"ledger.Post", audit.TypeSuperseded},
		{"billing.Total", ""},
		{"money/round.go", ""}, // a file answer carries none
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			a, _ := whyAnswer(t, "--dir", dir, tt.query)
			switch {
			case tt.want == "" && a.Finding != nil:
				t.Errorf("finding %+v, want none", a.Finding)
			case tt.want != "" && (a.Finding == nil || a.Finding.Type != tt.want):
				t.Errorf("finding %+v, want %s", a.Finding, tt.want)
			}
			_, text, _ := run(t, "why", "--dir", dir, tt.query)
			if got := strings.Contains(text, "\n  $ "); got != (tt.want != "") {
				t.Errorf("text shows a finding: %v, want %v:\n%s", got, tt.want != "", text)
			}
		})
	}
	_, out, _ := run(t, "why", "--dir", dir, "--json", "billing.Total")
	if strings.Contains(out, `"finding"`) {
		t.Errorf("an answer without a finding has the field:\n%s", out)
	}
}
