package history

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseRefs(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"issue", "Fix rounding (#12)", []string{"#12"}},
		{"cross repo", "See acme/shop#7 and #9", []string{"acme/shop#7", "#9"}},
		{"tracker", "ABC-7: add budgets; also PAY-1203", []string{"ABC-7", "PAY-1203"}},
		{"dedupe and order", "ABC-7 then #3 then ABC-7 and #3", []string{"ABC-7", "#3"}},
		{"prose is no ref", "Use UTF-8 and SHA-256, see RFC-2119 and CVE-2024-1234", nil},
		{"html entity and anchors", "&#123; url#frag x#5", nil},
		{"one-letter key", "X-1 is no key", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ParseRefs(tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("ParseRefs(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestCommitSkip(t *testing.T) {
	tests := []struct {
		subject string
		files   int
		skip    bool
	}{
		{"Add spending limits (#12)", 3, false},
		{"style: gofmt", 3, true},
		{"fmt(billing): align fields", 1, true},
		{"gofmt -s", 2, true},
		{"Run prettier over docs", 2, true},
		{"Reformat invoice.go", 1, true},
		{"Fix whitespace", 1, true},
		{"Fix date formatting in invoices", 1, false}, // a real change that mentions formatting
		{"Rename module path", 250, true},
		{"Rename module path", BulkFiles, false},
		{"  style: gofmt\n", 3, true},
	}
	// The second round reads each subject's answer from formattingOnly.
	for round := range 2 {
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/round %d", tt.subject, round+1), func(t *testing.T) {
				if got, why := (Commit{Subject: tt.subject, Files: tt.files}).Skip(); got != tt.skip {
					t.Errorf("Skip() = %v (%s), want %v", got, why, tt.skip)
				}
			})
		}
	}
}

// TestKeepOwners: a file's commits, formatting-only ones left out, the
// most lines first, then the newest, ties in the order given.
func TestKeepOwners(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2024, 1, d, 0, 0, 0, 0, time.UTC) }
	cs := []Commit{
		{Hash: "a", Subject: "Add limits", Date: day(1)},
		{Hash: "b", Subject: "style: gofmt", Date: day(9)},
		{Hash: "c", Subject: "Retry writes", Date: day(3)},
		{Hash: "d", Subject: "Fix rounding", Date: day(3)},
		{Hash: "e", Subject: "Split ledger", Date: day(2)},
		{Hash: "f", Subject: "Name refunds", Date: day(5)},
	}
	owned := map[string]int{"a": 2, "b": 9, "c": 4, "d": 4, "e": 4, "f": 1}
	tests := []struct {
		name string
		cs   []Commit
		want []string
	}{
		{"all", cs, []string{"c", "d", "e", "a", "f"}},
		{"ties in the other order", []Commit{cs[3], cs[2], cs[4]}, []string{"d", "c", "e"}},
		{"one", cs[:1], []string{"a"}},
		{"only formatting", cs[1:2], nil},
		{"none", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, c := range keepOwners(tt.cs, owned, "ledger.go") {
				got = append(got, c.Hash)
				if c.Path != "ledger.go" || c.Lines != owned[c.Hash] {
					t.Errorf("%s: path %q, %d lines; want ledger.go, %d", c.Hash, c.Path, c.Lines, owned[c.Hash])
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("keepOwners = %v, want %v", got, tt.want)
			}
		})
	}
}

// gitRepo is a test repository: a directory, and a helper committing
// with fixed authors and dates.
type gitRepo struct {
	t    testing.TB
	dir  string
	tick int
}

func newGitRepo(t *testing.T) *gitRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	r := &gitRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *gitRepo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=Ada Lovelace", "-c", "user.email=ada@example.com",
		"-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = r.dir
	date := time.Date(2024, 1, 1+r.tick, 12, 0, 0, 0, time.UTC).Format(time.RFC3339)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_NOSYSTEM=1", "HOME="+r.dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (r *gitRepo) write(path, text string) {
	r.t.Helper()
	full := filepath.Join(r.dir, path)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *gitRepo) commit(msg string) {
	r.t.Helper()
	r.tick++
	r.git("add", "-A")
	r.git("commit", "-q", "-m", msg)
}

