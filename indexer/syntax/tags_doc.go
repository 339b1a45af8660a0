package syntax

import (
	"bytes"
	"strings"
)

// doc is the comment above d, else above its group.
func (b *tagsBuilder) doc(d *tagDef) string {
	if s := b.docAbove(position{d.start, uint32(d.sym.Line - 1)}); s != "" || !d.grouped {
		return s
	}
	return b.docAbove(d.group)
}

// docAbove joins the comments that end on the lines right above at, each on
// its own line: contiguous line comments or one block comment. Attribute
// and decorator lines ("#[derive(Debug)]", "@property") between the comment
// and the node are skipped. A node preceded on its line by anything but
// keywords ("export default") has no doc comment.
func (b *tagsBuilder) docAbove(at position) string {
	if !b.wordsBefore(at.offset) {
		return ""
	}
	at.row = b.skipAttributes(at.offset, at.row)
	var found []tagComment // nearest first
	for row := at.row; row > 0; {
		c, ok := b.comments[row-1]
		if !ok || !b.startsLine(c.start) {
			break
		}
		block := isBlockComment(b.src[c.start:c.end])
		if block && len(found) > 0 {
			break
		}
		found = append(found, c)
		if block {
			break
		}
		row = c.startRow
	}
	var lines []string
	for i := len(found) - 1; i >= 0; i-- {
		lines = append(lines, commentLines(b.slice(found[i].start, found[i].end))...)
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// wordsBefore reports whether only blanks and keywords precede offset on
// its line.
func (b *tagsBuilder) wordsBefore(offset uint32) bool {
	for i := int(offset) - 1; i >= 0 && i < len(b.src); i-- {
		switch c := b.src[i]; {
		case c == '\n':
			return true
		case c == ' ', c == '\t', c == '\r', c == '\f', c == '_':
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		default:
			return false
		}
	}
	return true
}

// isAttributeLine reports whether a line, leading blanks removed, is an
// attribute, decorator or template header: "@property", "#[derive(Debug)]",
// "[Serializable]", "template <typename T>".
func isAttributeLine(line []byte) bool {
	for _, p := range []string{"@", "#[", "[", "template<", "template <"} {
		if bytes.HasPrefix(line, []byte(p)) {
			return true
		}
	}
	return false
}

// skipAttributes returns the row above the attribute lines (isAttributeLine)
// right above the line of offset, which is row.
func (b *tagsBuilder) skipAttributes(offset, row uint32) uint32 {
	start := lineStart(b.src, offset)
	for row > 0 && start > 0 {
		if _, ok := b.comments[row-1]; ok {
			break
		}
		prev := lineStart(b.src, start-1)
		line := bytes.TrimLeft(b.src[prev:start-1], " \t")
		if !isAttributeLine(line) {
			break
		}
		start, row = prev, row-1
	}
	return row
}

// lineStart is the offset of the first byte of the line holding offset.
func lineStart(src []byte, offset uint32) uint32 {
	offset = min(offset, uint32(len(src)))
	if i := bytes.LastIndexByte(src[:offset], '\n'); i >= 0 {
		return uint32(i + 1)
	}
	return 0
}

// startsLine reports whether only blanks precede offset on its line.
func (b *tagsBuilder) startsLine(offset uint32) bool {
	for i := int(offset) - 1; i >= 0 && i < len(b.src); i-- {
		switch b.src[i] {
		case '\n':
			return true
		case ' ', '\t', '\r', '\f':
		default:
			return false
		}
	}
	return true
}

// blockComments are the delimiters of block comments: C-like, OCaml, Lua and
// Ruby. A doc variant ("/**", "(**") opens with one more "*".
var blockComments = [...]struct{ open, close string }{
	{"/*", "*/"}, {"(*", "*)"}, {"--[[", "]]"}, {"=begin", "=end"},
}

// isBlockComment reports whether c is one block comment rather than a line
// comment.
func isBlockComment(c []byte) bool {
	for _, bc := range blockComments {
		if bytes.HasPrefix(c, []byte(bc.open)) {
			return true
		}
	}
	return false
}

// commentLines strips the markers of one comment: "// x", "/// x", "# x" and
// "-- x" give "x", a directive such as //go:generate gives nothing, a block
// comment gives its lines without a leading "*" column, and an Elixir
// @doc attribute the text of its string.
func commentLines(c string) []string {
	if attr, ok := strings.CutPrefix(c, "@doc"); ok { // an Elixir @doc "..." attribute
		return strings.Split(docString(strings.TrimSpace(attr)), "\n")
	}
	if line, ok := strings.CutPrefix(c, "//"); ok {
		if isDirective(line) {
			return nil
		}
		if !strings.HasPrefix(line, "//") { // "////" dividers stay as they are
			line = strings.TrimPrefix(strings.TrimPrefix(line, "/"), "!") // Rust "///" and "//!"
		}
		if strings.HasPrefix(c, "///") { // C# XML doc
			line = strings.NewReplacer("<summary>", "", "</summary>", "").Replace(line)
		}
		return []string{strings.TrimRight(strings.TrimPrefix(line, " "), " \t\r")}
	}
	for _, bc := range blockComments {
		if body, ok := strings.CutPrefix(c, bc.open); ok {
			body = strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(body, " \t\r\n"), bc.close), "--")
			if bc.open != "=begin" && strings.HasPrefix(body, "*") && !strings.HasPrefix(body, "**") {
				body = body[1:] // "/**" and "(**" doc comments
			}
			return blockLines(body)
		}
	}
	for _, p := range []string{"#", "--"} {
		if line, ok := strings.CutPrefix(c, p); ok {
			line = strings.TrimLeft(line, p[:1]+"!") // "##", "---", "#!"
			return []string{strings.TrimRight(strings.TrimPrefix(line, " "), " \t\r")}
		}
	}
	return blockLines(c)
}

// blockLines splits the body of a block comment into lines without a
// leading "*" column.
func blockLines(c string) []string {
	lines := strings.Split(c, "\n")
	starred := len(lines) > 1
	for _, l := range lines[1:] {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "*") {
			starred = false
		}
	}
	for i, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if starred && i > 0 {
			l = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(l), "*"), " ")
		}
		lines[i] = l
	}
	lines[0] = strings.TrimSpace(lines[0])
	dedent(lines[1:])
	return lines
}

// docString is the text of a docstring literal (Python): prefixes and
// quotes removed, the lines after the first dedented, blank lines trimmed.
func docString(lit string) string {
	s := strings.TrimLeft(lit, "rRuUbBfF")
	for _, q := range []string{`"""`, `'''`, `"`, `'`} {
		if len(s) >= 2*len(q) && strings.HasPrefix(s, q) && strings.HasSuffix(s, q) {
			s = s[len(q) : len(s)-len(q)]
			break
		}
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	lines[0] = strings.TrimSpace(lines[0])
	dedent(lines[1:])
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// dedent removes the blank prefix common to the non-empty lines.
func dedent(lines []string) {
	prefix, first := "", true
	for _, l := range lines {
		if l == "" {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = indent, false
		}
		for !strings.HasPrefix(indent, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	for i := range lines {
		lines[i] = strings.TrimPrefix(lines[i], prefix)
	}
}

// isDirective reports whether a line comment (without its "//") is a tool
// directive rather than prose, by go/ast's rule: "line ", "extern ",
// "export ", or [a-z0-9]+:[a-z0-9].
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.IndexByte(c, ':')
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if ch := c[i]; i != colon && !('a' <= ch && ch <= 'z' || '0' <= ch && ch <= '9') {
			return false
		}
	}
	return true
}
