// Package sections splits a document into its heading sections (Markdown,
// AsciiDoc, reStructuredText and plain text headings; tool-managed blocks
// blanked), and finds where a Markdown front matter ends. It knows nothing
// of source code, repositories or the index.
package sections

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/gortex/gortex/internal/textutil"
)

// Section is one heading section of a document: from its heading line to the
// line before the next heading of any level.
type Section struct {
	Heading     string   // heading text without markup; the title or file name for a preamble
	HeadingPath []string // enclosing headings, outermost first, ending with Heading
	Level       int      // 1–6 for headings, 0 for text before the first heading
	Line        int      // 1-based line of the heading (first line for a preamble)
	EndLine     int      // last line of the section
	Text        string   // the section's body, heading line excluded
}

// chunkLines is the target size of a part of a document without headings:
// about a screenful, so that a lexical match points at a readable passage
// rather than at a whole file.
const chunkLines = 40

// heading is one heading found by a scanner; lines are 0-based.
type heading struct {
	line  int // first line of the heading (the overline or setext text)
	end   int // last line of the heading (the underline), body starts after
	level int
	text  string
}

// Split splits a document into heading sections. lang is
// "markdown" or "text"; for "text" the path's extension picks the heading
// syntax (.adoc: AsciiDoc, .rst: reStructuredText, otherwise all of
// AsciiDoc, reStructuredText and Markdown "#" headings). Text before the
// first heading becomes a Level 0 section named after the file; a document
// without headings becomes one such section, or parts of about chunkLines
// lines when it is long. Invalid UTF-8 is replaced with U+FFFD.
func Split(path string, src []byte, lang string) []Section {
	if len(src) == 0 {
		return nil
	}
	text := strings.TrimPrefix(strings.ToValidUTF8(string(src), "\uFFFD"), "\uFEFF") // a BOM hides line 1
	lines := splitLines(text)
	// The text tools rewrite on each run (gortex's block for agents,
	// doctoc's table of contents) is theirs, not the author's reasoning.
	textutil.BlankBetween(lines, "<!-- gortex:begin", "<!-- gortex:end")
	textutil.BlankBetween(lines, "<!-- START doctoc", "<!-- END doctoc")
	start := 0
	var heads []heading
	if lang == "markdown" {
		start = FrontMatterEnd(lines)
		heads = markdownHeadings(lines, start)
	} else {
		heads = textHeadings(lines, textDialectOf(path))
	}
	return assemble(docBaseName(path), lines, start, heads)
}

// splitLines splits on "\n", drops the "\r" of CRLF endings, and does not
// count the empty string after a final newline as a line.
func splitLines(s string) []string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// assemble turns headings into sections: each runs to the line before the
// next heading, and its path is the stack of enclosing headings by level.
func assemble(base string, lines []string, start int, heads []heading) []Section {
	if len(heads) == 0 {
		return chunk(base, lines, start)
	}
	var out []Section
	if pre := body(lines, start, heads[0].line-1); pre != "" {
		out = append(out, Section{Heading: base, HeadingPath: []string{base},
			Line: start + 1, EndLine: heads[0].line, Text: pre})
	}
	var stack []heading
	for i, h := range heads {
		end := len(lines) - 1
		if i+1 < len(heads) {
			end = heads[i+1].line - 1
		}
		for len(stack) > 0 && stack[len(stack)-1].level >= h.level {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, h)
		hp := make([]string, len(stack))
		for j, s := range stack {
			hp[j] = s.text
		}
		out = append(out, Section{Heading: h.text, HeadingPath: hp, Level: h.level,
			Line: h.line + 1, EndLine: end + 1, Text: body(lines, h.end+1, end)})
	}
	return out
}

// chunk makes Level 0 sections of a document without headings: one for a
// short document, parts ending at a blank line near every chunkLines lines
// for a long one.
func chunk(base string, lines []string, start int) []Section {
	if len(lines)-start <= chunkLines*3/2 {
		text := body(lines, start, len(lines)-1)
		if text == "" {
			return nil
		}
		return []Section{{Heading: base, HeadingPath: []string{base}, Line: start + 1, EndLine: len(lines), Text: text}}
	}
	var out []Section
	for s := start; s < len(lines); {
		e := chunkEnd(lines, s)
		if text := body(lines, s, e); text != "" {
			h := fmt.Sprintf("%s (part %d)", base, len(out)+1)
			out = append(out, Section{Heading: h, HeadingPath: []string{h}, Line: s + 1, EndLine: e + 1, Text: text})
		}
		s = e + 1
	}
	return out
}