func TestGitHistory(t *testing.T) {
	r := newGitRepo(t)
	r.write("budget.go", "package billing\n\nfunc Remaining() int {\n\treturn 0\n}\n")
	r.commit("Add budgets\n\nBusiness customers get a monthly limit. Refs ABC-7.")
	r.write("budget.go", "package billing\n\nfunc Remaining() int {\n\tlimit := 100\n\treturn limit\n}\n")
	r.commit("Enforce the limit (#12)\n\nThe limit was advisory; finance asked for it to block orders.")
	r.write("budget.go", "package billing\n\nfunc Remaining() int {\n    limit := 100\n    return limit\n}\n")
	r.commit("Convert tabs to spaces") // whitespace only: blame -w looks through it
	r.write("budget.go", "package billing\n\n// Remaining is what is left.\nfunc Remaining() int {\n    limit := 100\n    return limit\n}\n")
	r.commit("style: add a doc comment") // skipped by subject
	r.git("mv", "budget.go", "limits.go")
	r.commit("Rename budget.go to limits.go")
	r.write("untracked.go", "package billing\n")

	ctx := context.Background()
	g := NewGit(r.dir)
	if !g.IsRepo(ctx) {
		t.Fatal("IsRepo = false in a repository")
	}

	t.Run("blame range", func(t *testing.T) {
		cs, err := g.Blame(ctx, "limits.go", 4, 7)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range cs {
			got = append(got, c.Subject)
		}
		// Lines 4-7: "func Remaining", "limit := 100", "return limit", "}".
		// The add and the enforce own them; tabs-to-spaces and the style
		// commit are left out.
		want := []string{"Enforce the limit (#12)", "Add budgets"}
		if !slices.Equal(got, want) {
			t.Fatalf("blame subjects = %q, want %q", got, want)
		}
		if cs[0].Lines != 2 || cs[1].Lines != 2 {
			t.Errorf("lines = %d, %d; want 2, 2", cs[0].Lines, cs[1].Lines)
		}
		if !slices.Equal(cs[0].Refs(), []string{"#12"}) || !slices.Equal(cs[1].Refs(), []string{"ABC-7"}) {
			t.Errorf("refs = %q, %q", cs[0].Refs(), cs[1].Refs())
		}
		if cs[0].Author != "Ada Lovelace" || cs[0].Date.IsZero() || !strings.Contains(cs[0].Body, "finance") {
			t.Errorf("details not read: %+v", cs[0])
		}
	})

	t.Run("log follows renames", func(t *testing.T) {
		cs, err := g.Log(ctx, "limits.go", 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range cs {
			got = append(got, c.Subject)
		}
		want := []string{"Rename budget.go to limits.go", "Convert tabs to spaces", "Enforce the limit (#12)", "Add budgets"}
		if !slices.Equal(got, want) {
			t.Fatalf("log = %q, want %q", got, want)
		}
	})

	t.Run("recent", func(t *testing.T) {
		cs, err := g.Recent(ctx, 2)
		if err != nil || len(cs) != 1 || cs[0].Subject != "Rename budget.go to limits.go" {
			// the style commit is one of the two latest, and is skipped
			t.Fatalf("Recent(2) = %+v, %v", cs, err)
		}
	})

	t.Run("untracked", func(t *testing.T) {
		if _, err := g.Blame(ctx, "untracked.go", 1, 1); !errors.Is(err, ErrUntracked) {
			t.Errorf("Blame untracked: %v, want ErrUntracked", err)
		}
		if _, err := g.Log(ctx, "untracked.go", 5); !errors.Is(err, ErrUntracked) {
			t.Errorf("Log untracked: %v, want ErrUntracked", err)
		}
	})

	t.Run("not a repository", func(t *testing.T) {
		g := NewGit(t.TempDir())
		if _, err := g.Blame(ctx, "x.go", 1, 1); !errors.Is(err, ErrNotGit) {
			t.Errorf("Blame outside git: %v, want ErrNotGit", err)
		}
		if _, err := g.Recent(ctx, 5); !errors.Is(err, ErrNotGit) {
			t.Errorf("Recent outside git: %v, want ErrNotGit", err)
		}
	})

	t.Run("cancelled first check is not kept", func(t *testing.T) {
		g := NewGit(r.dir)
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		if g.IsRepo(cancelled) {
			t.Fatal("IsRepo with a cancelled context = true, want false")
		}
		if !g.IsRepo(ctx) {
			t.Error("IsRepo after a cancelled first call = false, want true: the cut-short answer was kept")
		}
	})

	t.Run("timeout", func(t *testing.T) {
		g := &Git{Root: r.dir, Timeout: time.Nanosecond}
		g.IsRepo(ctx) // outside the timeout: only reads must time out
		if _, err := g.Blame(ctx, "limits.go", 1, 3); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Blame with 1ns timeout: %v, want a deadline error", err)
		}
	})
}

