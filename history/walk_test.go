package history

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestWalk(t *testing.T) {
	r := newGitRepo(t)
	r.write("budget.go", "package billing\n")
	r.commit("Add budgets\n\nA budget caps what one team may spend.\n\nSigned-off-by: Ada <ada@example.com>")
	r.write("docs/cap notes.md", "# Caps\n")
	r.write("budget.go", "package billing\n\nfunc Cap() {}\n")
	r.commit("Cap spending at the budget")
	first := strings.TrimSpace(r.git("rev-parse", "HEAD~1"))
	r.write("limit.go", "package billing\n")
	r.commit("Move the limit into its own file")
	head := strings.TrimSpace(r.git("rev-parse", "HEAD"))
	g := NewGit(r.dir)
	ctx := context.Background()

	t.Run("whole history", func(t *testing.T) {
		cs, err := g.Walk(ctx, "", head)
		if err != nil {
			t.Fatal(err)
		}
		var subjects []string
		for _, c := range cs {
			subjects = append(subjects, c.Subject)
		}
		want := []string{"Move the limit into its own file", "Cap spending at the budget", "Add budgets"}
		if !slices.Equal(subjects, want) {
			t.Fatalf("subjects = %q, want %q", subjects, want)
		}
		if got := cs[1].Changed; !slices.Equal(got, []string{"budget.go", "docs/cap notes.md"}) || cs[1].Files != 2 {
			t.Errorf("changed = %q (%d), want budget.go and the name with a space", got, cs[1].Files)
		}
		if cs[2].Body != "A budget caps what one team may spend.\n\nSigned-off-by: Ada <ada@example.com>" || cs[2].Author != "Ada Lovelace" || cs[2].Date.IsZero() {
			t.Errorf("first commit = %+v", cs[2])
		}
	})
	t.Run("since a commit", func(t *testing.T) {
		cs, err := g.Walk(ctx, first, head)
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) != 2 || cs[1].Subject != "Cap spending at the budget" {
			t.Fatalf("got %d commits: %+v", len(cs), cs)
		}
		if !g.IsAncestor(ctx, first, head) || g.IsAncestor(ctx, head, first) {
			t.Error("IsAncestor does not follow the history")
		}
	})
	t.Run("bad range", func(t *testing.T) {
		if _, err := g.Walk(ctx, "--all", head); !errors.Is(err, errMalformed) {
			t.Errorf("err = %v, want errMalformed", err)
		}
	})
	t.Run("outside git", func(t *testing.T) {
		if _, err := NewGit(t.TempDir()).Walk(ctx, "", head); !errors.Is(err, ErrNotGit) {
			t.Errorf("err = %v, want ErrNotGit", err)
		}
	})
}

func TestParseWalk(t *testing.T) {
	a, b := strings.Repeat("a", 40), strings.Repeat("b", 40)
	rec := func(h, msg, files string) string {
		return "\x00" + h + "\x00Ada\x002024-01-02T03:04:05Z\x00" + msg + "\x00" + files
	}
	tests := []struct {
		name  string
		out   string
		want  []string
		files [][]string
		ok    bool
	}{
		{"two commits", rec(a, "Add\n\nbody\n", "\nx.go\ny z.go\n\n") + rec(b, "Fix", "\nx.go\n"), []string{a, b}, [][]string{{"x.go", "y z.go"}, {"x.go"}}, true},
		{"no files", rec(a, "Empty", "\n"), []string{a}, [][]string{nil}, true},
		{"a field too many", rec(a, "Add\x00forged", "\n"), []string{a}, nil, false},
		{"out of order", rec(b, "Fix", "\n") + rec(a, "Add", "\n"), []string{a, b}, nil, false},
		{"text before", "junk" + rec(a, "Add", "\n"), []string{a}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := parseWalk([]byte(tt.out), tt.want)
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok %v", err, tt.ok)
			}
			for i, c := range cs {
				if c.Hash != tt.want[i] || !slices.Equal(c.Changed, tt.files[i]) {
					t.Errorf("commit %d = %s %q, want %s %q", i, c.Hash, c.Changed, tt.want[i], tt.files[i])
				}
			}
		})
	}
}

// FuzzParseWalk feeds arbitrary git log output to the history walk's
// parser: it must not panic, and every commit it returns is one asked
// for, in order, with at most MaxWalkFiles files.
func FuzzParseWalk(f *testing.F) {
	h := strings.Repeat("a", 40)
	f.Add("\x00"+h+"\x00Ada\x002024-01-02T03:04:05Z\x00Add\n\x00\nx.go\n", uint8(1))
	f.Add("\x00"+h+"\x00Ada\x002024\x00x\x00\n\x00"+h+"\x00y\x00z\x00\n", uint8(2))
	f.Fuzz(func(t *testing.T, out string, n uint8) {
		want := []string{strings.Repeat("a", 40), strings.Repeat("b", 40), strings.Repeat("c", 40)}[:n%4]
		cs, err := parseWalk([]byte(out), want)
		if err != nil {
			return
		}
		if len(cs) != len(want) {
			t.Fatalf("%d commits for %d asked", len(cs), len(want))
		}
		for i, c := range cs {
			if c.Hash != want[i] || len(c.Changed) > MaxWalkFiles || c.Files < len(c.Changed) {
				t.Fatalf("commit %d = %+v", i, c)
			}
		}
	})
}

func TestCleanBody(t *testing.T) {
	tests := []struct {
		name, body, clean, excerpt string
	}{
		{"trailers", "The cap was off by one.\n\nReported-by: Bob\nSigned-off-by: Ada <a@x>\nCloses #12", "The cap was off by one.", "The cap was off by one."},
		{"squash rule and co-author", "Fix cap (#3)\n\n---------\n\nCo-authored-by: Bob <b@x>", "Fix cap (#3)", ""},
		{"pointer lines", "Fixes #10535\nCloses #10536\n\nUse the new limit when the old one is zero, so that no team is capped at nothing.", "Use the new limit when the old one is zero, so that no team is capped at nothing.", "Use the new limit when the old one is zero, so that no team is capped at nothing."},
		{"prose kept", "Bug reports said the cap was wrong:\n\nsee the budget\nFollow-up to 1a2b3c4d", "Bug reports said the cap was wrong:\n\nsee the budget", "Bug reports said the cap was wrong:"},
		{"crlf", "One two three four.\r\n\r\nAcked-by: X\r\n", "One two three four.", "One two three four."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CleanBody(tt.body); got != tt.clean {
				t.Errorf("CleanBody = %q, want %q", got, tt.clean)
			}
			if got := Excerpt(tt.body); got != tt.excerpt {
				t.Errorf("Excerpt = %q, want %q", got, tt.excerpt)
			}
		})
	}
}
