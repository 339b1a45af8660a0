package query

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/toon-format/toon-go"
)

// Encode writes v as JSON (HTML left unescaped; indented unless
// o.Compact) or as TOON, the machine formats every surface shares. TOON is written without the "[#N]"
// length markers of its first versions: the reference implementation
// (@toon-format/toon 2.0 and later, spec v2+) rejects them. v's fields need
// both json and toon tags, with identical names, for the two to carry the
// same data.
func Encode(w io.Writer, v any, f Format, o RenderOptions) error {
	switch f {
	case FormatJSON:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		if !o.Compact {
			enc.SetIndent("", "  ")
		}
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return err
		}
		_, err := w.Write(escapeControls(b.Bytes()))
		return err
	case FormatTOON:
		s, err := toon.MarshalString(v)
		if err != nil {
			return fmt.Errorf("encode toon: %w", err)
		}
		_, err = io.WriteString(w, s+"\n")
		return err
	}
	return fmt.Errorf("unknown format %q", f)
}

// escapeControls writes as \u escapes, in encoded JSON, the characters a
// terminal may act on that encoding/json leaves raw (DEL, C1 controls,
// bidirectional formatting; see TermSafe): the data is kept, and JSON
// printed on a terminal shows it rather than obeying it. Such characters
// can only occur inside strings, where an escape means the same.
func escapeControls(js []byte) []byte {
	if !unsafeForTerm(string(js)) {
		return js
	}
	out := make([]byte, 0, len(js)+16)
	for i := 0; i < len(js); {
		r, size := utf8.DecodeRune(js[i:])
		if r != '\n' && r != '\t' && dropped(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, js[i:i+size]...)
		}
		i += size
	}
	return out
}
