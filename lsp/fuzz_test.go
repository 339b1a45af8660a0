package lsp

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzIdentAt feeds the identifier scanner a line of a buffer (outside
// input) and a position: it never panics, and what it finds lies in the
// line, made of identifier characters.
func FuzzIdentAt(f *testing.F) {
	f.Add("\treturn billing.Total(inv.Lines) != Total(c.Items)", 20)
	f.Add("héllo.wörld 𝒳.y", 9)
	f.Add("a..b", 2)
	f.Add("\xff.\xfe", 1)
	f.Fuzz(func(t *testing.T, line string, char int) {
		id, ok := identAt(line, char)
		if !ok {
			return
		}
		if id.start < 0 || id.end <= id.start || id.end > utf16Len(line) {
			t.Fatalf("identAt(%q, %d) = %+v: outside the line", line, char, id)
		}
		for _, part := range id.chain {
			if part == "" || !strings.Contains(line, part) || strings.IndexFunc(part, func(r rune) bool { return !isIdent(r) }) >= 0 {
				t.Fatalf("identAt(%q, %d): part %q", line, char, part)
			}
		}
	})
}

// FuzzCodeSpanAt feeds the code span scanner a line of a document: it
// never panics, and a span it finds is text of the line without a
// backtick.
func FuzzCodeSpanAt(f *testing.F) {
	f.Add("see `Cart.Total` and ``ledger.Record``", 6)
	f.Add("```", 1)
	f.Add("`a``b`", 3)
	f.Add("`()`", 1)
	f.Fuzz(func(t *testing.T, line string, char int) {
		span, ok := codeSpanAt(line, char)
		if !ok {
			return
		}
		if span == "" || strings.Contains(span, "`") || !strings.Contains(line, span) || (utf8.ValidString(line) && !utf8.ValidString(span)) {
			t.Fatalf("codeSpanAt(%q, %d) = %q", line, char, span)
		}
	})
}
