package main

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The baseline is the one described in shared/eval/README.md: rank design
// documents by how often they contain the symbol's last name as a whole
// word. It reads the corpus itself, so it shares no code with gortex.

// docExts are the document kinds gortex indexes (DESIGN.md, data flow).
var docExts = []string{".md", ".txt", ".adoc", ".rst"}

// skipDirs are never walked: VCS data, vendored code, gortex's own index.
var skipDirs = []string{".git", "vendor", "node_modules", ".gortex"}

// corpusDoc is one document of the corpus split into heading sections.
type corpusDoc struct {
	path     string // repo-relative, forward slashes
	sections []docSection
}

type docSection struct {
	heading string
	line    int    // 1-based line of the heading
	text    string // the heading line and its body
}

// loadDocs reads every document under root, sorted by path.
func loadDocs(ctx context.Context, root string) ([]corpusDoc, error) {
	var docs []corpusDoc
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && slices.Contains(skipDirs, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !slices.Contains(docExts, strings.ToLower(filepath.Ext(p))) {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		docs = append(docs, corpusDoc{path: rel, sections: splitATX(rel, string(src))})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read documents under %s: %w", root, err)
	}
	slices.SortFunc(docs, func(a, b corpusDoc) int { return strings.Compare(a.path, b.path) })
	return docs, nil
}

// baselineRank ranks documents and sections by the whole-word count of
// symbol's last name, highest first, ties by path (and line); documents and
// sections that never mention it are dropped, and each list keeps limit.
func baselineRank(docs []corpusDoc, symbol string, limit int) ([]string, []Hit) {
	word := lastName(symbol)
	type counted struct {
		hit   Hit
		line  int
		count int
	}
	var byDoc, bySec []counted
	for _, d := range docs {
		total := 0
		for _, s := range d.sections {
			n := countWord(s.text, word)
			total += n
			if n > 0 {
				bySec = append(bySec, counted{Hit{Path: d.path, Section: s.heading}, s.line, n})
			}
		}
		if total > 0 {
			byDoc = append(byDoc, counted{Hit{Path: d.path}, 0, total})
		}
	}
	order := func(a, b counted) int {
		return cmp.Or(b.count-a.count, strings.Compare(a.hit.Path, b.hit.Path), a.line-b.line)
	}
	slices.SortFunc(byDoc, order)
	slices.SortFunc(bySec, order)
	var paths []string
	for _, c := range byDoc[:min(limit, len(byDoc))] {
		paths = append(paths, c.hit.Path)
	}
	var secs []Hit
	for _, c := range bySec[:min(limit, len(bySec))] {
		secs = append(secs, c.hit)
	}
	return paths, secs
}

// lastName is the last identifier of a qualified name or stable ID:
// "example.com/pkg.Type.Method" and "pkg/file.go::Type.Method" give "Method".
func lastName(symbol string) string {
	if i := strings.LastIndex(symbol, "::"); i >= 0 {
		symbol = symbol[i+2:]
	}
	symbol = symbol[strings.LastIndexByte(symbol, '/')+1:]
	return symbol[strings.LastIndexByte(symbol, '.')+1:]
}

// countWord counts case-sensitive occurrences of word in text that are not
// part of a longer identifier.
func countWord(text, word string) int {
	if word == "" {
		return 0
	}
	n := 0
	for i := 0; ; {
		j := strings.Index(text[i:], word)
		if j < 0 {
			return n
		}
		start, end := i+j, i+j+len(word)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !isIdentRune(before) && !isIdentRune(after) {
			n++
		}
		i = start + 1
	}
}

func isIdentRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// splitATX splits a document at Markdown ATX headings ("#" to "######")
// outside fenced code. Text before the first heading is a section named
// after the file without its extension, as gortex names it.
func splitATX(docPath, src string) []docSection {
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	base := strings.TrimSuffix(path.Base(docPath), path.Ext(docPath))
	cur, preamble := docSection{heading: base, line: 1}, true
	var out []docSection
	flush := func() {
		if !preamble || strings.TrimSpace(cur.text) != "" {
			out = append(out, cur)
		}
	}
	var fence string // the open fence's marker, "" outside code
	for i, l := range lines {
		if fence == "" {
			if h, ok := atxHeading(l); ok {
				flush()
				cur, preamble = docSection{heading: h, line: i + 1}, false
			}
		}
		fence = nextFence(fence, l)
		cur.text += l + "\n"
	}
	flush()
	return out
}

// atxHeading returns the text of an ATX heading line: up to three spaces
// of indent, one to six '#', then a space or the end of the line; the
// closing '#' sequence is dropped.
func atxHeading(l string) (string, bool) {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 {
		return "", false
	}
	n := len(t) - len(strings.TrimLeft(t, "#"))
	if n < 1 || n > 6 || (n < len(t) && t[n] != ' ' && t[n] != '\t') {
		return "", false
	}
	text := strings.TrimSpace(t[n:])
	if s := strings.TrimRight(text, "#"); s == "" || strings.HasSuffix(s, " ") || strings.HasSuffix(s, "\t") {
		text = strings.TrimSpace(s)
	}
	return text, true
}

// nextFence returns the fence state after line l: an opening ``` or ~~~
// (three or more) starts a block, a line of at least as many of the same
// marker ends it.
func nextFence(open, l string) string {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 {
		return open
	}
	for _, c := range []string{"`", "~"} {
		run := t[:len(t)-len(strings.TrimLeft(t, c))]
		switch {
		case len(run) < 3:
			continue
		case open == "":
			return run
		case strings.HasPrefix(run, open) && strings.TrimSpace(t[len(run):]) == "":
			return ""
		}
	}
	return open
}