// chunkEnd picks the last line of the part starting at s: the last blank
// line in the second half of a chunkLines window, else the window's end;
// a short remainder is absorbed rather than left as a tiny part.
func chunkEnd(lines []string, s int) int {
	limit := s + chunkLines - 1
	if limit+chunkLines/2 >= len(lines)-1 {
		return len(lines) - 1
	}
	for j := limit; j > s+chunkLines/2; j-- {
		if isBlank(lines[j]) {
			return j
		}
	}
	return limit
}

// body joins lines[from..to] (inclusive), without leading and trailing
// blank lines; "" when there is no text.
func body(lines []string, from, to int) string {
	for from <= to && isBlank(lines[from]) {
		from++
	}
	for to >= from && isBlank(lines[to]) {
		to--
	}
	if from > to {
		return ""
	}
	return strings.Join(lines[from:to+1], "\n")
}

// docBaseName is the file name without its extension, the heading of a
// preamble.
func docBaseName(p string) string {
	base := path.Base(strings.ReplaceAll(p, "\\", "/"))
	if name := strings.TrimSuffix(base, path.Ext(base)); name != "" {
		return name
	}
	return base
}

// FrontMatterEnd returns the first line after YAML ("---") or TOML ("+++")
// front matter at the very top, or 0 when there is none. Spaces around the
// markers are allowed: Hugo sites in the wild have " ---" and still build.
func FrontMatterEnd(lines []string) int {
	open := strings.Trim(lines[0], " \t")
	if open != "---" && open != "+++" {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		l := strings.Trim(lines[i], " \t")
		if l == open || (open == "---" && l == "...") {
			return i + 1
		}
	}
	return 0
}

// markdownHeadings finds the CommonMark ATX and setext headings of lines
// from start, outside fenced code, indented code and HTML blocks.
func markdownHeadings(lines []string, start int) []heading {
	m := mdScanner{lines: lines, para: -1}
	for i := start; i < len(lines); i++ {
		m.scan(i)
	}
	return m.heads
}

// mdScanner is the line-by-line state of markdownHeadings.
type mdScanner struct {
	lines     []string
	fence     byte   // '`' or '~' inside a fenced code block, else 0
	fenceLen  int    // length of the opening fence
	htmlEnd   string // inside an HTML block closed by a line containing this
	htmlBlank bool   // inside an HTML block closed by a blank line
	para      int    // first line of the open paragraph, -1 when none
	paraOK    bool   // the open paragraph may become a setext heading
	heads     []heading
}

// scan classifies line i; the order of the cases is CommonMark's
// precedence between block starts.
func (m *mdScanner) scan(i int) {
	l := m.lines[i]
	if m.inBlock(l) {
		return
	}
	if isBlank(l) {
		m.para = -1
		return
	}
	ind, rest := indent(l)
	switch {
	case ind >= 4 && m.para < 0: // indented code
	case ind >= 4: // a paragraph's continuation
	case m.openFence(rest):
		m.para = -1
	case m.atx(i, rest):
		m.para = -1
	case m.setext(i, rest):
		m.para = -1
	case isThematicBreak(rest):
		m.para = -1
	case m.openHTML(rest):
		m.para = -1
	case m.para < 0:
		m.para, m.paraOK = i, !blockStart(rest)
	case blockStart(rest):
		m.paraOK = false // a list or quote inside the paragraph: no setext heading
	}
}

// inBlock reports whether l is inside (or closes) a fence or HTML block.
func (m *mdScanner) inBlock(l string) bool {
	switch {
	case m.fence != 0:
		if closesFence(l, m.fence, m.fenceLen) {
			m.fence = 0
		}
	case m.htmlBlank:
		m.htmlBlank = !isBlank(l)
		m.para = -1
	case m.htmlEnd != "":
		if strings.Contains(strings.ToLower(l), m.htmlEnd) {
			m.htmlEnd = ""
		}
	default:
		return false
	}
	return true
}

// openFence starts a fenced code block when rest opens one.
func (m *mdScanner) openFence(rest string) bool {
	c, n := fenceOpen(rest)
	if n == 0 {
		return false
	}
	m.fence, m.fenceLen = c, n
	return true
}

