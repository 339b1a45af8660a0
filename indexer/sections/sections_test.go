package sections

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// describe renders a section compactly: "level line-end heading [path]".
func describe(s Section) string {
	return fmt.Sprintf("%d %d-%d %q %q", s.Level, s.Line, s.EndLine, s.Heading, s.HeadingPath)
}

func TestSplit(t *testing.T) {
	cases := []struct {
		name  string
		path  string // "doc.md" when empty
		lang  string // "markdown" when empty
		src   string
		want  []string // describe of each section
		texts []string // the Text of each section, when given
	}{
		{name: "empty", src: ""},
		{name: "blank only", src: "\n  \n\t\n"},
		{name: "atx levels", src: "# A\ntext\n## B\nmore\n",
			want:  []string{`1 1-2 "A" ["A"]`, `2 3-4 "B" ["A" "B"]`},
			texts: []string{"text", "more"}},
		{name: "closing hashes", src: "# Title ##\n## Title#\n###   spaced   #  \n### ###\n#### a \\#\n",
			want: []string{`1 1-1 "Title" ["Title"]`, `2 2-2 "Title#" ["Title" "Title#"]`,
				`3 3-3 "spaced" ["Title" "Title#" "spaced"]`, `3 4-4 "" ["Title" "Title#" ""]`,
				`4 5-5 "a \\#" ["Title" "Title#" "" "a \\#"]`}},
		{name: "markup kept", src: "# *Why* `Foo`  exists\n",
			want: []string{"1 1-1 \"*Why* `Foo`  exists\" [\"*Why* `Foo`  exists\"]"}},
		{name: "gold heading", src: "### [Recommended] Solution 1: `minValues` field in the `spec.requirements`  section of NodeClaim Template (becomes part of the template on the NodePool)\n",
			want: []string{"3 1-1 \"[Recommended] Solution 1: `minValues` field in the `spec.requirements`  section of NodeClaim Template (becomes part of the template on the NodePool)\" [\"[Recommended] Solution 1: `minValues` field in the `spec.requirements`  section of NodeClaim Template (becomes part of the template on the NodePool)\"]"}},
		{name: "indent", src: "   # ok\n    # code\n",
			want: []string{`1 1-2 "ok" ["ok"]`}, texts: []string{"    # code"}},
		{name: "hashtag is text", path: "notes.md", src: "#hashtag\n\n#5 is\n# Real\n",
			want:  []string{`0 1-3 "notes" ["notes"]`, `1 4-4 "Real" ["Real"]`},
			texts: []string{"#hashtag\n\n#5 is", ""}},
		{name: "seven hashes", src: "####### no\n", want: []string{`0 1-1 "doc" ["doc"]`}},
		{name: "fences", src: "# A\n```go\n# not\n```\n~~~~\n# not\n~~~\n# still not\n~~~~\n## B\n",
			want: []string{`1 1-9 "A" ["A"]`, `2 10-10 "B" ["A" "B"]`}},
		{name: "fence chars differ", src: "```\n~~~\n# no\n```\n# yes\n",
			want: []string{`0 1-4 "doc" ["doc"]`, `1 5-5 "yes" ["yes"]`}},
		{name: "unclosed fence", src: "# A\n```\n# no\n", want: []string{`1 1-3 "A" ["A"]`}},
		{name: "backtick in info string", src: "``` a`b\n# yes\n",
			want: []string{`0 1-1 "doc" ["doc"]`, `1 2-2 "yes" ["yes"]`}},
		{name: "setext", src: "Title\n=====\ntext\n\nSub\n---\nx\n",
			want:  []string{`1 1-4 "Title" ["Title"]`, `2 5-7 "Sub" ["Title" "Sub"]`},
			texts: []string{"text", "x"}},
		{name: "setext multiline", src: "para one\n  para two\n===\n",
			want: []string{`1 1-3 "para one para two" ["para one para two"]`}},
		{name: "setext indented underline", src: "Title\n   ===   \n", want: []string{`1 1-2 "Title" ["Title"]`}},
		{name: "thematic break after blank", src: "# A\ntext\n\n---\nmore\n",
			want: []string{`1 1-5 "A" ["A"]`}, texts: []string{"text\n\n---\nmore"}},
		{name: "list is no setext", src: "- item\n---\n* x\n===\n", want: []string{`0 1-4 "doc" ["doc"]`}},
		{name: "quote is no setext", src: "> quote\n---\n", want: []string{`0 1-2 "doc" ["doc"]`}},
		{name: "star break", src: "Para\n***\n", want: []string{`0 1-2 "doc" ["doc"]`}},
		{name: "front matter", src: "---\ntitle: x\n---\n# A\nbody\n",
			want: []string{`1 4-5 "A" ["A"]`}, texts: []string{"body"}},
		{name: "front matter then preamble", src: "---\ntitle: x\n...\nintro\n# A\n",
			want:  []string{`0 4-4 "doc" ["doc"]`, `1 5-5 "A" ["A"]`},
			texts: []string{"intro", ""}},
		{name: "toml front matter", src: "+++\ntitle = 'x'\n+++\n# A\n", want: []string{`1 4-4 "A" ["A"]`}},
		{name: "indented front matter", src: " ---\ntitle: x\n---  \n# A\n", want: []string{`1 4-4 "A" ["A"]`}},
		{name: "byte order mark", src: "\ufeff---\na: b\n---\n# A\n", want: []string{`1 4-4 "A" ["A"]`}},
		{name: "byte order mark heading", src: "\ufeff# A\n", want: []string{`1 1-1 "A" ["A"]`}},
		{name: "unclosed front matter", src: "---\nfoo\n", want: []string{`0 1-2 "doc" ["doc"]`}},
		{name: "front matter only", src: "---\na: b\n---\n"},
		{name: "skipped levels", src: "# A\n### C\n## B\n#### D\n# E\n",
			want: []string{`1 1-1 "A" ["A"]`, `3 2-2 "C" ["A" "C"]`, `2 3-3 "B" ["A" "B"]`,
				`4 4-4 "D" ["A" "B" "D"]`, `1 5-5 "E" ["E"]`}},
		{name: "preamble", path: "docs/design.md", src: "intro text\n\n# A\n",
			want:  []string{`0 1-2 "design" ["design"]`, `1 3-3 "A" ["A"]`},
			texts: []string{"intro text", ""}},
		{name: "blank preamble", src: "\n\n# A\n", want: []string{`1 3-3 "A" ["A"]`}},
		{name: "crlf", src: "# A\r\ntext\r\n\r\nB\r\n-\r\n",
			want:  []string{`1 1-3 "A" ["A"]`, `2 4-5 "B" ["A" "B"]`},
			texts: []string{"text", ""}},
		{name: "no final newline", src: "# A\nlast", want: []string{`1 1-2 "A" ["A"]`}, texts: []string{"last"}},
		{name: "invalid utf8", src: "# caf\xe9\n\xff\n", want: []string{`1 1-2 "caf�" ["caf�"]`}, texts: []string{"�"}},
		{name: "html comment", src: "<!--\n# not\n-->\n# yes\n",
			want: []string{`0 1-3 "doc" ["doc"]`, `1 4-4 "yes" ["yes"]`}},
		{name: "one-line comment", src: "<!-- x -->\n# yes\n", want: []string{`0 1-1 "doc" ["doc"]`, `1 2-2 "yes" ["yes"]`}},
		{name: "html block ends at blank", src: "<details>\n# not\n\n# yes\n",
			want: []string{`0 1-3 "doc" ["doc"]`, `1 4-4 "yes" ["yes"]`}},
		{name: "pre block", src: "<pre>\n# not\n\n# not\n</pre>\n# yes\n",
			want: []string{`0 1-5 "doc" ["doc"]`, `1 6-6 "yes" ["yes"]`}},
		{name: "indented code", src: "text\n\n    # code\n    ===\n", want: []string{`0 1-4 "doc" ["doc"]`}},
		{name: "empty atx", src: "#\n", want: []string{`1 1-1 "" [""]`}},

		{name: "asciidoc", path: "guide.adoc", lang: "text",
			src: "= Doc\nintro\n== One\n----\n== not\n----\n=== Two ===\n```\n== no\n```\n",
			want: []string{`1 1-2 "Doc" ["Doc"]`, `2 3-6 "One" ["Doc" "One"]`,
				`3 7-10 "Two" ["Doc" "One" "Two"]`},
			texts: []string{"intro", "----\n== not\n----", "```\n== no\n```"}},
		{name: "asciidoc markdown headings", path: "g.adoc", lang: "text", src: "## Md\n",
			want: []string{`2 1-1 "Md" ["Md"]`}},
		{name: "rst", path: "guide.rst", lang: "text",
			src: "=====\nTitle\n=====\n\nIntro\n\nSection\n-------\ntext\n\nSub\n~~~\n\nOther\n-------\n",
			want: []string{`1 1-6 "Title" ["Title"]`, `2 7-10 "Section" ["Title" "Section"]`,
				`3 11-13 "Sub" ["Title" "Section" "Sub"]`, `2 14-15 "Other" ["Title" "Other"]`},
			texts: []string{"Intro", "text", "", ""}},
		{name: "rst inset overline title", path: "x.rst", lang: "text", src: "-------\n Title\n-------\n",
			want: []string{`1 1-3 "Title" ["Title"]`}},
		{name: "rst overline style differs", path: "x.rst", lang: "text",
			src:  "===\nTop\n===\nMid\n===\n",
			want: []string{`1 1-3 "Top" ["Top"]`, `2 4-5 "Mid" ["Top" "Mid"]`}},
		{name: "rst hash is text", path: "x.rst", lang: "text", src: "Title\n=====\n# not\n= not\n",
			want: []string{`1 1-4 "Title" ["Title"]`}},
		{name: "rst short underline", path: "x.rst", lang: "text", src: "Long title\n===\n",
			want: []string{`0 1-2 "x" ["x"]`}},
		{name: "rst indented title", path: "x.rst", lang: "text", src: "  code\n  ----\n",
			want: []string{`0 1-2 "x" ["x"]`}},
		{name: "rst transition", path: "x.rst", lang: "text", src: "a\n\n----------\n\nb\n",
			want: []string{`0 1-5 "x" ["x"]`}},
		{name: "rst table", path: "x.rst", lang: "text", src: "=====  =====\nA      B\n=====  =====\n",
			want: []string{`0 1-3 "x" ["x"]`}},
		{name: "txt markdown heading", path: "notes.txt", lang: "text", src: "# Title\ntext\n#tag\n",
			want: []string{`1 1-3 "Title" ["Title"]`}},
		{name: "txt separator", path: "notes.txt", lang: "text", src: "a long line\n######\nb\n",
			want: []string{`0 1-3 "notes" ["notes"]`}},
		{name: "txt underline and asciidoc", path: "notes.txt", lang: "text",
			src:  "Intro\n=====\n== Sub\n```\n# no\n```\n",
			want: []string{`1 1-2 "Intro" ["Intro"]`, `2 3-6 "Sub" ["Intro" "Sub"]`}},
		{name: "txt plain", path: "dir/notes.txt", lang: "text", src: "just\ntext\n",
			want: []string{`0 1-2 "notes" ["notes"]`}, texts: []string{"just\ntext"}},
		{name: "txt comment lines are no headings", path: "proptest-regressions/x.txt", lang: "text",
			src:  "# Seeds for failure cases proptest has generated.\n# It is read before any novel case.\n#\ncc 1c7d # shrinks to x\n",
			want: []string{`0 1-4 "x" ["x"]`}},
		{name: "txt heading stands alone", path: "notes.txt", lang: "text", src: "# Notes\n\nbody\n",
			want: []string{`1 1-3 "Notes" ["Notes"]`}},
		{name: "gortex block is the tool's", src: "# Agents\nOurs.\n<!-- gortex:begin (written by gortex init) -->\n## Use gortex\nrun why\n<!-- gortex:end -->\n## Ours\nx\n",
			want:  []string{`1 1-6 "Agents" ["Agents"]`, `2 7-8 "Ours" ["Agents" "Ours"]`},
			texts: []string{"Ours.", "x"}},
		{name: "doctoc table is the tool's", src: "<!-- START doctoc generated TOC please keep comment here -->\n- [Title](#title)\n<!-- END doctoc generated TOC please keep comment here -->\n\nWe propose X.\n# Title\n",
			want:  []string{`0 1-5 "doc" ["doc"]`, `1 6-6 "Title" ["Title"]`},
			texts: []string{"We propose X."}},
		{name: "an unclosed managed block is the author's", src: "<!-- gortex:begin -->\n\n# Kept\n",
			want: []string{`0 1-2 "doc" ["doc"]`, `1 3-3 "Kept" ["Kept"]`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, lang := tc.path, tc.lang
			if p == "" {
				p = "doc.md"
			}
			if lang == "" {
				lang = "markdown"
			}
			got := Split(p, []byte(tc.src), lang)
			var desc []string
			for _, s := range got {
				desc = append(desc, describe(s))
			}
			if strings.Join(desc, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("sections:\n%s\nwant:\n%s", strings.Join(desc, "\n"), strings.Join(tc.want, "\n"))
			}
			for i, text := range tc.texts {
				if i < len(got) && got[i].Text != text {
					t.Errorf("section %d text %q, want %q", i, got[i].Text, text)
				}
			}
			checkSections(t, []byte(tc.src), got)
		})
	}
}

