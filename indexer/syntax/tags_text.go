package syntax

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file turns captured nodes into text: names, lines, signatures, docs.

// startOf is where the definition n starts: its first byte that is neither
// blank nor in its doc node (the Lua grammar starts nodes with the blank
// lines before them, and holds a function's doc comment inside it).
func (b *tagsBuilder) startOf(n, doc tnode) position {
	at := position{n.StartByte(), n.StartPoint().Row}
	if doc != nil && doc.StartByte() == at.offset {
		at = position{doc.EndByte(), doc.EndPoint().Row}
	}
	return b.skipBlanks(at, n.EndByte())
}

// skipBlanks moves at past blanks, up to end.
func (b *tagsBuilder) skipBlanks(at position, end uint32) position {
	for at.offset < end && int(at.offset) < len(b.src) {
		switch b.src[at.offset] {
		case '\n':
			at.row++
		case ' ', '\t', '\r', '\f':
		default:
			return at
		}
		at.offset++
	}
	return at
}

// docText is the text of a @doc node: a docstring literal (Python) or a
// doc comment held inside the definition (Lua).
func (b *tagsBuilder) docText(doc tnode) string {
	text := strings.TrimSpace(b.text(doc))
	if isBlockComment([]byte(text)) || strings.HasPrefix(text, "--") || strings.HasPrefix(text, "#") || strings.HasPrefix(text, "//") {
		var lines []string
		for line := range strings.SplitSeq(text, "\n") {
			lines = append(lines, commentLines(strings.TrimSpace(line))...)
		}
		return strings.Trim(strings.Join(lines, "\n"), "\n")
	}
	return docString(text)
}

// endLine is the 1-based last line of n; a node that ends with its line's
// newline (a C macro) ends on that line, not the next.
func endLine(n tnode) int {
	end := n.EndPoint()
	if end.Column == 0 && end.Row > n.StartPoint().Row {
		return int(end.Row)
	}
	return int(end.Row) + 1
}

// splitName splits a declared name at ".", "::" and ":" (Lua), after
// dropping quotes, blanks and type arguments: "MyApp.User" gives the prefix
// "MyApp" and the name "User". ok is false when a part is empty or the
// text is no name (see notInNames).
func splitName(s string) (prefix, name string, ok bool) {
	s = stripTypeArgs(strings.Trim(strings.TrimSpace(s), "\"'`"))
	if s == "" || strings.ContainsAny(s, notInNames) {
		return "", "", false
	}
	if strings.IndexByte(s, ':') >= 0 {
		s = colonSeparators.Replace(s)
	}
	if s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return "", "", false
	}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return "", s, true
}

var colonSeparators = strings.NewReplacer("::", ".", ":", ".")

// joinDots joins two dotted chains of names, either of which may be empty.
func joinDots(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "." + b
}

// notInNames are characters that make a captured name no identifier: a
// computed JavaScript name [Symbol.iterator], an operator method, text that
// error recovery captured.
const notInNames = " \t\r\n()[]{},;\"'`"

// stripTypeArgs drops the template or generic arguments in a name:
// "LRU<K, V>::get" gives "LRU::get".
func stripTypeArgs(s string) string {
	if !strings.ContainsRune(s, '<') {
		return s
	}
	var sb strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '<':
			depth++
		case r == '>' && depth > 0:
			depth--
		case depth == 0:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// text returns the source of n, with invalid UTF-8 replaced.
func (b *tagsBuilder) text(n tnode) string {
	return b.slice(n.StartByte(), n.EndByte())
}

func (b *tagsBuilder) slice(start, end uint32) string {
	if end > uint32(len(b.src)) || start > end {
		return ""
	}
	s := string(b.src[start:end])
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}

// qualifier is what a call is made through: "" for a direct call, the name
// or dotted chain of names in x.F() and a.b.F(), QualifierExpr otherwise.
func (b *tagsBuilder) qualifier(n tnode) string {
	if n == nil {
		return ""
	}
	q := strings.Join(strings.Fields(b.text(n)), "")
	for part := range strings.SplitSeq(q, ".") {
		if !isIdentifier(part) {
			return QualifierExpr
		}
	}
	return q
}

func isIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// signature is the text of def before its body, on one line, or else its
// first line; the group's first line when def starts on the group's line
// ("var a, b = 1, 2" rather than "a, b = 1, 2"). body is def's "body"
// field when the caller knows it, else nil: it is looked up.
func (b *tagsBuilder) signature(at position, def, body, group tnode) string {
	if body == nil {
		body = childByField(def, "body")
	}
	if body != nil && body.StartByte() > at.offset {
		return collapseSpace(b.slice(at.offset, body.StartByte()))
	}
	start, end := at.offset, def.EndByte()
	if group != nil && group.StartPoint().Row == at.row {
		start, end = group.StartByte(), group.EndByte()
	}
	if end > uint32(len(b.src)) || start > end {
		return ""
	}
	if i := bytes.IndexByte(b.src[start:end], '\n'); i >= 0 {
		end = start + uint32(i)
	}
	return strings.TrimSpace(b.slice(start, end))
}

// collapseSpace puts a multi-line signature on one line.
func collapseSpace(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return signatureSpaces.Replace(s)
}

// signatureSpaces drops the blanks that joining a signature's lines leaves
// inside brackets. Built once: a Replacer made per call was a tenth of the
// extraction's allocations on GOROOT/src.
var signatureSpaces = strings.NewReplacer("( ", "(", ", )", ")", " )", ")", "[ ", "[", ", ]", "]", " ]", "]")