// atx records an ATX heading when rest is one.
func (m *mdScanner) atx(i int, rest string) bool {
	level, text, ok := atxHeading(rest)
	if ok {
		m.heads = append(m.heads, heading{line: i, end: i, level: level, text: text})
	}
	return ok
}

// setext records the open paragraph as a heading when rest underlines it.
func (m *mdScanner) setext(i int, rest string) bool {
	if m.para < 0 || !m.paraOK {
		return false
	}
	level := setextLevel(rest)
	if level == 0 {
		return false
	}
	parts := make([]string, 0, i-m.para)
	for _, l := range m.lines[m.para:i] {
		parts = append(parts, strings.Trim(l, " \t"))
	}
	m.heads = append(m.heads, heading{line: m.para, end: i, level: level, text: strings.Join(parts, " ")})
	return true
}

// openHTML starts an HTML block (CommonMark kinds 1, 2 and 6) when rest
// opens one; a one-line block opens nothing but still ends the paragraph.
func (m *mdScanner) openHTML(rest string) bool {
	if len(rest) < 2 || rest[0] != '<' {
		return false
	}
	lower := strings.ToLower(rest)
	if strings.HasPrefix(lower, "<!--") {
		if !strings.Contains(lower[4:], "-->") {
			m.htmlEnd = "-->"
		}
		return true
	}
	name := htmlTagName(lower)
	if end, ok := htmlRawTags[name]; ok && lower[1] != '/' {
		if !strings.Contains(lower, end) {
			m.htmlEnd = end
		}
		return true
	}
	if htmlBlockTags[name] {
		m.htmlBlank = true
		return true
	}
	return false
}

// htmlTagName returns the tag name after "<" or "</" in lower, or "" when
// it is not followed by a space, ">", "/>" or the end of the line.
func htmlTagName(lower string) string {
	s := strings.TrimPrefix(lower[1:], "/")
	n := 0
	for n < len(s) && (s[n] >= 'a' && s[n] <= 'z' || s[n] >= '0' && s[n] <= '9') {
		n++
	}
	if n == 0 || (n < len(s) && !strings.ContainsRune(" \t>/", rune(s[n]))) {
		return ""
	}
	return s[:n]
}

// htmlRawTags open CommonMark HTML blocks of kind 1, closed by their end tag.
var htmlRawTags = map[string]string{"script": "</script>", "pre": "</pre>", "style": "</style>", "textarea": "</textarea>"}

// htmlBlockTags open CommonMark HTML blocks of kind 6, closed by a blank line.
var htmlBlockTags = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields(`address article aside base basefont blockquote body caption center
		col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame
		frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav
		noframes ol optgroup option p param search section summary table tbody td tfoot th thead
		title tr track ul`) {
		m[t] = true
	}
	return m
}()

// atxHeading parses "## Title ##": 1–6 '#' then a space or the end of the
// line; the closing '#'s are dropped only when a space precedes them.
func atxHeading(rest string) (int, string, bool) {
	n := 0
	for n < len(rest) && rest[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(rest) && rest[n] != ' ' && rest[n] != '\t') {
		return 0, "", false
	}
	return n, stripClosing(strings.Trim(rest[n:], " \t"), '#'), true
}

// stripClosing removes a closing run of c preceded by a space (or making
// up the whole text), as in "## Title ##" or "== Title ==".
func stripClosing(text string, c byte) string {
	t := strings.TrimRight(text, string(c))
	switch {
	case t == "":
		return ""
	case t[len(t)-1] == ' ' || t[len(t)-1] == '\t':
		return strings.TrimRight(t, " \t")
	}
	return text
}

// setextLevel returns 1 for an "===" underline, 2 for "---", else 0.
func setextLevel(rest string) int {
	t := trimRight(rest)
	switch {
	case t == "":
		return 0
	case strings.Trim(t, "=") == "":
		return 1
	case strings.Trim(t, "-") == "":
		return 2
	}
	return 0
}

// isThematicBreak reports whether rest is three or more '-', '*' or '_',
// possibly spaced.
func isThematicBreak(rest string) bool {
	var c rune
	n := 0
	for _, r := range rest {
		switch {
		case r == ' ' || r == '\t':
		case n == 0 && (r == '-' || r == '*' || r == '_'):
			c, n = r, 1
		case r == c:
			n++
		default:
			return false
		}
	}
	return n >= 3
}

