package history

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Errors of reading git history. Callers answer from the rest of the graph
// when they see one: history is extra evidence, never required.
var (
	// ErrNotGit means the root is not inside a git work tree, or git is
	// not installed.
	ErrNotGit = errors.New("not a git repository")
	// ErrUntracked means git does not track the file.
	ErrUntracked = errors.New("not tracked by git")
	// ErrNoCommits means the repository has no commit yet: there is no
	// history to read.
	ErrNoCommits = errors.New("no commits yet")
)

// DefaultGitTimeout bounds each history read (one or two git processes).
// Blaming a 50-line range of a file with 10 years of history takes well
// under a second on this machine's 2 cores; a slow disk or a huge repository
// may not, and why must stay interactive.
const DefaultGitTimeout = 3 * time.Second

// Git reads a repository's history with the git command line, run in Root.
// Paths are relative to Root, with forward slashes. The zero Timeout means
// DefaultGitTimeout. A Git may be used by several goroutines.
type Git struct {
	Root    string
	Timeout time.Duration
	// Cache, when not nil, answers Blame, Log and Recent from what earlier
	// calls found, and keeps what they find.
	Cache *BlameCache

	trace func(args []string) // for tests: told of every git process

	mu    sync.Mutex
	known bool // repo holds a settled answer
	repo  bool
}

// NewGit returns a Git for the repository at root.
func NewGit(root string) *Git { return &Git{Root: root} }

// IsRepo reports whether Root is inside a git work tree.
func (g *Git) IsRepo(ctx context.Context) bool { return g.checkRepo(ctx) == nil }

// checkRepo returns nil inside a git work tree, ErrNotGit outside one, or
// the context's error when the check was cut short. A settled answer is
// kept; a check cut short is not, so a cancelled first call does not make
// a long-running process believe it is outside git. The check has its own
// DefaultGitTimeout: Timeout bounds the reads.
func (g *Git) checkRepo(ctx context.Context) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.known {
		cctx, cancel := context.WithTimeout(ctx, DefaultGitTimeout)
		defer cancel()
		out, err := g.run(cctx, "rev-parse", "--is-inside-work-tree")
		if cctx.Err() != nil {
			return fmt.Errorf("git rev-parse: %w", cctx.Err())
		}
		g.known, g.repo = true, err == nil && strings.TrimSpace(string(out)) == "true"
	}
	if !g.repo {
		return ErrNotGit
	}
	return nil
}

// Tracked reports whether git tracks path; it returns ErrNotGit outside a
// repository.
func (g *Git) Tracked(ctx context.Context, path string) (bool, error) {
	if err := g.checkRepo(ctx); err != nil {
		return false, err
	}
	ctx, cancel := g.withTimeout(ctx)
	defer cancel()
	out, err := g.run(ctx, "ls-files", "--", path)
	if err != nil {
		return false, err
	}
	return strings.TrimSpace(string(out)) != "", nil
}

func (g *Git) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	d := g.Timeout
	if d <= 0 {
		d = DefaultGitTimeout
	}
	return context.WithTimeout(ctx, d)
}

// run runs git with args in Root and returns its standard output. A
// missing git binary is ErrNotGit; a deadline says how long it waited.
func (g *Git) run(ctx context.Context, args ...string) ([]byte, error) {
	if g.trace != nil {
		g.trace(args)
	}
	cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "core.quotepath=off"}, args...)...)
	cmd.Dir = g.Root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return nil, fmt.Errorf("git: %w", ErrNotGit)
	case ctx.Err() != nil:
		return nil, fmt.Errorf("git %s: %w", args[0], ctx.Err())
	case err != nil:
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		return nil, fmt.Errorf("git %s: %s: %w", args[0], msg, err)
	}
	return out, nil
}
