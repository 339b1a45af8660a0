package workspace_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// laterCommits is how many commits the history fixture makes after the
// one that explains the rounding: more than a question ever read from
// the newest commits before there was a history index (300).
const laterCommits = 320

// historyRepo makes a git repository with a long history in a temp dir:
// first a commit whose message alone says why invoices round half to
// even, then laterCommits commits about other things, made in one git
// fast-import so that the test takes no longer than a few commits would.
func historyRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("git is not installed")
		}
		t.Skip("git is not installed")
	}
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	root := t.TempDir()
	gitIn(t, root, "", "init", "-q", "-b", "main")
	var in strings.Builder
	blob := func(text string) string { return fmt.Sprintf("data %d\n%s\n", len(text), text) }
	commit := func(i int, msg, path, text string) {
		fmt.Fprintf(&in, "commit refs/heads/main\ncommitter Ada Lovelace <ada@example.com> %d +0000\n", 1577836800+i*3600)
		in.WriteString(blob(msg))
		fmt.Fprintf(&in, "M 644 inline %s\n%s", path, blob(text))
	}
	commit(0, "invoice: round half to even\n\nThe tax office audits totals with banker's rounding, so a half cent must go to the even neighbour.",
		"invoice.go", "package billing\n\n// Round rounds a total to cents.\nfunc Round(c float64) float64 { return c }\n")
	for i := 1; i <= laterCommits; i++ {
		commit(i, fmt.Sprintf("shipping: tune carrier table %d\n\nThe carrier changed its zones again.", i),
			"shipping.go", fmt.Sprintf("package billing\n\nvar zones = %d\n", i))
	}
	gitIn(t, root, in.String(), "fast-import", "--quiet")
	gitIn(t, root, "", "checkout", "-q", "-f", "main")
	return root
}

func gitIn(t *testing.T, dir, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// ask asks why q of w with its history index, as the CLI does.
func ask(t *testing.T, w *workspace.Workspace, q string) *query.Answer {
	t.Helper()
	qo := w.QueryOptions()
	cs := w.OpenCommits()
	defer cs.Close()
	w.WithCommits(&qo, cs)
	a, err := query.Why(context.Background(), w.Store(), query.Classify(w.Store(), q, w.Root, ""), qo)
	if err != nil {
		t.Fatalf("why %q: %v", q, err)
	}
	return a
}

// hasCommit reports whether a cites the commit whose subject is subject.
func hasCommit(a *query.Answer, subject string) bool {
	for _, e := range a.Rationale {
		if e.Commit != "" && e.Section == subject {
			return true
		}
	}
	return false
}

// TestQuestionFindsOldCommit: the history index holds every commit, so a
// question whose only answer is the message of a commit older than the
// newest 320 finds it; the newest commits alone (what questions searched
// before) do not hold it. A new commit joins the index on the next index
// run, with no file changed.
func TestQuestionFindsOldCommit(t *testing.T) {
	root := historyRepo(t)
	ctx := context.Background()
	w := open(t, root)
	const old = "invoice: round half to even"
	if !hasCommit(ask(t, w, "why do we use banker's rounding for the tax office?"), old) {
		t.Fatalf("the question does not find the old commit %q", old)
	}
	recent, err := w.History.Recent(ctx, 300)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range recent {
		if c.Subject == old {
			t.Fatal("the old commit is among the newest 300: the fixture tests nothing")
		}
	}

	gitIn(t, root, "", "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-q", "--allow-empty",
		"-m", "ledger: keep refunds apart\n\nAuditors asked for refunds in a ledger of their own.")
	w2, st, err := workspace.Update(ctx, root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	graphtest.Checked(t, w2.Store())
	if st.UpToDate || st.Commits != 1 {
		t.Errorf("update after a commit: up to date %v, %d commits added; want 1 added", st.UpToDate, st.Commits)
	}
	if !hasCommit(ask(t, w2, "why are refunds in a separate ledger for auditors?"), "ledger: keep refunds apart") {
		t.Error("the new commit is not found after the update")
	}
}

// TestSymbolCommitsWithoutBlame: a symbol's and a file's commits come from
// the history index, found by the symbol's name in the commits' changed
// lines and by the file's path, and no git blame runs for them (the blame
// cache stays empty).
func TestSymbolCommitsWithoutBlame(t *testing.T) {
	root := historyRepo(t)
	w := open(t, root)
	const wrote = "invoice: round half to even"
	for _, q := range []string{"Round", "invoice.go"} {
		if a := ask(t, w, q); !hasCommit(a, wrote) {
			t.Errorf("why %s does not cite %q: %v %s %+v %q", q, wrote, a.Status, a.Note, a.Rationale, a.Warnings)
		}
	}
	if a := ask(t, w, "shipping.go"); hasCommit(a, wrote) {
		t.Error("why shipping.go cites the commit of another file")
	}
	blamed, _ := filepath.Glob(filepath.Join(root, ".gortex", "cache", "blame", "*"))
	for _, f := range blamed {
		if filepath.Base(f) != "recent.json" {
			t.Errorf("a blame was cached: %s", f)
		}
	}
}
