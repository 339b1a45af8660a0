package history

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Log returns the n most recent commits that changed path, following
// renames (git log --follow), newest first, merges and skipped commits
// (Commit.Skip) left out. It returns ErrNotGit outside a repository and
// ErrUntracked for a file git does not know.
func (g *Git) Log(ctx context.Context, path string, n int) ([]Commit, error) {
	if g.Cache != nil {
		if cs, err, ok := g.Cache.log(ctx, g, path, n); ok {
			return cs, err
		}
	}
	hashes, err := g.logHashes(ctx, path, n)
	if err != nil || len(hashes) == 0 {
		return nil, err
	}
	cs, err := g.details(ctx, hashes)
	if err != nil {
		return nil, err
	}
	return keepCommits(cs, path), nil
}

// logHashes returns the hashes of the n latest commits changing path,
// following renames, merges left out, skipped commits kept.
func (g *Git) logHashes(ctx context.Context, path string, n int) ([]string, error) {
	tracked, err := g.Tracked(ctx, path)
	if err != nil {
		return nil, err
	}
	if !tracked {
		return nil, fmt.Errorf("%s: %w", path, ErrUntracked)
	}
	ctx, cancel := g.withTimeout(ctx)
	defer cancel()
	// With a pathspec, --shortstat counts only that file; the hashes come
	// first and their whole size is read after.
	out, err := g.run(ctx, "log", "--follow", "--no-merges", "-n", strconv.Itoa(n), "--format=%H", "--", path)
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
}

// Recent returns the n most recent commits of the repository, newest
// first, merges and skipped commits left out.
func (g *Git) Recent(ctx context.Context, n int) ([]Commit, error) {
	if g.Cache != nil {
		if cs, err, ok := g.Cache.recentCommits(ctx, g, n); ok {
			return cs, err
		}
	}
	cs, err := g.recentRaw(ctx, n)
	return keepCommits(cs, ""), err
}

// recentRaw returns the n most recent commits, skipped ones kept.
func (g *Git) recentRaw(ctx context.Context, n int) ([]Commit, error) {
	if err := g.checkRepo(ctx); err != nil {
		return nil, err
	}
	ctx, cancel := g.withTimeout(ctx)
	defer cancel()
	// The hashes first, then their details: parseLog checks the details
	// against the hashes, which no commit message can add to.
	out, err := g.run(ctx, "log", "--no-merges", "-n", strconv.Itoa(n), "--format=%H")
	if err != nil {
		if strings.Contains(err.Error(), "does not have any commits") {
			return nil, nil
		}
		return nil, err
	}
	hashes := strings.Fields(string(out))
	if len(hashes) == 0 {
		return nil, nil
	}
	cs, err := g.details(ctx, hashes)
	if err != nil {
		return nil, err
	}
	return cs, nil
}

func keepCommits(cs []Commit, path string) []Commit {
	keep := cs[:0]
	for _, c := range cs {
		c.Path = path
		if skip, _ := c.Skip(); !skip {
			keep = append(keep, c)
		}
	}
	return keep
}
