package query

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// ErrBadQuery is returned by Parse for text that is no symbol query.
var ErrBadQuery = errors.New("not a symbol query")

// Query is a parsed symbol query.
type Query struct {
	Raw string
	// ID is set for the stable-ID form "path/file.go::Name".
	ID string
	// Dir is the import-path part before the last '/', "" when none;
	// Names are the dotted identifiers after it: pkg, Type, Method.
	Dir   string
	Names []string
}

// Last is the symbol's own identifier.
func (q Query) Last() string { return q.Names[len(q.Names)-1] }

// Suffix is the query as a qualified-name suffix: "v1.Budget.IsActive".
func (q Query) Suffix() string {
	s := strings.Join(q.Names, ".")
	if q.Dir != "" {
		return q.Dir + "/" + s
	}
	return s
}

// Parse parses a symbol query: a Go qualified name or any suffix of one
// ("sigs.k8s.io/karpenter/pkg/apis/v1.Budget", "v1.Budget.IsActive",
// "Budget"), or a stable ID ("pkg/apis/v1/nodepool.go::Budget"). Import
// paths contain dots, so the text splits at the last '/' first, as go doc
// does.
func Parse(text string) (Query, error) {
	raw := strings.TrimSpace(text)
	q := Query{Raw: raw}
	if raw == "" {
		return q, fmt.Errorf("%w: empty query", ErrBadQuery)
	}
	if file, name, ok := strings.Cut(raw, "::"); ok {
		if file == "" || name == "" {
			return q, fmt.Errorf("%w: %q: an ID is path/file.ext::Name", ErrBadQuery, raw)
		}
		q.ID = raw
		return q, nil
	}
	tail := raw
	if i := strings.LastIndexByte(raw, '/'); i >= 0 {
		q.Dir, tail = raw[:i], raw[i+1:]
		if q.Dir == "" || strings.ContainsAny(q.Dir, " \t") {
			return q, fmt.Errorf("%w: %q: bad import path", ErrBadQuery, raw)
		}
	}
	for _, part := range strings.Split(tail, ".") {
		if !isIdent(part) {
			return q, fmt.Errorf("%w: %q: %q is not an identifier", ErrBadQuery, raw, part)
		}
		q.Names = append(q.Names, part)
	}
	return q, nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}
