package audit

import (
	"context"
	"errors"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/internal/textutil"
)

// History blames lines of a file; *history.Git is one. Blame returns the
// commits owning lines start..end, formatting-only and bulk commits left
// out.
type History interface {
	Blame(ctx context.Context, path string, start, end int) ([]history.Commit, error)
}

// trailer matches the "Key: value" lines git appends to a message
// (Signed-off-by, Co-authored-by, Change-Id): they explain nothing.
var trailer = textutil.Regexp(`^[A-Z][A-Za-z-]*-[A-Za-z-]+:\s|^Change-Id:\s`)

// blamer reads the commits of candidates, at most MaxBlames per audit.
type blamer struct {
	h    History
	left int
}

func newBlamer(h History) *blamer { return &blamer{h: h, left: MaxBlames} }

// explained reports whether a commit owning at least MinCommitShare of n's
// lines has a message that explains it (see MinCommitBodyWords). Without
// history, past MaxBlames, or when git fails, nothing is explained by
// commits: the audit then says what the graph says.
func (b *blamer) explained(ctx context.Context, n *graph.Node) bool {
	if b == nil || b.h == nil || b.left <= 0 || n.Line <= 0 {
		return false
	}
	b.left--
	end := max(n.EndLine, n.Line)
	cs, err := b.h.Blame(ctx, n.Path, n.Line, end)
	if errors.Is(err, history.ErrNotGit) || errors.Is(err, history.ErrNoCommits) {
		b.left = 0 // no repository, or no commit: no other blame will succeed
	}
	if err != nil {
		return false
	}
	lines := float64(end - n.Line + 1)
	for _, c := range cs {
		if float64(c.Lines)/lines >= MinCommitShare && bodyWords(c.Body) >= MinCommitBodyWords {
			return true
		}
	}
	return false
}

// bodyWords counts the words of a commit body, trailers left out.
func bodyWords(body string) int {
	n := 0
	for line := range strings.Lines(body) {
		if !trailer().MatchString(strings.TrimSpace(line)) {
			n += len(strings.Fields(line))
		}
	}
	return n
}
