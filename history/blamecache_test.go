package history

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gortex/gortex/repofs"
)

// counted is a Git with a cache whose git processes are counted by
// subcommand.
type counted struct {
	*Git
	mu   sync.Mutex
	runs map[string]int
}

func newCounted(root, cacheDir string, warm bool) *counted {
	c := &counted{runs: map[string]int{}}
	c.Git = &Git{Root: root, Cache: NewBlameCache(ownedDir(cacheDir), warm)}
	c.Git.trace = func(args []string) {
		c.mu.Lock()
		c.runs[args[0]]++
		c.mu.Unlock()
	}
	return c
}

// ownedDir is dir as a directory gortex owns.
func ownedDir(dir string) *repofs.Owned {
	return repofs.OwnedDir(filepath.Dir(dir), filepath.Base(dir))
}

// took returns the processes run since the last call, by subcommand.
func (c *counted) took() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.runs
	c.runs = map[string]int{}
	return out
}

func subjects(cs []Commit) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Subject)
	}
	return out
}

// cacheRepo is a repository with a file whose lines two commits own, and
// a second file.
func cacheRepo(t *testing.T) *gitRepo {
	r := newGitRepo(t)
	r.write("pkg/budget.go", "package billing\n\nfunc Remaining() int {\n\treturn 0\n}\n")
	r.write("other.go", "package billing\n")
	r.commit("Add budgets (#1)")
	r.write("pkg/budget.go", "package billing\n\nfunc Remaining() int {\n\tlimit := 100\n\treturn limit\n}\n")
	r.commit("Enforce the limit (#2)")
	return r
}

func TestBlameCache(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		// change runs between a first query, which fills the cache, and a
		// second one.
		change func(r *gitRepo)
		// fresh makes the second query in a new cache over the same
		// directory, as a second process would.
		fresh bool
		want  []string // subjects the second query returns
		blame bool     // whether the second query runs git blame again
		git   bool     // whether it starts any git process
	}{
		{name: "hit", want: []string{"Enforce the limit (#2)", "Add budgets (#1)"}},
		{name: "hit in another process", fresh: true, want: []string{"Enforce the limit (#2)", "Add budgets (#1)"}},
		{name: "content changed", change: func(r *gitRepo) {
			r.write("pkg/budget.go", "package billing\n\nfunc Remaining() int {\n\tlimit := 200\n\treturn limit\n}\n")
		}, want: []string{"Add budgets (#1)", "Enforce the limit (#2)"}, blame: true, git: true},
		{name: "history rewritten", change: func(r *gitRepo) {
			r.git("commit", "-q", "--amend", "-m", "Enforce the spending limit (#3)")
		}, want: []string{"Enforce the spending limit (#3)", "Add budgets (#1)"}, blame: true, git: true},
		{name: "HEAD moved on, file untouched", change: func(r *gitRepo) {
			r.write("other.go", "package billing\n\n// Other.\n")
			r.commit("Touch another file")
		}, want: []string{"Enforce the limit (#2)", "Add budgets (#1)"}, git: true},
		{name: "HEAD moved on, file touched", change: func(r *gitRepo) {
			r.write("pkg/budget.go", "package billing\n\nfunc Remaining() int {\n\tlimit := 300\n\treturn limit\n}\n")
			r.commit("Raise the limit (#4)")
		}, want: []string{"Add budgets (#1)", "Raise the limit (#4)", "Enforce the limit (#2)"}, blame: true, git: true},
		{name: "ignore-revs changed", change: func(r *gitRepo) {
			head := strings.TrimSpace(r.git("rev-parse", "HEAD"))
			r.write(ignoreRevsFile, head+"\n")
		}, want: []string{"Add budgets (#1)"}, blame: true, git: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := cacheRepo(t)
			dir := filepath.Join(t.TempDir(), "blame")
			g := newCounted(r.dir, dir, false)
			first, err := g.Blame(ctx, "pkg/budget.go", 3, 6)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.took(); got["blame"] != 1 {
				t.Fatalf("first query ran %v, want one blame", got)
			}
			if tt.change != nil {
				tt.change(r)
			}
			if tt.fresh {
				g = newCounted(r.dir, dir, false)
			}
			second, err := g.Blame(ctx, "pkg/budget.go", 3, 6)
			if err != nil {
				t.Fatal(err)
			}
			if got := subjects(second); !slices.Equal(got, tt.want) {
				t.Errorf("second query = %q, want %q (first: %q)", got, tt.want, subjects(first))
			}
			runs := g.took()
			if (runs["blame"] > 0) != tt.blame {
				t.Errorf("second query ran %v; blame again: %v, want %v", runs, runs["blame"] > 0, tt.blame)
			}
			if (len(runs) > 0) != tt.git {
				t.Errorf("second query ran %v; any git: %v, want %v", runs, len(runs) > 0, tt.git)
			}
			// Whatever the second query found is kept: a third runs no git.
			third, err := g.Blame(ctx, "pkg/budget.go", 3, 6)
			if err != nil || !slices.Equal(subjects(third), tt.want) {
				t.Errorf("third query = %q, %v; want %q", subjects(third), err, tt.want)
			}
			if runs := g.took(); len(runs) > 0 {
				t.Errorf("third query ran %v, want no git", runs)
			}
			// The cache agrees with git asked directly.
			direct, err := NewGit(r.dir).Blame(ctx, "pkg/budget.go", 3, 6)
			if err != nil || !slices.EqualFunc(direct, third, sameCommit) {
				t.Errorf("uncached blame = %+v, %v; cached %+v", direct, err, third)
			}
		})
	}
}

