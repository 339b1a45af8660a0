package textindex

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"

	"github.com/gortex/gortex/history"
)

// gitRepo makes an empty git repository in a temp dir and returns a
// function that runs git in it.
func gitRepo(t *testing.T) (string, func(args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("git is not installed")
		}
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=Ada", "-c", "user.email=ada@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q", "-b", "main")
	return dir, run
}

// TestHistoryIndexer: the first run indexes every commit with its stored
// record (body without trailers, files); a run at the same HEAD adds
// nothing; a new commit is added alone; a rewritten history is indexed
// again whole.
func TestHistoryIndexer(t *testing.T) {
	root, git := gitRepo(t)
	ctx := context.Background()
	commit := func(file, msg string) {
		if err := os.WriteFile(filepath.Join(root, file), []byte(msg), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "-A")
		git("commit", "-q", "-m", msg)
	}
	commit("cap.go", "budget: cap spending\n\nTeams overspent at quarter end.\n\nSigned-off-by: Ada <ada@example.com>")
	commit("zone.go", "shipping: new zones")
	h := HistoryIndexer{Git: history.NewGit(root)}
	live, base := "", t.TempDir()

	steps := []struct {
		name   string
		change func()
		stale  bool // before the run
		added  int
	}{
		{"first build", func() {}, true, 2},
		{"same head", func() {}, false, 0},
		{"one new commit", func() { commit("ledger.go", "ledger: keep refunds apart") }, true, 1},
		{"rewritten history", func() { git("commit", "-q", "--amend", "-m", "ledger: refunds apart") }, true, 3},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			s.change()
			if got := h.HistoryStale(ctx, live); live != "" && got != s.stale {
				t.Errorf("HistoryStale = %v, want %v", got, s.stale)
			}
			dir := filepath.Join(base, s.name) // each run writes a new index, as the indexer's do
			n, err := h.UpdateHistory(ctx, live, dir)
			if err != nil || n != s.added {
				t.Fatalf("UpdateHistory = %d, %v; want %d added", n, err, s.added)
			}
			live = dir
			if h.HistoryStale(ctx, live) {
				t.Error("stale right after the update")
			}
		})
	}

	cs := OpenCommits(live)
	defer cs.Close()
	hits, err := cs.Search(ctx, "why did teams overspend", 5)
	if err != nil || len(hits) == 0 {
		t.Fatalf("search: %v, %v", hits, err)
	}
	c, ok := cs.Commit(hits[0].ID)
	if !ok || c.Subject != "budget: cap spending" || c.Body != "Teams overspent at quarter end." || len(c.Changed) != 1 || c.Changed[0] != "cap.go" {
		t.Errorf("best hit = %+v, %v", c, ok)
	}
	if _, ok := cs.Commit(CommitNodeID(strings.Repeat("0", 40))); ok {
		t.Error("a commit that is not indexed was found")
	}
}

// TestNoHistory: outside git nothing is written, and a history index
// that is not there is not Available; none is stale there, and one left
// from before is (UpdateHistory would write none).
func TestNoHistory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "history.bleve")
	h := HistoryIndexer{Git: history.NewGit(t.TempDir())}
	if n, err := h.UpdateHistory(context.Background(), "", dir); n != 0 || err != nil {
		t.Fatalf("UpdateHistory outside git = %d, %v", n, err)
	}
	if _, err := os.Lstat(dir); err == nil {
		t.Error("a history index was written outside git")
	}
	if h.HistoryStale(context.Background(), dir) {
		t.Error("no history index outside git is stale")
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if !h.HistoryStale(context.Background(), dir) {
		t.Error("a history index outside git is not stale")
	}
	os.Remove(dir)
	cs := OpenCommits(dir)
	defer cs.Close()
	if cs.Available() {
		t.Error("a missing history index is Available")
	}
}

// TestCommitsRankReasons: the history index is scored with BM25 over
// subject, files and body, so a commit whose body gives the reason in the
// question's words ranks above one whose short subject shares a word with
// it, and above one that repeats a single word of it.
func TestCommitsRankReasons(t *testing.T) {
	root, git := gitRepo(t)
	ctx := context.Background()
	for i, msg := range []string{
		"budget: rename file",
		"cache: evict cold entries\n\nUnder memory pressure the server evicted hot entries first, so every request missed the cache and latency doubled.",
		"memory memory memory: tidy",
	} {
		if err := os.WriteFile(filepath.Join(root, strings.Repeat("f", i+1)), []byte(msg), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "-A")
		git("commit", "-q", "-m", msg)
	}
	dir := filepath.Join(t.TempDir(), "history.bleve")
	if _, err := (HistoryIndexer{Git: history.NewGit(root)}).UpdateHistory(ctx, "", dir); err != nil {
		t.Fatal(err)
	}
	cs := OpenCommits(dir)
	defer cs.Close()
	hits, err := cs.Search(ctx, "why did requests miss the cache under memory pressure and what budget", 3)
	if err != nil || len(hits) != 3 {
		t.Fatalf("search: %v, %v", hits, err)
	}
	if c, _ := cs.Commit(hits[0].ID); c.Subject != "cache: evict cold entries" {
		t.Errorf("best hit %q, want the commit whose body gives the reason", c.Subject)
	}
}

