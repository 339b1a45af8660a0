package query

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/gortex/gortex/internal/textutil"
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
		// TOON has no escape for a control character other than \n, \r and
		// \t (the encoder refuses one), and none at all for the C1 controls
		// and bidirectional formatting a terminal obeys: strings holding
		// them are written with each shown instead (visible).
		s, err := toon.MarshalString(v)
		if rv := reflect.ValueOf(v); (err != nil || unsafeForTerm(s)) && rv.IsValid() {
			s, err = toon.MarshalString(visibleCopy(rv).Interface())
		}
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
		if r != '\n' && r != '\t' && textutil.DroppedRune(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, js[i:i+size]...)
		}
		i += size
	}
	return out
}

// visible replaces in s what TOON cannot carry and a terminal may act on:
// a C0 control other than \n, \r and \t, and DEL, by its Unicode control
// picture (ESC is "␛"); a C1 control or a bidirectional formatting
// character by U+FFFD.
func visible(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return r // TOON escapes it
		case r < 0x20 && textutil.DroppedRune(r):
			return 0x2400 + r
		case r == 0x7f:
			return 0x2421
		case textutil.DroppedRune(r):
			return utf8.RuneError
		}
		return r
	}, s)
}

// visibleCopy returns a copy of v with every string in it made visible,
// through pointers, structs, slices, arrays, maps and interfaces. A struct
// with unexported fields (a time.Time) is an opaque value and is kept as
// it is; encoders read it through its methods.
func visibleCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		out := reflect.New(v.Type()).Elem()
		out.SetString(visible(v.String()))
		return out
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return v
		}
		inner := visibleCopy(v.Elem())
		if v.Kind() == reflect.Pointer {
			out := reflect.New(v.Type().Elem())
			out.Elem().Set(inner)
			return out
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(inner)
		return out
	case reflect.Struct:
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				return v
			}
		}
		out := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			out.Field(i).Set(visibleCopy(v.Field(i)))
		}
		return out
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return v
		}
		out := reflect.New(v.Type()).Elem()
		if v.Kind() == reflect.Slice {
			out = reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		}
		for i := range v.Len() {
			out.Index(i).Set(visibleCopy(v.Index(i)))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(visibleCopy(it.Key()), visibleCopy(it.Value()))
		}
		return out
	}
	return v
}
