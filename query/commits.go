package query

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
)

// History reads a repository's commit history; *history.Git is one.
// Each method returns history.ErrNotGit outside a repository and
// history.ErrUntracked for a file git does not know.
type History interface {
	// Blame returns the commits owning lines start..end of path, most
	// lines first, formatting-only and bulk commits left out.
	Blame(ctx context.Context, path string, start, end int) ([]history.Commit, error)
	// Log returns the n latest commits changing path, following renames.
	Log(ctx context.Context, path string, n int) ([]history.Commit, error)
	// Recent returns the n latest commits of the repository.
	Recent(ctx context.Context, n int) ([]history.Commit, error)
}

// Refs is a list of issue and PR references. JSON writes it as a list;
// TOON, whose tables take scalars only, as one space-separated string.
type Refs []string

// String joins the references with spaces.
func (r Refs) String() string { return strings.Join(r, " ") }

// How much history an answer reads: the commits kept per symbol (ranked by
// lines owned; more are rarely about the symbol), the latest commits of a
// file, and the score of a file's commit that owns none of its lines (it
// still says why the file changed, so it stays, after the owners).
const (
	maxSymbolCommits = 5
	fileLogCommits   = 10
	logOnlyScore     = 0.05
)

// commitHits blames n's lines and returns one hit per commit, signal commit,
// scored by the share of the lines it owns. Outside git, or for an
// untracked file, there are none; other failures (a timeout) become a
// warning of a.
func commitHits(ctx context.Context, h History, n *graph.Node, a *Answer) []hit {
	if h == nil || n.Path == "" || !n.Kind.IsSymbol() || n.Line <= 0 {
		return nil
	}
	end := max(n.EndLine, n.Line)
	cs, err := h.Blame(ctx, n.Path, n.Line, end)
	if err != nil {
		if !quietHistoryErr(err) {
			a.Warnings = append(a.Warnings, fmt.Sprintf("commits left out: %v", err))
		}
		return nil
	}
	total := float64(end - n.Line + 1)
	var hits []hit
	for _, c := range cs[:min(len(cs), maxSymbolCommits)] {
		hits = append(hits, hit{source: commitSource(c), signal: graph.SignalCommit, score: min(float64(c.Lines)/total, 1)})
	}
	return hits
}

// quietHistoryErr reports whether err only says there is no history to
// read, which a symbol answer does not mention.
func quietHistoryErr(err error) bool {
	return errors.Is(err, history.ErrNotGit) || errors.Is(err, history.ErrUntracked) || errors.Is(err, history.ErrNoCommits)
}

// commitEntry fills the fields only commits have.
func commitEntry(e *Entry, src *source) {
	c := src.commit
	if c == nil {
		return
	}
	e.Commit = c.Hash
	e.Author = c.Author
	if !c.Date.IsZero() {
		e.Date = c.Date.UTC().Format(time.RFC3339)
	}
	if refs := c.Refs(); len(refs) > 0 {
		e.Refs = refs
	}
}

// commitLine is the second line of a commit entry in text output:
// "a1b2c3d · Jane Doe · 2024-03-01 · refs #12 ABC-7".
func commitLine(e Entry) string {
	parts := []string{ShortHash(e.Commit)}
	if e.Author != "" {
		parts = append(parts, e.Author)
	}
	if len(e.Date) >= 10 {
		parts = append(parts, e.Date[:10])
	}
	if len(e.Refs) > 0 {
		parts = append(parts, "refs "+e.Refs.String())
	}
	return strings.Join(parts, " · ")
}

// ShortHash is the seven-character form of a commit hash that answers show.
func ShortHash(h string) string { return h[:min(len(h), 7)] }
