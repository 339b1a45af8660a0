package history

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// walkAll collects what g.Walk calls its function with.
func walkAll(g *Git, since, head string) ([]Commit, error) {
	var cs []Commit
	err := g.Walk(context.Background(), since, head, func(c Commit) error {
		cs = append(cs, c)
		return nil
	})
	return cs, err
}

func TestWalk(t *testing.T) {
	r := newGitRepo(t)
	r.write("budget.go", "package billing\n")
	r.commit("Add budgets\n\nA budget caps what one team may spend.\n\nSigned-off-by: Ada <ada@example.com>")
	r.write("docs/cap notes.md", "# Caps\n")
	r.write("budget.go", "package billing\n\nfunc CapSpending(maxCents int) {}\n")
	r.commit("Cap spending at the budget")
	first := strings.TrimSpace(r.git("rev-parse", "HEAD~1"))
	r.write("limit.go", "package billing\n")
	r.write("budget.go", "package billing\n\nfunc CapSpending(maxCents int) {\n\tif maxCents < 0 { panic(0x1f) }\n}\n")
	r.commit("Move the limit into its own file")
	head := strings.TrimSpace(r.git("rev-parse", "HEAD"))
	g := NewGit(r.dir)
	ctx := context.Background()

	t.Run("whole history", func(t *testing.T) {
		cs, err := walkAll(g, "", head)
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
		// The identifiers of the changed lines, each once, in the diff's
		// order, an identifier of several words followed by them; a hunk
		// header's context (the declaration above the change) before its
		// lines; no number's tail (0x1f), no word under three letters.
		codes := []string{
			"package billing func CapSpending Cap Spending maxCents max Cents int panic ",
			"package billing func CapSpending Cap Spending maxCents max Cents int Caps ",
			"package billing ",
		}
		for i, c := range cs {
			if c.Code != codes[i] {
				t.Errorf("commit %d code = %q, want %q", i, c.Code, codes[i])
			}
		}
	})
	t.Run("since a commit", func(t *testing.T) {
		cs, err := walkAll(g, first, head)
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
	t.Run("stopped by its function", func(t *testing.T) {
		stop := errors.New("stop")
		calls := 0
		err := g.Walk(ctx, "", head, func(Commit) error { calls++; return stop })
		if !errors.Is(err, stop) || calls != 1 {
			t.Errorf("err = %v after %d calls, want stop after 1", err, calls)
		}
	})
	t.Run("bad range", func(t *testing.T) {
		if _, err := walkAll(g, "--all", head); !errors.Is(err, errMalformed) {
			t.Errorf("err = %v, want errMalformed", err)
		}
	})
	t.Run("outside git", func(t *testing.T) {
		if _, err := walkAll(NewGit(t.TempDir()), "", head); !errors.Is(err, ErrNotGit) {
			t.Errorf("err = %v, want ErrNotGit", err)
		}
	})
}

// walkRec is one record of git log output as Walk asks for it.
func walkRec(marker, h, msg, rest string) string {
	return "\x00" + marker + h + "\x00Ada\x002024-01-02T03:04:05Z\x00" + msg + "\x00" + rest
}

func TestParseWalk(t *testing.T) {
	a, b, m := strings.Repeat("a", 40), strings.Repeat("b", 40), "f00d"
	raw := func(paths ...string) string {
		var s string
		for _, p := range paths {
			s += ":100644 100644 1111111 2222222 M\t" + p + "\n"
		}
		return s
	}
	patch := "\ndiff --git a/x.go b/x.go\nindex 1..2 100644\n--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@ func Old() {\n-\treturn oldValue\n+\treturn new_value\n"
	tests := []struct {
		name  string
		out   string
		want  []string
		files [][]string
		code  []string
		ok    bool
	}{
		{"two commits", walkRec(m, a, "Add\n\nbody\n", "\n"+raw("x.go", "y z.go")+patch) + walkRec(m, b, "Fix", "\n"+raw("x.go")), []string{a, b},
			[][]string{{"x.go", "y z.go"}, {"x.go"}}, []string{"func Old return oldValue old Value new_value new value ", ""}, true},
		{"no files", walkRec(m, a, "Empty", "\n"), []string{a}, [][]string{nil}, []string{""}, true},
		{"a line too long", walkRec(m, a, "Long", "\n"+raw("x.go")+"\ndiff --git a/x.go b/x.go\n@@ -1 +1 @@\n+"+strings.Repeat("x", walkLine*2)+"\n+tail_ident\n"), []string{a},
			[][]string{{"x.go"}}, []string{"tail_ident tail ident "}, true},
		{"a forged marker is no record", walkRec(m, a, "Add", "\n"+raw("x.go")+"+\x00beef"+b+"\x00Eve\x00\x00x\x00\n"), []string{a}, [][]string{{"x.go"}}, []string{""}, true},
		{"a field too many", walkRec(m, a, "Add\x00forged", "\n"), []string{a}, nil, nil, false},
		{"out of order", walkRec(m, b, "Fix", "\n") + walkRec(m, a, "Add", "\n"), []string{a, b}, nil, nil, false},
		{"one missing", walkRec(m, a, "Add", "\n"), []string{a, b}, nil, nil, false},
		{"one more", walkRec(m, a, "Add", "\n") + walkRec(m, b, "Fix", "\n"), []string{a}, nil, nil, false},
		{"text before", "junk" + walkRec(m, a, "Add", "\n"), []string{a}, nil, nil, false},
		{"header cut", "\x00" + m + a + "\x00Ada\x00", []string{a}, nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cs []Commit
			_, err := parseWalk(strings.NewReader(tt.out), m, tt.want, func(c Commit) error { cs = append(cs, c); return nil })
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok %v", err, tt.ok)
			}
			if !tt.ok {
				return
			}
			if len(cs) != len(tt.want) {
				t.Fatalf("%d commits, want %d", len(cs), len(tt.want))
			}
			for i, c := range cs {
				if c.Hash != tt.want[i] || !slices.Equal(c.Changed, tt.files[i]) || c.Code != tt.code[i] {
					t.Errorf("commit %d = %s %q %q, want %s %q %q", i, c.Hash, c.Changed, c.Code, tt.want[i], tt.files[i], tt.code[i])
				}
			}
		})
	}
}

