package textindex

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// recordDate returns the date of a commit's stored record (commitRec's
// "d"), as json.Unmarshal into a struct of that field alone gives it; ok
// is false when the record does not decode. Touching reads the dates of
// every commit of a file before it decodes the few it keeps, and on
// synapse (751 commits of one file, 387 KB of records) decoding them with
// encoding/json, which scans each record twice, was half of Touching in a
// new process: a record as commitRec encodes (an object of strings,
// integers and lists of strings, no spaces) is read here in one pass, and
// any other shape by encoding/json.
func recordDate(raw []byte) (date int64, ok bool) {
	if d, sure := scanDate(raw); sure {
		return d, true
	}
	var rec struct {
		Date int64 `json:"d"`
	}
	if json.Unmarshal(raw, &rec) != nil {
		return 0, false
	}
	return rec.Date, true
}

// scanDate reads raw as a JSON object whose keys are plain strings and
// whose values are strings, integers, null or lists of strings, with no
// space between tokens; sure is true when it is one, so that json.Unmarshal
// would accept it, and date is then the value of its last key "d" (or "D":
// encoding/json matches a field's name regardless of case), 0 without one.
func scanDate(raw []byte) (date int64, sure bool) {
	if len(raw) < 2 || raw[0] != '{' {
		return 0, false
	}
	rest := raw[1:]
	if rest[0] == '}' {
		return 0, len(rest) == 1
	}
	for {
		key, after, ok := scanString(rest)
		if !ok || bytes.IndexByte(key, '\\') >= 0 || len(after) == 0 || after[0] != ':' {
			return 0, false
		}
		rest = after[1:]
		if len(key) == 1 && (key[0] == 'd' || key[0] == 'D') {
			n := intLen(rest)
			v, err := strconv.ParseInt(string(rest[:n]), 10, 64)
			if n == 0 || err != nil {
				return 0, false
			}
			date, rest = v, rest[n:]
		} else if rest, ok = skipValue(rest); !ok {
			return 0, false
		}
		switch {
		case len(rest) == 0:
			return 0, false
		case rest[0] == '}':
			return date, len(rest) == 1
		case rest[0] != ',':
			return 0, false
		}
		rest = rest[1:]
	}
}

// skipValue returns what follows the value at the start of b (a string, an
// integer, null, or a list of strings); ok is false for anything else.
func skipValue(b []byte) (rest []byte, ok bool) {
	switch {
	case len(b) == 0:
		return nil, false
	case b[0] == '"':
		_, rest, ok = scanString(b)
		return rest, ok
	case b[0] == '[':
		return skipStrings(b[1:])
	case bytes.HasPrefix(b, []byte("null")):
		return b[4:], true
	}
	n := intLen(b)
	return b[n:], n > 0
}

// skipStrings returns what follows a list of strings whose "[" is already
// read.
func skipStrings(b []byte) (rest []byte, ok bool) {
	if len(b) > 0 && b[0] == ']' {
		return b[1:], true
	}
	for {
		if _, b, ok = scanString(b); !ok || len(b) == 0 {
			return nil, false
		}
		switch b[0] {
		case ']':
			return b[1:], true
		case ',':
			b = b[1:]
		default:
			return nil, false
		}
	}
}

// scanString reads the JSON string at the start of b: s is its bytes
// between the quotes, escapes left as they are, and rest what follows; ok
// is false unless it is a string JSON accepts (no control character, each
// escape one JSON has).
func scanString(b []byte) (s, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	for i := 1; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return b[1:i], b[i+1:], true
		case c < 0x20:
			return nil, nil, false
		case c == '\\':
			n := escapeLen(b[i+1:])
			if n == 0 {
				return nil, nil, false
			}
			i += n
		}
	}
	return nil, nil, false
}

// escapeLen is the length of the escape after a backslash at the start of
// b, 0 for one JSON does not have.
func escapeLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	switch b[0] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 1
	case 'u':
		if len(b) < 5 {
			return 0
		}
		for _, c := range b[1:5] {
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return 0
			}
		}
		return 5
	}
	return 0
}

// intLen is the length of the JSON integer at the start of b (an optional
// minus, then 0 or digits not starting with 0), 0 for none or for a number
// with a fraction or exponent.
func intLen(b []byte) int {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	start := i
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	switch {
	case i == start, b[start] == '0' && i > start+1:
		return 0
	case i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E'):
		return 0
	}
	return i
}