// TestCommitsCode: the identifiers a commit's changed lines add or remove
// are searchable, whole and by their words, though its message names
// none of them; and a history index of an older format is built again,
// not extended.
func TestCommitsCode(t *testing.T) {
	root, git := gitRepo(t)
	ctx := context.Background()
	for _, c := range []struct{ file, text, msg string }{
		{"ledger.go", "package ledger\n\nfunc KeepRefundsApart() {}\n", "tidy"},
		{"notes.txt", "refunds are kept apart from sales\n", "notes"},
		{"ledger.go", "package ledger\n", "tidy again"},
	} {
		if err := os.WriteFile(filepath.Join(root, c.file), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "-A")
		git("commit", "-q", "-m", c.msg)
	}
	h := HistoryIndexer{Git: history.NewGit(root)}
	dir := filepath.Join(t.TempDir(), "history.bleve")
	if _, err := h.UpdateHistory(ctx, "", dir); err != nil {
		t.Fatal(err)
	}
	cs := OpenCommits(dir)
	for _, q := range []struct {
		text string
		want []string
	}{
		{"KeepRefundsApart", []string{"tidy", "tidy again"}}, // whole: added, then removed
		{"sales", []string{"notes"}},                         // a word of a changed line
		{"refund", []string{"notes", "tidy", "tidy again"}},  // a word of an identifier, stemmed
		{"ledger", []string{"tidy", "tidy again"}},           // the file's words and its package line
	} {
		hits, err := cs.Search(ctx, q.text, 5)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, hit := range hits {
			c, _ := cs.Commit(hit.ID)
			got = append(got, c.Subject)
		}
		slices.Sort(got)
		if !slices.Equal(got, q.want) {
			t.Errorf("search %q = %q, want %q", q.text, got, q.want)
		}
	}
	cs.Close()

	idx, err := bleve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.DeleteInternal([]byte(formatKey)); err != nil { // as the first format left it
		t.Fatal(err)
	}
	idx.Close()
	if !h.HistoryStale(ctx, dir) {
		t.Error("an index of the first format is not stale")
	}
	if n, err := h.UpdateHistory(ctx, dir, filepath.Join(t.TempDir(), "history.bleve")); n != 3 || err != nil {
		t.Errorf("UpdateHistory over the first format = %d, %v; want all 3 commits again", n, err)
	}
}

// TestHistoryProgress: a history pass reports the commits it has read,
// every progressEvery, counting up.
func TestHistoryProgress(t *testing.T) {
	defer func(old int) { progressEvery = old }(progressEvery)
	progressEvery = 2
	root, git := gitRepo(t)
	for i := range 5 {
		name := fmt.Sprintf("f%d.go", i)
		if err := os.WriteFile(filepath.Join(root, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "-A")
		git("commit", "-q", "-m", "add "+name+" for the report")
	}
	var got []int
	h := HistoryIndexer{Git: history.NewGit(root), Progress: func(read int) { got = append(got, read) }}
	n, err := h.UpdateHistory(context.Background(), "", filepath.Join(t.TempDir(), "h"))
	if err != nil || n != 5 {
		t.Fatalf("UpdateHistory = %d, %v", n, err)
	}
	if !slices.Equal(got, []int{2, 4}) {
		t.Errorf("progress reports %v, want [2 4]", got)
	}
}

func TestWithIdentWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"report CURLE_OUT_OF_MEMORY instead of CURLE_URL_MALFORMAT", "report CURLE_OUT_OF_MEMORY instead of CURLE_URL_MALFORMAT\nCURLE OUT OF MEMORY CURLE URL MALFORMAT"},
		{"use `matchesAll` and matchesAll() in HTTPServer", "use `matchesAll` and matchesAll() in HTTPServer\nmatches All HTTP Server"},
		{"plain words, no identifier", "plain words, no identifier"},
		{"sizes 0x1F and 64KB, hash a6e0be3c909c5c09e5fb402c907f3beb88cfb4c4", "sizes 0x1F and 64KB, hash a6e0be3c909c5c09e5fb402c907f3beb88cfb4c4"},
		{"x_" + strings.Repeat("ab_", 30), "x_" + strings.Repeat("ab_", 30)},
		{"", ""},
	}
	for _, tt := range tests {
		if got := withIdentWords(tt.in); got != tt.want {
			t.Errorf("withIdentWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