func TestIdentWords(t *testing.T) {
	tests := []struct {
		id   string
		want []string
	}{
		{"ParseDiff", []string{"Parse", "Diff"}},
		{"parse_diff", []string{"parse", "diff"}},
		{"HTTPServer", []string{"HTTP", "Server"}},
		{"Curl_conncache_find", []string{"Curl", "conncache", "find"}},
		{"utf8Decode", []string{"utf8", "Decode"}},
		{"x_y", nil},
		{"plain", []string{"plain"}},
		{"__init__", []string{"init"}},
	}
	for _, tt := range tests {
		if got := IdentWords(tt.id); !slices.Equal(got, tt.want) {
			t.Errorf("IdentWords(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
}

// TestCodeBudget: a commit's identifiers stop at MaxCodeBytes.
func TestCodeBudget(t *testing.T) {
	var p walkParser
	p.line([]byte("@@ -1 +1 @@\n"))
	for i := range 5000 {
		p.line(fmt.Appendf(nil, "+ident%d\n", i))
	}
	if n := p.code.Len(); n > MaxCodeBytes || n < MaxCodeBytes-maxIdent*3 {
		t.Errorf("code is %d bytes, want at most %d and near it", n, MaxCodeBytes)
	}
}

// FuzzParseWalk feeds arbitrary git log output to the history walk's
// parser: it must not panic, and every commit it calls back with is one
// asked for, in order, with at most MaxWalkFiles files and MaxCodeBytes of
// identifiers.
func FuzzParseWalk(f *testing.F) {
	h := strings.Repeat("a", 40)
	f.Add(walkRec("m", h, "Add\n", "\n:100644 100644 1 2 M\tx.go\ndiff --git a/x b/x\n@@ -1 +1 @@ f\n+a_b\n"), uint8(1))
	f.Add("\x00m"+h+"\x00Ada\x002024\x00x\x00\n\x00m"+h+"\x00y\x00z\x00\n", uint8(2))
	f.Fuzz(func(t *testing.T, out string, n uint8) {
		want := []string{strings.Repeat("a", 40), strings.Repeat("b", 40), strings.Repeat("c", 40)}[:n%4]
		i := 0
		_, err := parseWalk(strings.NewReader(out), "m", want, func(c Commit) error {
			if i >= len(want) || c.Hash != want[i] || len(c.Changed) > MaxWalkFiles || c.Files < len(c.Changed) || len(c.Code) > MaxCodeBytes {
				t.Fatalf("commit %d = %+v", i, c)
			}
			i++
			return nil
		})
		if err == nil && i != len(want) {
			t.Fatalf("%d commits for %d asked", i, len(want))
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

// TestWalkMissingBlob: a blob missing from the repository (a partial
// clone, a snapshot without its largest files) ends git log -p at the
// commit whose diff needs it; the walk still reads every commit, that one
// without the identifiers of its diff.
func TestWalkMissingBlob(t *testing.T) {
	r := newGitRepo(t)
	r.write("a.go", "package a\n\nfunc KeptIdent() {}\n")
	r.commit("first")
	r.write("big.txt", "LostIdent\n")
	r.commit("second")
	r.write("a.go", "package a\n\nfunc LaterIdent() {}\n")
	r.commit("third")
	blob := strings.TrimSpace(r.git("rev-parse", "HEAD:big.txt"))
	if err := os.Remove(filepath.Join(r.dir, ".git", "objects", blob[:2], blob[2:])); err != nil {
		t.Fatal(err)
	}
	head := strings.TrimSpace(r.git("rev-parse", "HEAD"))
	cs, err := walkAll(NewGit(r.dir), "", head)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cs {
		got = append(got, c.Subject+": "+strings.Join(c.Changed, ",")+": "+c.Code)
	}
	want := []string{
		"third: a.go: package func KeptIdent Kept Ident LaterIdent Later Ident ",
		"second: big.txt: ",
		"first: a.go: package func KeptIdent Kept Ident ",
	}
	if !slices.Equal(got, want) {
		t.Errorf("walk = %q, want %q", got, want)
	}
}
