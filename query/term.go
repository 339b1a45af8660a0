package query

import (
	"io"

	"github.com/gortex/gortex/internal/textutil"
)

// TermSafe returns s without what a terminal acts on (textutil.TermSafe):
// repository text may hold escape sequences; colour is gortex's alone. JSON
// keeps them, escaped (Encode).
func TermSafe(s string) string { return textutil.TermSafe(s) }

// ownSGR are the only escape sequences text output writes: the styles of
// render.go.
var ownSGR = []string{ansiBold, ansiDim, ansiCyan, ansiReset}

// clean drops what TermSafe drops; with keepOwn, gortex's own styles
// (ownSGR) stay.
func clean(s string, keepOwn bool) string {
	if keepOwn {
		return textutil.CleanTerm(s, ownSGR)
	}
	return textutil.TermSafe(s)
}

func unsafeForTerm(s string) bool { return textutil.UnsafeForTerm(s) }

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
	if cut := textutil.IncompleteTail(buf); cut > 0 {
		t.held = append([]byte(nil), buf[len(buf)-cut:]...)
		buf = buf[:len(buf)-cut]
	}
	if _, err := io.WriteString(t.W, clean(string(buf), true)); err != nil {
		return 0, err
	}
	return len(p), nil
}
