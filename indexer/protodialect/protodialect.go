// Package protodialect tells which dialect a .proto file is written in
// (proto2, proto3, editions) by its first statement, so that a file the
// proto3 grammar reads nothing of is reported for what it is.
package protodialect

import (
	"bytes"
	"fmt"
)

// Error is a parse error of a file in a dialect the grammar does not read;
// it wraps the parser's error (errors.Is finds it).
type Error struct {
	Dialect string // "proto2", "editions", or syntax "…" for another
	Syntax  error
}

func (e *Error) Error() string {
	return e.Dialect + " is not supported (the protobuf grammar reads proto3)"
}

// Unwrap returns the parser's error.
func (e *Error) Unwrap() error { return e.Syntax }

// Check returns the error to report for src, a file in language lang that
// the parser recovered nothing from with syntaxErr: for a protobuf file in
// another dialect than proto3, an *Error naming it; else syntaxErr.
func Check(lang string, src []byte, syntaxErr error) error {
	if lang != "protobuf" {
		return syntaxErr
	}
	if d := Of(src); d != "proto3" {
		return &Error{Dialect: d, Syntax: syntaxErr}
	}
	return syntaxErr
}

// Of is the dialect a .proto file declares in its first
// statement: "proto3", "proto2" (also with no syntax statement, the
// protobuf default), "editions" for an edition statement, or what else its
// syntax statement names, quoted.
func Of(src []byte) string {
	rest := skipSpace(src)
	word, isEdition := []byte("syntax"), false
	switch {
	case bytes.HasPrefix(rest, word):
	case bytes.HasPrefix(rest, []byte("edition")):
		word, isEdition = []byte("edition"), true
	default:
		return "proto2"
	}
	rest = skipSpace(rest[len(word):])
	if len(rest) == 0 || rest[0] != '=' {
		return "proto2"
	}
	rest = skipSpace(rest[1:])
	if len(rest) == 0 || (rest[0] != '"' && rest[0] != '\'') {
		return "proto2"
	}
	end := bytes.IndexByte(rest[1:], rest[0])
	if end < 0 {
		return "proto2"
	}
	val := string(rest[1 : 1+end])
	switch {
	case isEdition:
		return "editions"
	case val == "proto2" || val == "proto3":
		return val
	}
	return fmt.Sprintf("syntax %.40q", val)
}

// skipSpace skips white space and comments.
func skipSpace(b []byte) []byte {
	for {
		b = bytes.TrimLeft(b, " \t\r\n\f\v\ufeff")
		switch {
		case bytes.HasPrefix(b, []byte("//")):
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				return nil
			}
			b = b[i+1:]
		case bytes.HasPrefix(b, []byte("/*")):
			i := bytes.Index(b[2:], []byte("*/"))
			if i < 0 {
				return nil
			}
			b = b[2+i+2:]
		default:
			return b
		}
	}
}