func TestParseBlame(t *testing.T) {
	h1, h2 := strings.Repeat("a", 40), strings.Repeat("b", 40)
	out := h1 + " 1 1 2\nauthor A\nsummary one\nfilename x.go\n\tline one\n" +
		h1 + " 2 2\n\tline two\n" +
		h2 + " 3 3 1\nauthor B\nsummary two\nfilename x.go\n\tline three\n" +
		notCommitted + " 4 4 1\nauthor Not Committed Yet\nfilename x.go\n\tline four\n"
	got := parseBlame([]byte(out))
	if got[h1] != 2 || got[h2] != 1 || len(got) != 2 {
		t.Errorf("parseBlame = %v", got)
	}
}

// FuzzParseRefs feeds arbitrary commit messages to the reference parser:
// it must not panic, and every reference it returns is in the text.
func FuzzParseRefs(f *testing.F) {
	for _, s := range []string{"Fix (#12)", "acme/shop#7 ABC-7", "UTF-8 CVE-2024-1 &#12;", "#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range ParseRefs(text) {
			if !strings.Contains(text, r) {
				t.Fatalf("ref %q not in %q", r, text)
			}
		}
	})
}

func TestParseChanges(t *testing.T) {
	tests := []struct {
		name string
		out  string
		want []Change
		bad  bool
	}{
		{name: "two commits", out: "\x00100\x00\ndocs/a design.md\x00pkg/a.go\x00\x00200\x00\ndocs/d.md\x00",
			want: []Change{{When: time.Unix(100, 0), Files: []string{"docs/a design.md", "pkg/a.go"}}, {When: time.Unix(200, 0), Files: []string{"docs/d.md"}}}},
		{name: "names that look like separators or records", out: "\x00100\x00\nn\x1el.md\x00\x1e200\x00300\x00\nx\ny.md\x00",
			want: []Change{{When: time.Unix(100, 0), Files: []string{"n\x1el.md", "\x1e200", "300", "\nx\ny.md"}}}},
		{name: "empty", out: "", want: nil},
		{name: "old format refused", out: "\x1e100\n\ndocs/a.md\n", bad: true},
		{name: "bad time refused", out: "\x00soon\x00\ndocs/a.md\x00", bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseChanges([]byte(tt.out))
			if tt.bad {
				if !errors.Is(err, errMalformed) {
					t.Fatalf("parseChanges = %v, %v; want errMalformed", got, err)
				}
				return
			}
			if err != nil || len(got) != len(tt.want) {
				t.Fatalf("parseChanges = %v, %v; want %v", got, err, tt.want)
			}
			for i := range tt.want {
				if !got[i].When.Equal(tt.want[i].When) || !slices.Equal(got[i].Files, tt.want[i].Files) {
					t.Errorf("change %d = %q, want %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestParseLog(t *testing.T) {
	h1, h2 := strings.Repeat("a", 40), strings.Repeat("b", 40)
	rec := func(h, author, msg, stat string) string {
		return "\x00" + h + "\x00" + author + "\x00" + "2024-01-02T03:04:05Z\x00" + msg + "\x00" + stat
	}
	both := []string{h1, h2}
	tests := []struct {
		name string
		ask  []string // the hashes asked for
		out  string
		want []string // "hash author subject" of each commit
		bad  bool
	}{
		{name: "two commits", ask: both, out: rec(h1, "Ada", "Add budgets\n\nbody\n", "\n 2 files changed\n") + rec(h2, "Bob", "Fix\n", "\n"),
			want: []string{h1 + " Ada Add budgets", h2 + " Bob Fix"}},
		{name: "old separators in a message stay text", ask: both[:1], out: rec(h1, "Ada", "x \x1e"+strings.Repeat("d", 40)+"\x1fLinus Torvalds\x1f2001-01-01\x1fforged\x1f\n", "\n"),
			want: []string{h1 + " Ada x \x1e" + strings.Repeat("d", 40) + "\x1fLinus Torvalds\x1f2001-01-01\x1fforged\x1f"}},
		{name: "a NUL in a message forging a record", ask: both, bad: true,
			out: rec(h1, "Ada", "x\x00"+strings.Repeat("d", 40)+"\x00Linus Torvalds\x002001-01-01T00:00:00Z\x00forged\x00", "\n") + rec(h2, "Bob", "Fix\n", "\n")},
		{name: "a NUL making the count right but the hash wrong", ask: both, bad: true,
			out: rec(h1, "Ada", "x\x00"+h2+"x\x00Linus\x002001-01-01T00:00:00Z\x00forged\x00", "\n")},
		{name: "a commit missing", ask: both, out: rec(h1, "Ada", "Add\n", "\n"), bad: true},
		{name: "commits out of order", ask: both, out: rec(h2, "Bob", "Fix\n", "\n") + rec(h1, "Ada", "Add\n", "\n"), bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := parseLog([]byte(tt.out), tt.ask)
			if tt.bad {
				if !errors.Is(err, errMalformed) {
					t.Fatalf("parseLog = %v, %v; want errMalformed", cs, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range cs {
				got = append(got, c.Hash+" "+c.Author+" "+c.Subject)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("parseLog = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestForgedCommits reads the history of a repository whose commit
// messages carry the old record and field separators, and whose last
// commit, made by hand, carries NULs laid out as a whole record: no read
// lists a commit that is not in the history.
func TestForgedCommits(t *testing.T) {
	r := newGitRepo(t)
	forged := "\x1e" + strings.Repeat("d", 40) + "\x1fLinus Torvalds\x1f2001-01-01T00:00:00Z\x1fforged subject\x1f"
	r.write("a.go", "package a\n\nfunc A() {}\n")
	r.commit("Add A " + forged + "\n\nbody " + forged)
	r.write("a.go", "package a\n\nfunc A() { _ = 1 }\n")
	r.commit("Change A")
	ctx := context.Background()
	g := NewGit(r.dir)
	check := func(name string, cs []Commit, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(cs) != 2 {
			t.Errorf("%s: %d commits, want 2: %+v", name, len(cs), cs)
		}
		for _, c := range cs {
			if c.Author != "Ada Lovelace" || c.Hash == strings.Repeat("d", 40) {
				t.Errorf("%s: forged commit %+v", name, c)
			}
		}
	}
	cs, err := g.Log(ctx, "a.go", 10)
	check("Log", cs, err)
	cs, err = g.Recent(ctx, 10)
	check("Recent", cs, err)
	cs, err = g.Blame(ctx, "a.go", 0, 0)
	if err != nil || len(cs) == 0 {
		t.Fatalf("Blame = %v, %v", cs, err)
	}

	// A commit object written by hand can hold NULs in its message: git log
	// stops the message at the first (as this git does) or prints them, in
	// which case the count check refuses the output; either way nothing
	// forged is listed.
	tree := strings.TrimSpace(r.git("rev-parse", "HEAD^{tree}"))
	parent := strings.TrimSpace(r.git("rev-parse", "HEAD"))
	obj := "tree " + tree + "\nparent " + parent + "\nauthor Mallory <m@example.com> 1700000000 +0000\ncommitter Mallory <m@example.com> 1700000000 +0000\n\n" +
		"Innocent\x00" + strings.Repeat("e", 40) + "\x00Linus Torvalds\x002001-01-01T00:00:00Z\x00forged\x00\n 1 file changed\n"
	p := filepath.Join(t.TempDir(), "commit")
	os.WriteFile(p, []byte(obj), 0o644)
	hash := strings.TrimSpace(r.git("hash-object", "-t", "commit", "-w", "--literally", p))
	r.git("update-ref", "HEAD", hash)
	for name, read := range map[string]func() ([]Commit, error){
		"Recent": func() ([]Commit, error) { return g.Recent(ctx, 10) },
		"Log":    func() ([]Commit, error) { return g.Log(ctx, "a.go", 10) },
	} {
		cs, err := read()
		for _, c := range cs {
			if c.Author == "Linus Torvalds" || c.Hash == strings.Repeat("e", 40) {
				t.Errorf("%s lists the forged commit: %+v (err %v)", name, c, err)
			}
		}
		if err != nil && !errors.Is(err, errMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
