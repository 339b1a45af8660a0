package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/query"
)

// auditServer serves a copy of audit/testdata/repo: money.RoundCents is
// called by seven functions in two packages and nothing explains it;
// tax.Compute rests on an accepted ADR.
func auditServer(t *testing.T) (*Server, func(tool string, args map[string]any) string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "repo")
	if err := os.CopyFS(dir, os.DirFS("../audit/testdata/repo")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	s, err := New(dir, Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	c := connect(t, s)
	return s, func(tool string, args map[string]any) string {
		t.Helper()
		res := call(t, c, tool, args)
		if res.IsError {
			t.Fatalf("%s(%v): %s", tool, args, text(res))
		}
		return text(res)
	}
}

func TestAuditTool(t *testing.T) {
	_, callText := auditServer(t)
	tests := []struct {
		name  string
		args  map[string]any
		total int
		count int
		first audit.Type
	}{
		{"everything", nil, 4, 4, audit.TypeUnexplained},
		{"limit", map[string]any{"limit": 2}, 4, 2, audit.TypeUnexplained},
		{"paths", map[string]any{"paths": []string{"docs"}}, 1, 1, audit.TypeDangling},
		{"paths with nothing", map[string]any{"paths": []string{"cart/"}}, 0, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := decode[audit.Report](t, callText("audit", tt.args))
			if r.Total != tt.total || r.Count != tt.count || len(r.Findings) != tt.count {
				t.Fatalf("report %+v", r)
			}
			if tt.count > 0 && r.Findings[0].Type != tt.first {
				t.Errorf("first finding %+v", r.Findings[0])
			}
		})
	}
	if out := callText("audit", map[string]any{"format": "toon", "limit": 1}); !strings.Contains(out, "type: unexplained_load_bearing") {
		t.Errorf("toon:\n%s", out)
	}
}

func TestAuditToolBadArgs(t *testing.T) {
	s, _ := auditServer(t)
	c := connect(t, s)
	for name, args := range map[string]map[string]any{
		"absolute path": {"paths": []string{"/etc"}},
		"outside":       {"paths": []string{"../x"}},
		"empty path":    {"paths": []string{""}},
		"limit":         {"limit": 501},
		"format":        {"format": "xml"},
	} {
		if res := call(t, c, "audit", args); !res.IsError {
			t.Errorf("%s: no error: %s", name, text(res))
		}
	}
}

// A why answer carries a finding about its symbol once per cooldown.
func TestWhyFindingCooldown(t *testing.T) {
	s, callText := auditServer(t)
	now := time.Date(2026, 1, 2, 9, 0, 0, 0, time.UTC)
	s.audits.now = func() time.Time { return now }
	why := func(id string) *audit.Finding {
		t.Helper()
		return decode[query.Answer](t, callText("why", map[string]any{"id": id})).Finding
	}
	steps := []struct {
		name    string
		advance time.Duration
		id      string
		want    audit.Type // "" for none
	}{
		{"first answer", 0, "money.RoundCents", audit.TypeUnexplained},
		{"asked again", time.Minute, "money.RoundCents", ""},
		{"kudos too", 0, "tax.Compute", audit.TypeGrounded},
		{"not load-bearing", 0, "billing.Total", ""},
		{"after the cooldown", audit.WhyCooldown, "money.RoundCents", audit.TypeUnexplained},
	}
	for _, st := range steps {
		now = now.Add(st.advance)
		f := why(st.id)
		switch {
		case st.want == "" && f != nil:
			t.Errorf("%s: finding %+v, want none", st.name, f)
		case st.want != "" && (f == nil || f.Type != st.want):
			t.Errorf("%s: finding %+v, want %s", st.name, f, st.want)
		}
	}
}