// blockStart reports whether rest starts a quote or a list item: such a
// paragraph cannot turn into a setext heading.
func blockStart(rest string) bool {
	switch c := rest[0]; {
	case c == '>':
		return true
	case c == '-' || c == '*' || c == '+':
		return len(rest) == 1 || rest[1] == ' ' || rest[1] == '\t'
	case c == '<' && len(rest) > 1 && isLetter(rest[1]):
		return true // raw HTML (CommonMark kind 7) cannot be underlined either
	}
	n := 0
	for n < len(rest) && n < 9 && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if n == 0 || n == len(rest) || (rest[n] != '.' && rest[n] != ')') {
		return false
	}
	return n+1 == len(rest) || rest[n+1] == ' ' || rest[n+1] == '\t'
}

// fenceOpen returns the fence character and length when rest opens a
// fenced code block: three or more '`' (with no '`' in the info string)
// or '~'.
func fenceOpen(rest string) (byte, int) {
	if rest == "" || (rest[0] != '`' && rest[0] != '~') {
		return 0, 0
	}
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if n < 3 || (c == '`' && strings.IndexByte(rest[n:], '`') >= 0) {
		return 0, 0
	}
	return c, n
}

// closesFence reports whether l closes a fence of n c's: at least as many
// of the same character, indented less than four columns, nothing after.
func closesFence(l string, c byte, n int) bool {
	ind, rest := indent(l)
	if ind >= 4 {
		return false
	}
	k := 0
	for k < len(rest) && rest[k] == c {
		k++
	}
	return k >= n && trimRight(rest[k:]) == ""
}

// indent returns the leading whitespace of l in columns (a tab reaches the
// next multiple of four) and the rest of the line.
func indent(l string) (int, string) {
	col := 0
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col, l[i:]
		}
	}
	return col, ""
}

func isBlank(l string) bool     { return strings.Trim(l, " \t") == "" }
func trimRight(l string) string { return strings.TrimRight(l, " \t") }
func isLetter(c byte) bool      { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// runeLen counts characters, to compare a title with its underline.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// textDialect says which heading syntaxes a plain-text document may use.
type textDialect struct {
	atx    bool // Markdown "# Title"
	adoc   bool // AsciiDoc "== Title", with ``` and ~~~ fences
	blocks bool // AsciiDoc delimited blocks ("----", "....", ...), no headings inside
	rst    bool // reStructuredText underlined (and overlined) titles
	fences bool // Markdown fences
}

// textDialectOf picks the dialect by extension. A .txt follows no
// standard, so it gets every syntax but AsciiDoc blocks, whose delimiters
// look like the separators plain text draws.
func textDialectOf(p string) textDialect {
	switch strings.ToLower(path.Ext(p)) {
	case ".adoc", ".asciidoc":
		return textDialect{atx: true, adoc: true, blocks: true, fences: true}
	case ".rst":
		return textDialect{rst: true}
	}
	return textDialect{atx: true, adoc: true, rst: true, fences: true}
}

// rstStyle is an adornment: its character and whether it has an overline.
type rstStyle struct {
	c    byte
	over bool
}

// textScanner is the state of textHeadings.
type textScanner struct {
	d        textDialect
	fence    byte
	fenceLen int
	block    string           // the delimiter that closes the open AsciiDoc block
	styles   map[rstStyle]int // level of each adornment, by first appearance
	heads    []heading
}

// textHeadings finds the headings of a plain-text document.
func textHeadings(lines []string, d textDialect) []heading {
	t := textScanner{d: d, styles: map[rstStyle]int{}}
	for i := 0; i < len(lines); {
		i += t.scan(lines, i)
	}
	return t.heads
}

// scan classifies line i and returns how many lines it consumed.
func (t *textScanner) scan(lines []string, i int) int {
	l := lines[i]
	switch {
	case t.fence != 0:
		if closesFence(l, t.fence, t.fenceLen) {
			t.fence = 0
		}
		return 1
	case t.block != "":
		if trimRight(l) == t.block {
			t.block = ""
		}
		return 1
	}
	if t.d.rst {
		if n := t.rstHeading(lines, i); n > 0 {
			return n
		}
	}
	if t.d.blocks && isAdocDelimiter(trimRight(l)) {
		t.block = trimRight(l)
		return 1
	}
	ind, rest := indent(l)
	if ind >= 4 {
		return 1
	}
	if c, n := fenceOpen(rest); t.d.fences && n > 0 {
		t.fence, t.fenceLen = c, n
	} else if level, text, ok := atxHeading(rest); t.d.atx && ok && text != "" && !hashComment(lines, i) { // "######" is a separator here
		t.add(i, i, level, text)
	} else if level, text, ok := adocHeading(l); t.d.adoc && ok {
		t.add(i, i, level, text)
	}
	return 1
}

// hashComment reports whether line i is one of a run of "#" lines: a
// comment block in plain text, which a heading never is.
func hashComment(lines []string, i int) bool {
	return i > 0 && strings.HasPrefix(strings.TrimSpace(lines[i-1]), "#") || i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "#")
}

