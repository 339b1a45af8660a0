package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeText is the repository's README, the user's manual.
func readmeText(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestReadmeIsAManual holds the README to a manual's length and its links
// to pages that exist.
func TestReadmeIsAManual(t *testing.T) {
	text := readmeText(t)
	if n := strings.Count(text, "\n"); n >= 300 {
		t.Errorf("README.md has %d lines; a manual has fewer than 300 (move reference text to docs/)", n)
	}
	if !strings.HasPrefix(text, "# gortex\n\n```sh\nmake demo") || !strings.Contains(text, "\nmake test ") {
		t.Error("README.md does not open with the two set-up commands, make demo and make test")
	}
	for _, m := range regexp.MustCompile(`\]\(((?:docs/|ARCHITECTURE)[^)#]*)`).FindAllStringSubmatch(text, -1) {
		if _, err := os.Stat(filepath.Join("../..", m[1])); err != nil {
			t.Errorf("README.md links to %s: %v", m[1], err)
		}
	}
}

// shellWords splits a line of a shell example into words: spaces part
// them, single and double quotes group them (no escapes, no expansions:
// the README's examples need none). A # after a space starts a comment.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words, in = append(words, cur.String()), false
				cur.Reset()
			}
		case c == '#' && !in:
			return words
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

func TestShellWords(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{`gortex why X --json`, []string{"gortex", "why", "X", "--json"}},
		{`gortex why "why are refunds store credit"  # a question`, []string{"gortex", "why", "why are refunds store credit"}},
		{`gortex remember --title 'a b' --body "c #d"`, []string{"gortex", "remember", "--title", "a b", "--body", "c #d"}},
		{`gortex why a#b`, []string{"gortex", "why", "a#b"}},
	}
	for _, tt := range tests {
		if got := shellWords(tt.line); !slices.Equal(got, tt.want) {
			t.Errorf("shellWords(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestReadmeExamplesRun runs every gortex command of the README's sh
// blocks, in order, inside a copy of the fixture (the walk through the
// README follows): each must exit 0.
func TestReadmeExamplesRun(t *testing.T) {
	t.Setenv("GORTEX_LLM", "none")
	text := readmeText(t)
	dir := fixtureCopy(t)
	t.Chdir(dir)
	ran := 0
	for _, block := range strings.Split(text, "```sh\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		for line := range strings.Lines(block) {
			words := shellWords(strings.TrimSpace(line))
			if len(words) == 0 || words[0] != "gortex" {
				continue
			}
			ran++
			if code, stdout, stderr := run(t, words[1:]...); code != exitOK {
				t.Errorf("%s: exit %d\nstdout: %s\nstderr: %s", line, code, stdout, stderr)
			}
		}
	}
	if ran < 5 {
		t.Errorf("ran %d gortex commands from the README's sh blocks; the walk through has more", ran)
	}
}

// TestReadmeCommandsExist checks every `gortex …` code span of the README:
// the command exists and each flag it shows is one of that command's.
func TestReadmeCommandsExist(t *testing.T) {
	spans := regexp.MustCompile("`(gortex [^`]+)`").FindAllStringSubmatch(readmeText(t), -1)
	if len(spans) < 10 {
		t.Fatalf("found %d gortex code spans in the README", len(spans))
	}
	for _, m := range spans {
		words := shellWords(m[1])
		if len(words) < 2 {
			continue
		}
		name := words[1]
		if !slices.Contains(commandNames(), name) {
			t.Errorf("`%s`: no command %q", m[1], name)
			continue
		}
		_, help, _ := run(t, name, "--help")
		if name == "memory" && len(words) > 2 {
			_, help, _ = run(t, "memory", words[2], "--help")
		}
		for _, w := range words[2:] {
			flag, ok := strings.CutPrefix(w, "-")
			if !ok || flag == "" {
				continue
			}
			flag = strings.TrimPrefix(flag, "-")
			flag, _, _ = strings.Cut(flag, "=")
			if flag == "help" || flag == "h" {
				continue
			}
			if !regexp.MustCompile(`(?m)^ +--?` + regexp.QuoteMeta(flag) + `\b`).MatchString(help) {
				t.Errorf("`%s`: gortex %s has no flag %s", m[1], name, w)
			}
		}
	}
}