func TestSplitLong(t *testing.T) {
	paragraphs := func(n, size int) string {
		var b strings.Builder
		for i := range n {
			for j := range size {
				fmt.Fprintf(&b, "paragraph %d line %d\n", i, j)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	cases := []struct {
		name     string
		lang     string
		src      string
		parts    int
		maxLines int
		atBlank  bool // every part after the first starts after a blank line
	}{
		{"short stays whole", "text", paragraphs(10, 5), 1, 60, false},
		{"paragraphs", "text", paragraphs(40, 5), 6, chunkLines * 3 / 2, true},
		{"one long paragraph", "text", paragraphs(1, 100), 3, chunkLines * 3 / 2, false},
		{"markdown without headings", "markdown", paragraphs(40, 5), 6, chunkLines * 3 / 2, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Split("n.txt", []byte(tc.src), tc.lang)
			lines := splitLines(tc.src)
			checkSections(t, []byte(tc.src), got)
			if len(got) != tc.parts {
				t.Fatalf("%d parts, want %d", len(got), tc.parts)
			}
			for i, s := range got {
				if n := s.EndLine - s.Line + 1; n > tc.maxLines {
					t.Errorf("part %d has %d lines", i+1, n)
				}
				if tc.parts > 1 && s.Heading != fmt.Sprintf("n (part %d)", i+1) {
					t.Errorf("part %d heading %q", i+1, s.Heading)
				}
				if tc.atBlank && i > 0 && !isBlank(lines[s.Line-2]) {
					t.Errorf("part %d does not start after a blank line", i+1)
				}
			}
		})
	}
}

// checkSections checks the invariants every result keeps: lines within
// the document, in order, not overlapping; one-line headings that end
// their path; levels in range; valid UTF-8.
func checkSections(t *testing.T, src []byte, secs []Section) {
	t.Helper()
	n := 0
	if len(src) > 0 {
		n = len(splitLines(strings.ToValidUTF8(string(src), "\uFFFD")))
	}
	prev := 0
	for i, s := range secs {
		if s.Line < 1 || s.Line > s.EndLine || s.EndLine > n {
			t.Fatalf("section %d: lines %d-%d of %d", i, s.Line, s.EndLine, n)
		}
		if s.Line <= prev {
			t.Fatalf("section %d starts at %d, before the end of the previous (%d)", i, s.Line, prev)
		}
		prev = s.EndLine
		if strings.ContainsAny(s.Heading, "\n") {
			t.Fatalf("section %d: heading %q has a newline", i, s.Heading)
		}
		if len(s.HeadingPath) == 0 || s.HeadingPath[len(s.HeadingPath)-1] != s.Heading {
			t.Fatalf("section %d: path %q does not end with %q", i, s.HeadingPath, s.Heading)
		}
		if s.Level < 0 || s.Level > 6 || s.Level == 0 && (len(s.HeadingPath) != 1 || i > 0 && secs[i-1].Level != 0) {
			t.Fatalf("section %d: level %d, path %q", i, s.Level, s.HeadingPath)
		}
		if !utf8.ValidString(s.Heading) || !utf8.ValidString(s.Text) {
			t.Fatalf("section %d: invalid UTF-8", i)
		}
	}
}

// fuzzDocs are the document kinds FuzzSplit draws from.
var fuzzDocs = []struct{ path, lang string }{
	{"a.md", "markdown"}, {"a.txt", "text"}, {"a.adoc", "text"}, {"a.rst", "text"},
}

func FuzzSplit(f *testing.F) {
	for _, seed := range []string{
		"", "# A\ntext\n## B\n", "Title\n===\n", "---\na: b\n---\n# A\n", "```\n# x\n```\n# y\n",
		"=====\nTitle\n=====\nSub\n---\n", "= Doc\n== One\n----\n== no\n----\n", "<!--\n# x\n-->\n",
		"a\r\nb\r\n---\r\n", "\xff\xfe# x\n", "---\n", "+++\n+++\n", strings.Repeat("line\n\n", 100),
	} {
		for kind := range fuzzDocs {
			f.Add([]byte(seed), uint8(kind))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, kind uint8) {
		d := fuzzDocs[int(kind)%len(fuzzDocs)]
		checkSections(t, src, Split(d.path, src, d.lang))
	})
}

func BenchmarkSplit(b *testing.B) {
	type doc struct {
		path string
		src  []byte
	}
	var docs []doc
	var size int64
	filepath.WalkDir(goroot(b), func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				docs = append(docs, doc{p, src})
				size += int64(len(src))
			}
		}
		return nil
	})
	if len(docs) == 0 {
		b.Skip("no .md files under GOROOT")
	}
	b.SetBytes(size)
	b.ReportMetric(float64(len(docs)), "docs")
	for b.Loop() {
		for _, d := range docs {
			Split(d.path, d.src, "markdown")
		}
	}
}

// goroot returns the Go toolchain's root, skipping when there is none.
func goroot(tb testing.TB) string {
	tb.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Skipf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}