// rstHeading records a reStructuredText title at line i — overline, title,
// identical underline; or title then an underline at least as long — and
// returns the number of lines it spans, 0 when there is none.
func (t *textScanner) rstHeading(lines []string, i int) int {
	l := trimRight(lines[i])
	if c, ok := rstAdornment(l); ok && i+2 < len(lines) && trimRight(lines[i+2]) == l {
		title := strings.Trim(lines[i+1], " \t")
		if title != "" && !isAdornmentLike(title) && runeLen(title) <= len(l) {
			t.add(i, i+2, t.rstLevel(rstStyle{c, true}), title)
			return 3
		}
	}
	if l == "" || l[0] == ' ' || l[0] == '\t' || isAdornmentLike(l) || i+1 >= len(lines) {
		return 0
	}
	under := trimRight(lines[i+1])
	if c, ok := rstAdornment(under); ok && len(under) >= runeLen(l) {
		t.add(i, i+1, t.rstLevel(rstStyle{c, false}), l)
		return 2
	}
	return 0
}

// rstLevel numbers adornment styles in order of first appearance, as
// docutils does, capped at 6.
func (t *textScanner) rstLevel(s rstStyle) int {
	if level, ok := t.styles[s]; ok {
		return level
	}
	level := min(len(t.styles)+1, 6)
	t.styles[s] = level
	return level
}

func (t *textScanner) add(line, end, level int, text string) {
	t.heads = append(t.heads, heading{line: line, end: end, level: level, text: text})
}

// rstAdornmentChars are the underline characters recognised; docutils
// allows any punctuation, but these are the ones in use, and the others
// ('.', '_', ':') draw lines in plain text too often.
const rstAdornmentChars = "=-~^\"*+#"

// minAdornment is the shortest underline taken as one: shorter runs in
// plain text are more often separators or emoticons than titles.
const minAdornment = 3

// rstAdornment reports whether l (right-trimmed) is one adornment
// character repeated at least minAdornment times, and which.
func rstAdornment(l string) (byte, bool) {
	if len(l) < minAdornment || strings.IndexByte(rstAdornmentChars, l[0]) < 0 {
		return 0, false
	}
	return l[0], strings.Trim(l, l[:1]) == ""
}

// isAdornmentLike reports whether s is one punctuation character repeated,
// which cannot be a title.
func isAdornmentLike(s string) bool {
	return len(s) >= 2 && strings.IndexByte(rstAdornmentChars, s[0]) >= 0 && strings.Trim(s, s[:1]) == ""
}

// adocHeading parses an AsciiDoc section title "== Title": 1–6 '=' at the
// start of the line, a space, and text; a closing run of '=' is dropped.
func adocHeading(l string) (int, string, bool) {
	n := 0
	for n < len(l) && l[n] == '=' {
		n++
	}
	if n == 0 || n > 6 || n == len(l) || (l[n] != ' ' && l[n] != '\t') {
		return 0, "", false
	}
	text := stripClosing(strings.Trim(l[n:], " \t"), '=')
	if text == "" {
		return 0, "", false
	}
	return n, text, true
}

// isAdocDelimiter reports whether l opens or closes an AsciiDoc delimited
// block: "--", or four or more of one of - . + _ * = /.
func isAdocDelimiter(l string) bool {
	if l == "--" {
		return true
	}
	return len(l) >= 4 && strings.IndexByte("-.+_*=/", l[0]) >= 0 && strings.Trim(l, l[:1]) == ""
}
