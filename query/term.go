package query

import (
	"io"
	"strings"
	"unicode/utf8"
)

// Text output goes to terminals, and repository text (a document, a file
// name, a commit message) may hold what a terminal acts on: escape
// sequences that set the window title, clear the screen, move the cursor
// or write to the clipboard, control characters, C1 controls (U+0080 to
// U+009F, which some terminals take as escapes) and bidirectional
// overrides that reorder what is shown. TermSafe drops them; colour is
// gortex's alone. JSON keeps them, escaped (Encode).

// TermSafe returns s without escape sequences, control characters other
// than '\n' and '\t', C1 controls and bidirectional formatting characters.
// Invalid UTF-8 is kept as it is.
func TermSafe(s string) string { return clean(s, false) }

// ownSGR are the only escape sequences text output writes: the styles of
// render.go.
var ownSGR = []string{ansiBold, ansiDim, ansiCyan, ansiReset}

// clean drops what TermSafe drops; with keepOwn, gortex's own styles
// (ownSGR) stay.
func clean(s string, keepOwn bool) string {
	if !unsafeForTerm(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b && keepOwn && isOwnSGR(s[i:]):
			n := strings.IndexByte(s[i:], 'm') + 1
			b.WriteString(s[i : i+n])
			i += n
			continue
		case r == 0x1b || r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			i += escapeLen(s[i:], size)
			continue
		case dropped(r):
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func isOwnSGR(s string) bool {
	for _, c := range ownSGR {
		if strings.HasPrefix(s, c) {
			return true
		}
	}
	return false
}

// unsafeForTerm is the fast check: most text has nothing to drop.
func unsafeForTerm(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 {
			return strings.IndexFunc(s, func(r rune) bool { return dropped(r) || r == 0x1b }) >= 0
		}
	}
	return false
}

// dropped reports whether r is a control character, other than '\n' and
// '\t', or a bidirectional formatting character.
func dropped(r rune) bool {
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

// TermWriter writes to a terminal what TermSafe keeps, and gortex's own
// styles. A rune cut between two writes is held until the next one, so a
// C1 control cannot be made of two halves; an escape sequence cut between
// two writes loses its introducer, which leaves plain text.
type TermWriter struct {
	W    io.Writer
	held []byte
}

// NewTermWriter returns a TermWriter over w.
func NewTermWriter(w io.Writer) *TermWriter { return &TermWriter{W: w} }

// Write writes p, cleaned, and reports all of p written.
func (t *TermWriter) Write(p []byte) (int, error) {
	buf := append(t.held, p...)
	t.held = nil
	if cut := incompleteTail(buf); cut > 0 {
		t.held = append([]byte(nil), buf[len(buf)-cut:]...)
		buf = buf[:len(buf)-cut]
	}
	if _, err := io.WriteString(t.W, clean(string(buf), true)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// incompleteTail is how many bytes at the end of b begin a UTF-8 sequence
// that b does not finish.
func incompleteTail(b []byte) int {
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