func sameCommit(a, b Commit) bool {
	return a.Hash == b.Hash && a.Lines == b.Lines && a.Subject == b.Subject && a.Author == b.Author &&
		a.Date.Equal(b.Date) && a.Body == b.Body && a.Files == b.Files && a.Path == b.Path
}

func TestBlameCacheRanges(t *testing.T) {
	ctx := context.Background()
	r := cacheRepo(t)
	g := newCounted(r.dir, t.TempDir(), false)
	tests := []struct {
		name       string
		start, end int
		blame      bool
		want       []string
	}{
		{"one line", 4, 4, true, []string{"Enforce the limit (#2)"}},
		{"inside what was blamed", 4, 4, false, []string{"Enforce the limit (#2)"}},
		{"wider", 3, 5, true, []string{"Enforce the limit (#2)", "Add budgets (#1)"}},
		{"whole file", 0, 0, true, []string{"Add budgets (#1)", "Enforce the limit (#2)"}},
		{"any range once whole", 1, 2, false, []string{"Add budgets (#1)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := g.Blame(ctx, "pkg/budget.go", tt.start, tt.end)
			if err != nil {
				t.Fatal(err)
			}
			if got := subjects(cs); !slices.Equal(got, tt.want) {
				t.Errorf("Blame(%d, %d) = %q, want %q", tt.start, tt.end, got, tt.want)
			}
			if runs := g.took(); (runs["blame"] > 0) != tt.blame {
				t.Errorf("ran %v; blame: want %v", runs, tt.blame)
			}
			direct, err := NewGit(r.dir).Blame(ctx, "pkg/budget.go", tt.start, tt.end)
			if err != nil || !slices.EqualFunc(direct, cs, sameCommit) {
				t.Errorf("uncached = %q, %v", subjects(direct), err)
			}
		})
	}
}

// TestBlameCacheConcurrentFills asks about one file from many goroutines
// on a cold cache: git blame runs once, and every caller gets the answer.
func TestBlameCacheConcurrentFills(t *testing.T) {
	ctx := context.Background()
	r := cacheRepo(t)
	g := newCounted(r.dir, t.TempDir(), false)
	var wg sync.WaitGroup
	var bad atomic.Int32
	for range 16 {
		wg.Go(func() {
			cs, err := g.Blame(ctx, "pkg/budget.go", 3, 6)
			if err != nil || len(cs) != 2 {
				bad.Add(1)
			}
		})
	}
	wg.Wait()
	if bad.Load() > 0 {
		t.Errorf("%d callers got a wrong answer", bad.Load())
	}
	if runs := g.took(); runs["blame"] != 1 {
		t.Errorf("concurrent fills ran %v, want one blame", runs)
	}
}

func TestBlameCacheWarm(t *testing.T) {
	ctx := context.Background()
	r := cacheRepo(t)
	tests := []struct {
		name string
		fill func(g *counted)
	}{
		{"background after a miss", func(g *counted) {
			if _, err := g.Blame(ctx, "pkg/budget.go", 4, 4); err != nil {
				t.Fatal(err)
			}
			g.Cache.Wait()
		}},
		{"WarmBlame", func(g *counted) {
			if err := g.WarmBlame(ctx, "pkg/budget.go", "other.go"); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newCounted(r.dir, t.TempDir(), true)
			tt.fill(g)
			g.took()
			for _, rg := range [][2]int{{1, 1}, {2, 5}, {0, 0}} {
				if _, err := g.Blame(ctx, "pkg/budget.go", rg[0], rg[1]); err != nil {
					t.Fatal(err)
				}
			}
			if runs := g.took(); len(runs) > 0 {
				t.Errorf("queries after warming ran %v, want no git", runs)
			}
		})
	}
}

