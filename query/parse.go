package query

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// ErrBadQuery is returned by Parse for text that is no symbol query.
var ErrBadQuery = errors.New("not a symbol query")

// MaxQueryLen caps a query, in bytes: the longest qualified names are a
// few hundred bytes, a question a sentence or two. A 50 MB query over the
// MCP stdio transport cost 90 s and 1.4 GB, and its answer echoed it.
const MaxQueryLen = 4096

// CheckLength refuses text longer than MaxQueryLen, with ErrBadQuery; the
// error does not repeat the text.
func CheckLength(text string) error {
	if len(text) > MaxQueryLen {
		return fmt.Errorf("%w: the query is %d bytes; at most %d", ErrBadQuery, len(text), MaxQueryLen)
	}
	return nil
}

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

// Parse parses a symbol query: a qualified name in any indexed language's
// convention or any suffix of one — Go "sigs.k8s.io/karpenter/pkg/apis/v1.Budget",
// "v1.Budget.IsActive", "Budget"; Python "shop.models.Cart.add"; Rust
// "crate::shop::Cart::add"; C++ "ns::Class::method"; Ruby "Shop::Cart#add";
// PHP "App\Shop\Cart::add"; TypeScript "src/billing/invoice.Invoice" — or a
// stable ID ("pkg/apis/v1/nodepool.go::Budget"). Names are split at ".",
// "::", "#" and "\", so every convention gives the same Names. Import paths
// contain dots, so the text splits at the last '/' first, as go doc does.
// A "::" whose left side is a file path (it holds a '/' or a '.') makes a
// stable ID.
func Parse(text string) (Query, error) {
	if err := CheckLength(text); err != nil {
		return Query{}, err
	}
	raw := strings.TrimSpace(text)
	q := Query{Raw: raw}
	if raw == "" {
		return q, fmt.Errorf("%w: empty query", ErrBadQuery)
	}
	if file, name, ok := strings.Cut(raw, "::"); ok && strings.ContainsAny(file, "/.") {
		if name == "" {
			return q, fmt.Errorf("%w: %q: an ID is path/file.ext::Name", ErrBadQuery, raw)
		}
		q.ID = raw
		return q, nil
	}
	tail := strings.TrimPrefix(strings.TrimPrefix(raw, "::"), `\`) // C++ ::global, PHP \Fully\Qualified
	if i := strings.LastIndexByte(tail, '/'); i >= 0 {
		q.Dir, tail = tail[:i], tail[i+1:]
		if q.Dir == "" || strings.ContainsAny(q.Dir, " \t\\#") || strings.Contains(q.Dir, "::") {
			return q, fmt.Errorf("%w: %q: bad import path", ErrBadQuery, raw)
		}
	}
	for _, part := range strings.Split(nameSeparators.Replace(tail), ".") {
		if !isIdent(part) {
			return q, fmt.Errorf("%w: %q: %q is not an identifier", ErrBadQuery, raw, part)
		}
		q.Names = append(q.Names, part)
	}
	return q, nil
}

// nameSeparators turns the separators of every language's qualified names
// into ".": Rust and C++ "::", Ruby "#", PHP "\".
var nameSeparators = strings.NewReplacer("::", ".", "#", ".", `\`, ".")

// isIdent reports whether s is an identifier: a letter, '_' or '$', then
// also digits and '-' (Bash function names), with one '?', '!' or '=' at
// the end allowed (Ruby and Elixir method names).
func isIdent(s string) bool {
	if last := len(s) - 1; last > 0 && strings.IndexByte("?!=", s[last]) >= 0 {
		s = s[:last]
	}
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && r != '$' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r) && r != '-') {
			return false
		}
	}
	return true
}
