package query

import (
	"context"
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gortex/gortex/graph"
)

// The kinds of query, as Answer.Kind names them.
const (
	KindSymbol   = "symbol"
	KindFile     = "file"
	KindQuestion = "question"
)

// Classify says what text asks about, in this order, so that every symbol
// query keeps its meaning:
//
//  1. A path to an existing file (a file node of the index, or a regular
//     file under root) is a file query, with the repo-relative path. A bare
//     word that names a file ("Makefile") is one only when no symbol has
//     that name.
//  2. Text that parses as a symbol query is one, even when it resolves to
//     nothing (unknown and ambiguous symbols keep their answers).
//  3. Text that cannot be a symbol query because it has a space or a '?'
//     is a question.
//  4. Anything else is a malformed symbol query (ErrBadQuery).
func Classify(s *graph.Store, text, root string) (kind, file string) {
	t := strings.TrimSpace(text)
	if p, ok := filePath(s, root, t); ok {
		if strings.ContainsAny(t, "/.") {
			return KindFile, p
		}
		q, err := Parse(t)
		if err != nil {
			return KindFile, p
		}
		if _, _, err := Resolve(s, q); errors.Is(err, ErrUnknown) {
			return KindFile, p
		}
	}
	if _, err := Parse(t); err != nil && strings.ContainsAny(t, " \t\n?") {
		return KindQuestion, ""
	}
	return KindSymbol, ""
}

// filePath returns t as a clean repo-relative path when it names a file
// of the index or a regular file under root ("" skips the disk).
func filePath(s *graph.Store, root, t string) (string, bool) {
	if t == "" || strings.Contains(t, "::") || strings.ContainsAny(t, "\n?*") {
		return "", false
	}
	p := t
	if filepath.IsAbs(p) {
		if root == "" {
			return "", false
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return "", false
		}
		p = rel
	}
	p = path.Clean(filepath.ToSlash(p))
	if p == "." || p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") {
		return "", false
	}
	if n, ok := s.Node(graph.FileID(p)); ok && n.Kind == graph.KindFile {
		return p, true
	}
	if root == "" {
		return "", false
	}
	fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
	return p, err == nil && fi.Mode().IsRegular()
}

// whyByKind answers text when it is a file or a question, and reports
// whether it did; Why answers symbol queries itself.
func whyByKind(ctx context.Context, s *graph.Store, text string, opts Options) (*Answer, bool, error) {
	switch kind, p := Classify(s, text, opts.Root); kind {
	case KindFile:
		a, err := whyFile(ctx, s, text, p, opts)
		return a, true, err
	case KindQuestion:
		a, err := whyQuestion(ctx, s, text, opts)
		return a, true, err
	}
	return nil, false, nil
}
