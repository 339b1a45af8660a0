package query

import (
	"encoding/json"
	"fmt"
	"io"

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
		enc := json.NewEncoder(w)
		if !o.Compact {
			enc.SetIndent("", "  ")
		}
		enc.SetEscapeHTML(false)
		return enc.Encode(v)
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
