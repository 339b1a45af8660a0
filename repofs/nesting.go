package repofs

import (
	"bytes"
	"errors"
	"fmt"
)

// ErrTooDeep means a config of the repository nests its brackets deeper
// than MaxNesting: a recursive parser would take a frame, and stack, for
// each level (500,000 levels fit under a 1 MiB cap).
var ErrTooDeep = errors.New("nested too deep")

// MaxNesting is the deepest a repository's config may nest: Cargo.toml,
// tsconfig.json and go.mod files nest a handful of levels; encoding/json
// itself stops at 10,000.
const MaxNesting = 256

// Syntax is what CheckNesting skips of a format: its strings and comments,
// where a bracket is text.
type Syntax struct {
	Quotes string // the characters that open and close a string; a backslash escapes only in "…"
	Triple bool   // """…""" and '''…''' strings (TOML)
	Line   string // starts a comment that runs to the end of the line
	Block  bool   // /* … */ comments
}

// The syntaxes of the configs gortex reads from a repository.
var (
	JSONC = Syntax{Quotes: `"`, Line: "//", Block: true} // tsconfig.json, as TypeScript reads it
	TOML  = Syntax{Quotes: `"'`, Triple: true, Line: "#"}
	GoMod = Syntax{Quotes: "\"`", Line: "//"}
)

// CheckNesting returns ErrTooDeep when data, read as syntax, opens more
// than limit brackets ([, { or ( outside strings and comments) without
// closing them: a check to run before a recursive parser.
func CheckNesting(data []byte, syntax Syntax, limit int) error {
	depth := 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '[' || c == '{' || c == '(':
			if depth++; depth > limit {
				return fmt.Errorf("%w: brackets open more than %d deep at byte %d", ErrTooDeep, limit, i)
			}
		case c == ']' || c == '}' || c == ')':
			depth = max(0, depth-1)
		case bytes.IndexByte([]byte(syntax.Quotes), c) >= 0:
			i = syntax.skipString(data, i)
		case syntax.Line != "" && bytes.HasPrefix(data[i:], []byte(syntax.Line)):
			i = skipTo(data, i, "\n")
		case syntax.Block && bytes.HasPrefix(data[i:], []byte("/*")):
			i = skipTo(data, i+2, "*/")
		}
	}
	return nil
}

// skipString returns the index of the last byte of the string that starts
// at data[i] (the end of data when it is not closed).
func (s Syntax) skipString(data []byte, i int) int {
	q := data[i]
	if s.Triple && bytes.HasPrefix(data[i:], []byte{q, q, q}) {
		return s.skipUntil(data, i+3, []byte{q, q, q}, q == '"')
	}
	return s.skipUntil(data, i+1, []byte{q}, q == '"')
}

// skipUntil returns the index of the last byte of the first end at or
// after i, a backslash escaping the byte after it when escapes is set.
func (s Syntax) skipUntil(data []byte, i int, end []byte, escapes bool) int {
	for ; i < len(data); i++ {
		switch {
		case escapes && data[i] == '\\':
			i++
		case bytes.HasPrefix(data[i:], end):
			return i + len(end) - 1
		}
	}
	return len(data)
}

// skipTo returns the index of the last byte of the first end at or after
// i (the end of data when there is none).
func skipTo(data []byte, i int, end string) int {
	j := bytes.Index(data[i:], []byte(end))
	if j < 0 {
		return len(data)
	}
	return i + j + len(end) - 1
}
