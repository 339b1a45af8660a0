package reflection

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gortex/gortex/memory"
)

// ErrMalformed says that a reply holds no JSON object of notes; nothing is
// kept from it.
var ErrMalformed = errors.New("malformed reflection reply")

// Note is one durable note a reply proposes.
type Note struct {
	Title   string       `json:"title"`
	Body    string       `json:"body"`
	Kind    memory.Kind  `json:"kind"`
	Basis   memory.Basis `json:"basis"`
	Symbols []string     `json:"symbols"`
	Files   []string     `json:"files"`
	Tags    []string     `json:"tags"`
}

// Bounds of reply parsing: a reply to this prompt is a few hundred bytes;
// one much longer is not an answer to it, and the search for its first
// object is quadratic in the braces tried.
const (
	maxReplyBytes = 64 << 10
	maxStarts     = 32
)

// ParseNotes returns the notes of a reply: the first balanced JSON object
// in it, with a "notes" array (or, leniently, one note as the object
// itself). A note that does not decode, has no body, or a kind or basis
// gortex does not know, or exceeds a memory's caps, is dropped and
// counted. A reply with no such object is ErrMalformed.
func ParseNotes(reply string) (notes []Note, dropped int, err error) {
	obj, ok := firstObject(reply)
	if !ok {
		return nil, 0, fmt.Errorf("%w: no JSON object", ErrMalformed)
	}
	var top struct {
		Notes json.RawMessage `json:"notes"`
		Body  json.RawMessage `json:"body"`
	}
	if err := json.Unmarshal(obj, &top); err != nil {
		return nil, 0, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	var raw []json.RawMessage
	switch {
	case top.Notes != nil:
		if err := json.Unmarshal(top.Notes, &raw); err != nil {
			return nil, 0, fmt.Errorf("%w: notes is no array", ErrMalformed)
		}
	case top.Body != nil:
		raw = []json.RawMessage{obj}
	default:
		return nil, 0, fmt.Errorf("%w: the object has no notes", ErrMalformed)
	}
	for _, r := range raw {
		var n Note
		if json.Unmarshal(r, &n) != nil || !n.valid() {
			dropped++
			continue
		}
		notes = append(notes, n)
	}
	return notes, dropped, nil
}

// valid reports whether n can become a memory at all.
func (n *Note) valid() bool {
	n.Title, n.Body = strings.TrimSpace(n.Title), strings.TrimSpace(n.Body)
	n.Kind, n.Basis = memory.Kind(strings.ToLower(string(n.Kind))), memory.Basis(strings.ToLower(string(n.Basis)))
	switch {
	case n.Body == "", utf8.RuneCountInString(n.Body) > memory.MaxBodyLen,
		utf8.RuneCountInString(n.Title) > memory.MaxTitleLen, strings.ContainsAny(n.Title, "\r\n"),
		n.Kind != "" && !slices.Contains(memory.Kinds, n.Kind),
		n.Basis != "" && !slices.Contains(memory.Bases, n.Basis),
		len(n.Tags) > memory.MaxTags:
		return false
	}
	return true
}

// firstObject returns the first balanced JSON object in s: the first '{'
// from which a brace-balanced span (strings respected) is valid JSON.
func firstObject(s string) ([]byte, bool) {
	b := []byte(s[:min(len(s), maxReplyBytes)])
	from := 0
	for tries := 0; tries < maxStarts; tries++ {
		i := bytes.IndexByte(b[from:], '{')
		if i < 0 {
			return nil, false
		}
		start := from + i
		if end, ok := balanced(b, start); ok && json.Valid(b[start:end]) {
			return b[start:end], true
		}
		from = start + 1
	}
	return nil, false
}

// balanced returns the end of the brace-balanced span starting at b[start]
// == '{', skipping braces inside JSON strings.
func balanced(b []byte, start int) (int, bool) {
	depth, inString, escaped := 0, false, false
	for i := start; i < len(b); i++ {
		c := b[i]
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return 0, false
}
