package linecap

import (
	"bytes"
	"encoding/json"
)

// ResponseID reads the id of line, one message a server writes: ok is
// true when line is a JSON object with no method member (a response), id
// its id when that is a request id (ValidID), else nil. It reads the
// members' values only to step over them (responseID): decoding a whole
// answer with encoding/json, to learn the id at its start, was more than
// the answer's own encoding into the line. What it does not expect of a
// server's messages (a key with an escape, a method member, bytes after
// the object, anything but an object) is decoded whole, as before.
func ResponseID(line []byte) (id json.RawMessage, ok bool) {
	raw, ok, undecided := responseID(line)
	if undecided {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(line, &m) != nil || m.Method != "" {
			return nil, false
		}
		raw, ok = m.ID, true
	}
	if !ok {
		return nil, false
	}
	return ValidID(raw), true
}

// responseID is ResponseID's scan: undecided when line holds what it does
// not expect, and then ok is false.
func responseID(line []byte) (id json.RawMessage, ok, undecided bool) {
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return nil, false, true
	}
	i = skipSpace(line, i+1)
	if i < len(line) && line[i] == '}' {
		return nil, true, skipSpace(line, i+1) != len(line)
	}
	for i < len(line) {
		if line[i] != '"' {
			return nil, false, true
		}
		end := bytes.IndexByte(line[i+1:], '"')
		if end < 0 {
			return nil, false, true
		}
		key := line[i+1 : i+1+end]
		if bytes.IndexByte(key, '\\') >= 0 || bytes.EqualFold(key, []byte("method")) {
			return nil, false, true
		}
		i = skipSpace(line, i+2+end)
		if i >= len(line) || line[i] != ':' {
			return nil, false, true
		}
		i = skipSpace(line, i+1)
		start := i
		if i = skipValue(line, i); i < 0 {
			return nil, false, true
		}
		if bytes.EqualFold(key, []byte("id")) {
			id = line[start:i]
		}
		i = skipSpace(line, i)
		switch {
		case i < len(line) && line[i] == ',':
			i = skipSpace(line, i+1)
		case i < len(line) && line[i] == '}':
			return id, true, skipSpace(line, i+1) != len(line)
		default:
			return nil, false, true
		}
	}
	return nil, false, true
}

// skipValue returns where the JSON value that starts at line[i] ends, -1
// when it does not end in line. Strings are stepped over whole, escapes
// and all; objects and arrays by their depth; anything else up to the
// next delimiter.
func skipValue(line []byte, i int) int {
	if i >= len(line) {
		return -1
	}
	depth := 0
	for i < len(line) {
		switch c := line[i]; c {
		case '"':
			if i = skipString(line, i); i < 0 {
				return -1
			}
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\r', '\n':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	if depth == 0 {
		return i
	}
	return -1
}

// skipString returns the index after the string that starts at line[i]
// (a quote), -1 when it does not end in line.
func skipString(line []byte, i int) int {
	for i++; i < len(line); i++ {
		switch line[i] {
		case '"':
			return i + 1
		case '\\':
			i++ // the byte it escapes
		}
	}
	return -1
}

func skipSpace(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n') {
		i++
	}
	return i
}
