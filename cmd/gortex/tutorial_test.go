package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTutorial: the tour covers index, why (symbol, file, question),
// remember, memory check and mcp, each with a command; without an index it
// shows placeholders and says so (golden), never another repository's
// names; with one, the repository's own (TestExamplesAnswer checks that
// they answer).
func TestTutorial(t *testing.T) {
	code, out, stderr := run(t, "tutorial", "--dir", fixtureCopy(t))
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden(t, filepath.Join("testdata", "tutorial.golden"), out)
	for _, want := range []string{"gortex index\n", "gortex why Type.Method\n", "gortex why path/to/file\n",
		`gortex why "why`, "gortex remember --symbol", "gortex memory check\n", "gortex init --mcp all\n", "gortex mcp", "stand for names of your repository"} {
		if !strings.Contains(out, want) {
			t.Errorf("tutorial lacks %q", want)
		}
	}
	_, own, _ := run(t, "tutorial", "--dir", fixture(t))
	if strings.Contains(own, "stand for names") || whySymbol(own) == placeholderExample.Symbol {
		t.Errorf("tutorial in an indexed repository:\n%s", own)
	}
}

// whySymbol is the symbol of the tutorial's first gortex why.
func whySymbol(text string) string {
	_, rest, _ := strings.Cut(text, "gortex why ")
	name, _, _ := strings.Cut(rest, "\n")
	return name
}
