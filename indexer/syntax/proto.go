package syntax

import (
	"bytes"
	"fmt"
)

// UnsupportedError is ErrSyntax for a file the grammar could not read
// because it is written in a dialect the grammar does not cover (proto2 or
// protobuf editions: the protobuf grammar reads proto3). errors.Is(err,
// ErrSyntax) holds for it.
type UnsupportedError struct {
	Dialect string // "proto2", "editions"
	Lang    string
	Reads   string // the dialect the grammar reads
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("%s is not supported (the %s grammar reads %s)", e.Dialect, e.Lang, e.Reads)
}

// Is makes an UnsupportedError an ErrSyntax.
func (e *UnsupportedError) Is(target error) bool { return target == ErrSyntax }

// unsupported returns the UnsupportedError of src, a file of l that
// nothing was recovered from, or nil when its dialect is one the grammar
// reads (so a plain syntax error).
func unsupported(l *Language, src []byte) error {
	if l.Name != "protobuf" {
		return nil
	}
	switch d := protoDialect(src); d {
	case "proto3":
		return nil
	default:
		return &UnsupportedError{Dialect: d, Lang: l.Name, Reads: "proto3"}
	}
}

// protoDialect is the dialect a .proto file declares in its first
// statement: "proto3", "proto2" (also with no syntax statement, the
// protobuf default), "editions" for an edition statement, or what else its
// syntax statement names, quoted.
func protoDialect(src []byte) string {
	rest := skipProtoSpace(src)
	word, isEdition := []byte("syntax"), false
	switch {
	case bytes.HasPrefix(rest, word):
	case bytes.HasPrefix(rest, []byte("edition")):
		word, isEdition = []byte("edition"), true
	default:
		return "proto2"
	}
	rest = skipProtoSpace(rest[len(word):])
	if len(rest) == 0 || rest[0] != '=' {
		return "proto2"
	}
	rest = skipProtoSpace(rest[1:])
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

// skipProtoSpace skips white space and comments.
func skipProtoSpace(b []byte) []byte {
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