func TestLogAndRecentCache(t *testing.T) {
	ctx := context.Background()
	r := cacheRepo(t)
	dir := t.TempDir()
	g := newCounted(r.dir, dir, false)
	tests := []struct {
		name string
		read func() ([]string, error)
		want []string
	}{
		{"log", func() ([]string, error) {
			cs, err := g.Log(ctx, "pkg/budget.go", 10)
			return subjects(cs), err
		}, []string{"Enforce the limit (#2)", "Add budgets (#1)"}},
		{"shorter log", func() ([]string, error) {
			cs, err := g.Log(ctx, "pkg/budget.go", 1)
			return subjects(cs), err
		}, []string{"Enforce the limit (#2)"}},
		{"recent", func() ([]string, error) {
			cs, err := g.Recent(ctx, 5)
			return subjects(cs), err
		}, []string{"Enforce the limit (#2)", "Add budgets (#1)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range 2 {
				got, err := tt.read()
				if err != nil || !slices.Equal(got, tt.want) {
					t.Fatalf("read %d = %q, %v; want %q", i+1, got, err, tt.want)
				}
				if runs := g.took(); i == 1 && len(runs) > 0 {
					t.Errorf("second read ran %v, want no git", runs)
				}
			}
		})
	}
	t.Run("recent after a new commit", func(t *testing.T) {
		r.write("other.go", "package billing\n\n// More.\n")
		r.commit("Document other")
		cs, err := g.Recent(ctx, 5)
		if err != nil || len(cs) != 3 || cs[0].Subject != "Document other" {
			t.Errorf("Recent after a commit = %q, %v", subjects(cs), err)
		}
	})
}

func TestBlameCacheUntrackedAndOutside(t *testing.T) {
	ctx := context.Background()
	r := cacheRepo(t)
	r.write("new.go", "package billing\n")
	g := newCounted(r.dir, t.TempDir(), false)
	for i := range 2 {
		if _, err := g.Blame(ctx, "new.go", 1, 1); !errors.Is(err, ErrUntracked) {
			t.Fatalf("Blame of an untracked file: %v, want ErrUntracked", err)
		}
		if runs := g.took(); i == 1 && len(runs) > 0 {
			t.Errorf("second blame of an untracked file ran %v", runs)
		}
	}
	r.commit("Add new.go")
	if cs, err := g.Blame(ctx, "new.go", 1, 1); err != nil || len(cs) != 1 {
		t.Errorf("Blame once committed = %+v, %v", cs, err)
	}
	out := newCounted(t.TempDir(), t.TempDir(), false)
	if _, err := out.Blame(ctx, "x.go", 1, 1); !errors.Is(err, ErrNotGit) {
		t.Errorf("Blame outside git: %v, want ErrNotGit", err)
	}
}

// Before the first commit there is no history: a blame says so with
// ErrNoCommits (which callers keep quiet), staged or not, and runs no git
// process to find it out.
func TestBlameBeforeFirstCommit(t *testing.T) {
	ctx := context.Background()
	r := newGitRepo(t)
	r.write("a.go", "package a\n")
	r.write("b.go", "package a\n")
	r.git("add", "b.go")
	g := newCounted(r.dir, t.TempDir(), false)
	for _, p := range []string{"a.go", "b.go"} {
		if _, err := g.Blame(ctx, p, 1, 1); !errors.Is(err, ErrNoCommits) {
			t.Errorf("Blame of %s before the first commit: %v, want ErrNoCommits", p, err)
		}
	}
	if runs := g.took(); len(runs) > 0 {
		t.Errorf("ran %v", runs)
	}
	r.commit("First")
	if cs, err := g.Blame(ctx, "b.go", 1, 1); err != nil || len(cs) != 1 {
		t.Errorf("Blame once committed = %+v, %v", cs, err)
	}
}

func TestReadHead(t *testing.T) {
	r := cacheRepo(t)
	want := strings.TrimSpace(r.git("rev-parse", "HEAD"))
	tests := []struct {
		name  string
		setup func()
	}{
		{"loose ref", func() {}},
		{"packed ref", func() { r.git("pack-refs", "--all") }},
		{"detached", func() { r.git("checkout", "-q", "--detach") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup()
			d, ok := findGitDirs(filepath.Join(r.dir, "pkg"))
			if !ok {
				t.Fatal("no .git found from a subdirectory")
			}
			if got, ok := d.readHead(); !ok || got != want {
				t.Errorf("readHead = %q, %v; want %q", got, ok, want)
			}
		})
	}
}
