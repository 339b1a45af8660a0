package textindex

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gortex/gortex/history"
)

// touchRepo makes a repository whose a.go declares Alpha and Beta, each
// changed by later commits, one day apart, and whose b.go changes alone;
// it returns the root and its history index.
func touchRepo(t *testing.T) (string, *Commits) {
	t.Helper()
	root, git := gitRepo(t)
	alpha := func(v int) string { return fmt.Sprintf("\tx := %d\n\t_ = x\n", v) }
	src := func(a, b int) string {
		return "package p\n\nfunc Alpha() {\n" + alpha(a) + "}\n\nfunc Beta() {\n" + alpha(b) + "}\n"
	}
	for i, c := range []struct{ file, text, msg string }{
		{"a.go", src(1, 1), "add alpha and beta"},
		{"a.go", src(2, 1), "alpha: first fix"},
		{"b.go", "package p\n", "other file"},
		{"a.go", src(2, 2), "beta: tweak"},
		{"a.go", src(3, 2), "alpha: second fix"},
		{"a.go", src(3, 2) + "\n", "style: gofmt"},
	} {
		if err := os.WriteFile(filepath.Join(root, c.file), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "-A")
		git("commit", "-q", "--date", fmt.Sprintf("2024-01-%02dT10:00:00Z", i+1), "-m", c.msg)
	}
	dir := filepath.Join(t.TempDir(), "history.bleve")
	if _, err := (HistoryIndexer{Git: history.NewGit(root)}).UpdateHistory(context.Background(), "", dir); err != nil {
		t.Fatal(err)
	}
	cs := OpenCommits(dir)
	t.Cleanup(func() { cs.Close() })
	return root, cs
}

func subjects(cs []history.Commit) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Subject)
	}
	return out
}

// TestTouching: a file's commits newest first; a symbol's, those whose
// changed lines or hunk headers name it, with the oldest (the one that
// wrote it) kept in the last place when the newest fill the rest.
func TestTouching(t *testing.T) {
	_, cs := touchRepo(t)
	tests := []struct {
		path, name string
		n          int
		want       []string
	}{
		{"a.go", "", 10, []string{"alpha: second fix", "beta: tweak", "alpha: first fix", "add alpha and beta"}}, // not "style: gofmt"
		{"a.go", "", 2, []string{"alpha: second fix", "beta: tweak"}},
		{"a.go", "Alpha", 10, []string{"alpha: second fix", "alpha: first fix", "add alpha and beta"}},
		{"a.go", "Alpha", 2, []string{"alpha: second fix", "add alpha and beta"}},
		{"a.go", "Beta", 10, []string{"beta: tweak", "add alpha and beta"}},
		{"a.go", "Gamma", 10, nil},
		{"a.go", "new", 10, nil}, // a stop word names nothing
		{"b.go", "", 10, []string{"other file"}},
		{"c.go", "", 10, nil},
	}
	// Without dateCache, then with it: the dates decoded and kept, then
	// read back.
	defer func(on bool) { postCacheOn = on }(postCacheOn)
	for _, pass := range []string{"no cache", "cached first", "cached again"} {
		postCacheOn = pass != "no cache"
		for _, tt := range tests {
			got, err := cs.Touching(context.Background(), tt.path, tt.name, tt.n)
			if err != nil {
				t.Fatal(err)
			}
			if s := subjects(got); !slices.Equal(s, tt.want) {
				t.Errorf("%s: Touching(%s, %q, %d) = %q, want %q", pass, tt.path, tt.name, tt.n, s, tt.want)
			}
		}
	}
	if dateCache.Len() == 0 {
		t.Error("no date was cached")
	}
}

// TestChanged: whether a commit of the index changed a path, whole.
func TestChanged(t *testing.T) {
	_, cs := touchRepo(t)
	for path, want := range map[string]bool{"a.go": true, "b.go": true, "draft.go": false, "a": false, "": false} {
		if got, err := cs.Changed(context.Background(), path); err != nil || got != want {
			t.Errorf("Changed(%q) = %v, %v; want %v", path, got, err, want)
		}
	}
}

// TestIndexedHistory: a range's commits come from the index by the symbol
// declared at its start, each owning half the range; a file's log from the
// index; without a history index, git blames as before.
func TestIndexedHistory(t *testing.T) {
	root, cs := touchRepo(t)
	ctx := context.Background()
	h := IndexedHistory{Git: history.NewGit(root), Commits: cs, Name: func(path string, line int) string {
		if path == "a.go" && line == 3 {
			return "Alpha"
		}
		return ""
	}}
	got, err := h.Blame(ctx, "a.go", 3, 6)
	if err != nil || !slices.Equal(subjects(got), []string{"alpha: second fix", "alpha: first fix", "add alpha and beta"}) || got[0].Lines != 2 {
		t.Errorf("Blame(a.go, 3, 6) = %+v, %v", got, err)
	}
	if got, err := h.Blame(ctx, "a.go", 8, 11); err != nil || len(got) != 0 {
		t.Errorf("Blame of a range declaring nothing known = %+v, %v", got, err)
	}
	if got, err := h.Log(ctx, "a.go", 1); err != nil || !slices.Equal(subjects(got), []string{"alpha: second fix"}) {
		t.Errorf("Log(a.go, 1) = %q, %v", subjects(got), err)
	}
	if err := os.WriteFile(filepath.Join(root, "draft.go"), []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Blame(ctx, "draft.go", 0, 0); !errors.Is(err, history.ErrUntracked) {
		t.Errorf("Blame of an untracked file: %v, want ErrUntracked", err)
	}
	// A file a commit of the index changed is tracked without asking git:
	// here git, run outside any repository, could not say.
	blind := IndexedHistory{Git: history.NewGit(t.TempDir()), Commits: cs}
	if got, err := blind.Blame(ctx, "b.go", 0, 0); err != nil || len(got) != 0 {
		t.Errorf("Blame of a file the index knows, git not asked = %+v, %v; want none and no error", got, err)
	}
	if _, err := blind.Blame(ctx, "draft.go", 0, 0); !errors.Is(err, history.ErrNotGit) {
		t.Errorf("Blame of a file the index does not know, outside git: %v, want ErrNotGit", err)
	}
	none := IndexedHistory{Git: history.NewGit(root), Commits: OpenCommits(filepath.Join(t.TempDir(), "none")), Name: h.Name}
	defer none.Commits.Close()
	got, err = none.Blame(ctx, "a.go", 3, 6)
	if err != nil || len(got) != 2 || got[0].Lines+got[1].Lines != 4 {
		t.Errorf("Blame without a history index = %+v, %v; want git blame's owners of the 4 lines", got, err)
	}
}
