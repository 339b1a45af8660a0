package lsp

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Positions in the protocol count UTF-16 code units within a line (the
// default position encoding of LSP 3.17); gortex counts bytes and lines.

// lineOf returns line n (0-based) of text, without its line ending; ""
// past the end.
func lineOf(text string, n int) string {
	for range n {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			return ""
		}
		text = text[i+1:]
	}
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	return strings.TrimSuffix(text, "\r")
}

// byteOffset returns the byte offset in line of the UTF-16 offset char,
// clamped to the line.
func byteOffset(line string, char int) int {
	units := 0
	for i, r := range line {
		if units >= char {
			return i
		}
		units += max(utf16.RuneLen(r), 1)
	}
	return len(line)
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += max(utf16.RuneLen(r), 1)
	}
	return n
}

// isIdent reports whether r may be part of an identifier.
func isIdent(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// ident is the identifier under a position and the dotted names written
// before it ("billing.Invoice" for Invoice in billing.Invoice.Finalize),
// with its place in the line in UTF-16 units.
type ident struct {
	chain      []string // the qualifiers, then the identifier itself
	start, end int      // UTF-16 offsets of the identifier
}

// word returns the identifier itself.
func (id ident) word() string { return id.chain[len(id.chain)-1] }

// identAt finds the identifier of line at UTF-16 offset char (or just
// before it: a cursor after the last letter still names the word); false
// when there is none.
func identAt(line string, char int) (ident, bool) {
	at := byteOffset(line, char)
	start, end := at, at
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(line[:start])
		if !isIdent(r) {
			break
		}
		start -= size
	}
	for end < len(line) {
		r, size := utf8.DecodeRuneInString(line[end:])
		if !isIdent(r) {
			break
		}
		end += size
	}
	if start == end {
		return ident{}, false
	}
	if r, _ := utf8.DecodeRuneInString(line[start:]); unicode.IsDigit(r) {
		return ident{}, false
	}
	chain := []string{line[start:end]}
	for p := start; p > 1 && line[p-1] == '.'; {
		q := p - 1
		for q > 0 {
			r, size := utf8.DecodeLastRuneInString(line[:q])
			if !isIdent(r) {
				break
			}
			q -= size
		}
		if q == p-1 {
			break
		}
		chain = append([]string{line[q : p-1]}, chain...)
		p = q
	}
	return ident{chain: chain, start: utf16Len(line[:start]), end: utf16Len(line[:end])}, true
}
