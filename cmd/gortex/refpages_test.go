package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command reference pages (docs/commands/*.md) and the man pages
// (docs/man/*.1, which make install installs) are made from the help
// gortex prints, its one source: this test writes them with -update and
// otherwise fails when one differs from what the help says now.

// refPage is one command's help: its name ("" for gortex itself), its
// one-line summary and the text gortex help prints.
type refPage struct {
	name, about, help string
}

func refPages(t *testing.T) []refPage {
	t.Helper()
	_, top, _ := run(t, "help")
	pages := []refPage{{"", `answer "why does this code exist?" from design docs, memories and history`, top}}
	for _, name := range commandNames() {
		if name == "help" {
			continue
		}
		code, help, stderr := run(t, name, "--help")
		if code != exitOK || help == "" {
			t.Fatalf("gortex %s --help: exit %d, %d bytes: %s", name, code, len(help), stderr)
		}
		pages = append(pages, refPage{name, about[name][1], help})
	}
	return pages
}

func (p refPage) title() string {
	if p.name == "" {
		return "gortex"
	}
	return "gortex-" + p.name
}

// markdown is the reference page: the help as it is printed.
func (p refPage) markdown() string {
	cmd := strings.TrimSpace("gortex " + p.name)
	return fmt.Sprintf("# %s\n\n%s.\n\nThis page is `gortex help %s` as it prints; do not edit it (see cmd/gortex/refpages_test.go).\n\n```text\n%s```\n",
		cmd, capitalize(p.about), p.name, p.help)
}

// man is the man page: name, summary, and the help as preformatted text.
func (p refPage) man() string {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH %s 1 \"\" gortex \"gortex manual\"\n", strings.ToUpper(p.title()))
	fmt.Fprintf(&b, ".SH NAME\n%s \\- %s\n", p.title(), roffEscape(p.about))
	b.WriteString(".SH DESCRIPTION\n.nf\n")
	for line := range strings.Lines(p.help) {
		b.WriteString(roffLine(strings.TrimSuffix(line, "\n")) + "\n")
	}
	b.WriteString(".fi\n")
	if p.name != "" {
		b.WriteString(".SH SEE ALSO\n.BR gortex (1)\n")
	}
	return b.String()
}

// roffEscape escapes the backslashes of s, roff's escape character.
func roffEscape(s string) string { return strings.ReplaceAll(s, `\`, `\e`) }

// roffLine is a line of preformatted text: escaped, and guarded with \&
// when it starts like a request ('.' or "'").
func roffLine(s string) string {
	s = roffEscape(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func TestReferencePages(t *testing.T) {
	docs, man := filepath.Join("..", "..", "docs", "commands"), filepath.Join("..", "..", "docs", "man")
	want := map[string]string{}
	for _, p := range refPages(t) {
		want[filepath.Join(docs, p.title()+".md")] = p.markdown()
		want[filepath.Join(man, p.title()+".1")] = p.man()
	}
	if *update {
		for _, dir := range []string{docs, man} {
			os.RemoveAll(dir)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		for path, text := range want {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	for path, text := range want {
		got, err := os.ReadFile(path)
		if err != nil || string(got) != text {
			t.Errorf("%s is not what gortex help prints now (%v): go test ./cmd/gortex -run TestReferencePages -update", path, err)
		}
	}
	for _, dir := range []string{docs, man} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if _, ok := want[filepath.Join(dir, e.Name())]; !ok {
				t.Errorf("%s is the page of no command", filepath.Join(dir, e.Name()))
			}
		}
	}
}

func TestRoffLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{`PHP Namespace\Class::method`, `PHP Namespace\eClass::method`},
		{".gortex/index", `\&.gortex/index`},
		{"'quoted", `\&'quoted`},
	}
	for _, tt := range tests {
		if got := roffLine(tt.in); got != tt.want {
			t.Errorf("roffLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
