package memory

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gortex/gortex/graph"
)

// AnchorResolver resolves a symbol query as `gortex why` accepts it
// ("billing.Invoice.Finalize", "Invoice.Finalize", "billing/invoice.go::Invoice")
// to exactly one node, or returns the candidates when several match. The
// caller supplies it (the CLI and the MCP server wrap query.Resolve over the
// loaded index), so that rationale does not depend on query.
type AnchorResolver func(query string) (node *graph.Node, candidates []*graph.Node, err error)

// AnchorError says why a symbol anchor was refused; Candidates lists the
// symbols an ambiguous anchor matched. It wraps ErrUnresolved.
type AnchorError struct {
	Written    string
	Candidates []*graph.Node
	Err        error // the resolver's error, if any
}

func (e *AnchorError) Error() string {
	var b strings.Builder
	switch {
	case len(e.Candidates) > 0:
		fmt.Fprintf(&b, "anchor %q matches %d symbols; anchor one of them:", e.Written, len(e.Candidates))
		for _, c := range e.Candidates {
			fmt.Fprintf(&b, "\n  %s  (%s, %s:%d)", c.ID, c.Kind, c.Path, c.Line)
		}
	case e.Err != nil:
		fmt.Fprintf(&b, "anchor %q: %v", e.Written, e.Err)
	default:
		fmt.Fprintf(&b, "anchor %q matches no symbol", e.Written)
	}
	return b.String()
}

func (e *AnchorError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrUnresolved}
	}
	return []error{ErrUnresolved, e.Err}
}

// ResolveAnchors resolves every symbol anchor of m that has no ID yet with
// resolve, records its fingerprint (read from the source under root), and
// checks that every file anchor names a file under root. An anchor that
// resolves to nothing or to several symbols is refused with an
// *AnchorError. Duplicate anchors are dropped.
func ResolveAnchors(root string, m *Memory, resolve AnchorResolver) error {
	seen := map[graph.NodeID]bool{}
	var out []SymbolAnchor
	for _, a := range m.Symbols {
		if a.ID == "" {
			var err error
			if a, err = resolveAnchor(root, strings.TrimSpace(a.Written), resolve); err != nil {
				return err
			}
		}
		if !seen[a.ID] {
			seen[a.ID] = true
			out = append(out, a)
		}
	}
	m.Symbols = out
	files, err := cleanFiles(root, m.Files)
	m.Files = files
	return err
}

func resolveAnchor(root, written string, resolve AnchorResolver) (SymbolAnchor, error) {
	if resolve == nil {
		return SymbolAnchor{}, &AnchorError{Written: written, Err: errors.New("no index to resolve it against")}
	}
	n, cands, err := resolve(written)
	switch {
	case n == nil && len(cands) > 0:
		return SymbolAnchor{}, &AnchorError{Written: written, Candidates: cands}
	case n == nil:
		return SymbolAnchor{}, &AnchorError{Written: written, Err: err}
	case !n.Kind.IsCode():
		return SymbolAnchor{}, &AnchorError{Written: written, Err: fmt.Errorf("%s is a %s, not code", n.ID, n.Kind)}
	}
	a := SymbolAnchor{Written: written, ID: n.ID}
	if n.Kind.IsSymbol() && root != "" {
		// A symbol whose source cannot be read keeps no fingerprint: it can
		// still be anchored, it just cannot be followed through a rename.
		a.Fingerprint, _ = Fingerprint(root, n)
	}
	return a, nil
}

// cleanFiles turns file anchors into clean repo-relative slash paths and,
// when root is given, checks that each exists.
func cleanFiles(root string, files []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, f := range files {
		p := strings.TrimSpace(f)
		if root != "" && filepath.IsAbs(p) {
			if rel, err := filepath.Rel(root, p); err == nil {
				p = rel
			}
		}
		p = cleanSlash(filepath.ToSlash(p))
		if err := checkRelPath(p); err != nil {
			return out, fmt.Errorf("%w: file anchor %q: %w", ErrInvalid, f, err)
		}
		if root != "" {
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err != nil {
				return out, fmt.Errorf("%w: file anchor %q: no such file in %s", ErrInvalid, f, root)
			}
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// rewritten is how an anchor first written as written names n after a
// rename or move: in the same form (an ID stays an ID, "pkg.Type.Method"
// keeps three parts, a full path stays a full path).
func rewritten(written string, n *graph.Node) string {
	if strings.Contains(written, "::") || n.Qualified == "" {
		return string(n.ID)
	}
	if strings.Contains(written, "/") {
		return n.Qualified
	}
	tail := n.Qualified[strings.LastIndexByte(n.Qualified, '/')+1:]
	parts := strings.Split(tail, ".")
	if k := len(strings.Split(written, ".")); k < len(parts) {
		parts = parts[len(parts)-k:]
	}
	return strings.Join(parts, ".")
}
