package textutil

import (
	"strings"
	"unicode/utf8"
)

// Text output goes to terminals, and repository text (a document, a file
// name, a commit message) may hold what a terminal acts on: escape
// sequences that set the window title, clear the screen, move the cursor
// or write to the clipboard, control characters, C1 controls (U+0080 to
// U+009F, which some terminals take as escapes) and bidirectional
// overrides that reorder what is shown. TermSafe drops them.

// TermSafe returns s without escape sequences, control characters other
// than '\n' and '\t', C1 controls and bidirectional formatting characters.
// Invalid UTF-8 is kept as it is.
func TermSafe(s string) string { return CleanTerm(s, nil) }

// CleanTerm drops what TermSafe drops, except the escape sequences of own
// (a caller's own styles), which stay.
func CleanTerm(s string, own []string) string {
	if !UnsafeForTerm(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b && isOwn(s[i:], own):
			n := strings.IndexByte(s[i:], 'm') + 1
			b.WriteString(s[i : i+n])
			i += n
			continue
		case r == 0x1b || r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			i += escapeLen(s[i:], size)
			continue
		case DroppedRune(r):
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func isOwn(s string, own []string) bool {
	for _, c := range own {
		if strings.HasPrefix(s, c) {
			return true
		}
	}
	return false
}

// UnsafeForTerm reports whether s holds anything TermSafe drops: the fast
// check, as most text has nothing to drop.
func UnsafeForTerm(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 {
			return strings.IndexFunc(s, func(r rune) bool { return DroppedRune(r) || r == 0x1b }) >= 0
		}
	}
	return false
}

// DroppedRune reports whether r is a control character, other than '\n' and
// '\t', or a bidirectional formatting character.
func DroppedRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}

// escapeLen is the length of the escape sequence at the start of s, whose
// introducer (ESC, or a C1 CSI, OSC, DCS, SOS, PM or APC) is size bytes
// long: the whole sequence goes, its text too (an OSC's title), up to its
// terminator or the end of s (ECMA-48: a CSI ends at a byte 0x40-0x7e; a
// string ends at BEL or ST).
func escapeLen(s string, size int) int {
	kind := s[:size]
	i := size
	if kind == "\x1b" {
		if i >= len(s) {
			return i
		}
		switch c := s[i]; {
		case c == '[':
			kind = "\u009b"
		case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
			kind = "\u009d"
		default: // ESC, intermediates 0x20-0x2f, then one final byte
			for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
				i++
			}
			if i < len(s) {
				i++
			}
			return i
		}
		i++
	}
	if kind == "\u009b" { // CSI: parameters and intermediates, then a final byte
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
			i++
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			i++
		}
		return i
	}
	for i < len(s) { // a string: up to BEL, ESC \ or ST (U+009C)
		switch {
		case s[i] == 0x07:
			return i + 1
		case strings.HasPrefix(s[i:], "\x1b\\"):
			return i + 2
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + 2
		}
		i++
	}
	return i
}

// IncompleteTail is how many bytes at the end of b begin a UTF-8 sequence
// that b does not finish.
func IncompleteTail(b []byte) int {
	for n := 1; n <= 3 && n <= len(b); n++ {
		c := b[len(b)-n]
		if c < 0x80 {
			return 0
		}
		if c >= 0xc0 { // a lead byte: is its sequence complete?
			if !utf8.FullRune(b[len(b)-n:]) {
				return n
			}
			return 0
		}
	}
	return 0
}
