package history

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// WalkTimeout bounds the one read of the whole history that the history
// index makes when it is first built: curl's 39,000 commits with their
// diffs take about 30 s of git's CPU on this machine, and a repository
// several times that size must still finish.
const WalkTimeout = 15 * time.Minute

// MaxWalkFiles is how many of a commit's changed files Walk keeps (Changed);
// Files counts them all. A sweep that touched thousands of files says
// nothing more about any one of them.
const MaxWalkFiles = 64

// MaxCodeBytes is the budget of a commit's changed identifiers (Code): the
// first distinct ones of its diff, in the diff's order, up to this many
// bytes. A commit that reformats or vendors a tree names thousands; the
// first few hundred say as much about it as all of them.
const MaxCodeBytes = 4096

// Walk calls each for every non-merge commit reachable from head (a
// commit hash) and not from since ("" for the whole history), newest
// first, each with its message, author, date, changed files (Changed, at
// most MaxWalkFiles; Files the total) and the identifiers its changed
// lines add or remove (Code). It runs one git log of the whole range and
// reads it as it comes: a history of any length is never held whole.
// Each record is checked against rev-list's list of the range, in order;
// the first that is not the commit expected stops the walk with an error.
// Outside git it returns ErrNotGit; before the first commit, nothing.
func (g *Git) Walk(ctx context.Context, since, head string, each func(Commit) error) error {
	if err := g.checkRepo(ctx); err != nil {
		return err
	}
	if !isHash(head) || (since != "" && !isHash(since)) {
		return fmt.Errorf("%w: %q..%q is no commit range", errMalformed, since, head)
	}
	ctx, cancel := context.WithTimeout(ctx, WalkTimeout)
	defer cancel()
	rng := head
	if since != "" {
		rng = since + ".." + head
	}
	out, err := g.run(ctx, "rev-list", "--no-merges", rng, "--")
	if err != nil {
		return err
	}
	want := strings.Fields(string(out))
	if len(want) == 0 {
		return nil
	}
	// A commit whose diff git cannot write (a blob missing from a partial
	// clone or a snapshot) ends one git log; the walk goes on from the next
	// commit, and a commit that fails first is read without its diff.
	for pos := 0; pos < len(want); {
		n, err := g.walkFrom(ctx, rng, pos, want[pos:], true, each)
		pos += n
		var gf *gitFailure
		switch {
		case err == nil:
			return nil
		case !errors.As(err, &gf):
			return err
		case n == 0:
			m, err := g.walkFrom(ctx, rng, pos, want[pos:pos+1], false, each)
			if err != nil {
				return err
			}
			pos += m
		}
	}
	return nil
}

// gitFailure is a git log that exited with an error while the walk's
// context held.
type gitFailure struct{ err error }

func (e *gitFailure) Error() string { return e.err.Error() }
func (e *gitFailure) Unwrap() error { return e.err }

// walkFrom runs one git log of the commits want, the range's from the
// skip-th on, with their diffs when patch, and returns how many it called
// each for.
func (g *Git) walkFrom(parent context.Context, rng string, skip int, want []string, patch bool, each func(Commit) error) (int, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	nonce := make([]byte, 12)
	if _, err := rand.Read(nonce); err != nil {
		return 0, err
	}
	marker := hex.EncodeToString(nonce)
	args := []string{"-c", "core.quotepath=off", "log", "--no-merges", "--no-renames", "--no-color", "--no-ext-diff",
		"--no-textconv", "--raw", "--skip=" + strconv.Itoa(skip), "--max-count=" + strconv.Itoa(len(want))}
	if patch {
		args = append(args, "-p", "--unified=0")
	}
	args = append(args, walkFormat(marker), rng, "--")
	if g.trace != nil {
		g.trace(args[2:])
	}
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = g.Root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return 0, fmt.Errorf("git: %w", ErrNotGit)
		}
		return 0, fmt.Errorf("git log: %w", err)
	}
	var stopped error // each's own error
	n, perr := parseWalk(pipe, marker, want, func(c Commit) error {
		stopped = each(c)
		return stopped
	})
	if perr != nil {
		cancel() // stop git; what it says next is no longer read
		io.Copy(io.Discard, pipe)
	}
	werr := cmd.Wait()
	switch {
	case stopped != nil:
		return n, stopped
	case parent.Err() != nil:
		return n, fmt.Errorf("git log: %w", parent.Err())
	case werr != nil && perr == nil || werr != nil && n < len(want):
		msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return n, &gitFailure{fmt.Errorf("git log: %s: %w", msg, werr)}
	case perr != nil:
		return n, perr
	case werr != nil:
		return n, werr
	}
	return n, nil
}

// walkFormat writes, per commit: a NUL and the marker (a random string of
// this walk, which no diff line can know), then hash, author, author date
// and the raw message, each ended by a NUL; --raw then lists the changed
// files and -p their changed lines up to the next record. git refuses a NUL
// in a message, so a message cannot add a field; a diff line may hold one,
// but not the marker.
func walkFormat(marker string) string { return "--format=%x00" + marker + "%H%x00%an%x00%aI%x00%B%x00" }

// headerNULs is how many NULs one record's header holds.
const headerNULs = 5

// walkLine is the longest diff line read whole; the rest of a longer one
// (minified code, data) is skipped.
const walkLine = 64 << 10

// parseWalk reads git log output written with walkFormat(marker), --raw
// and -p, calling each for every commit: they must be the commits want,
// in that order, and returns how many it called each for. Like parseLog,
// it believes no half: a record that is not the next commit wanted, or a
// count that differs, is an error.
func parseWalk(r io.Reader, marker string, want []string, each func(Commit) error) (int, error) {
	br := bufio.NewReaderSize(r, walkLine)
	start := []byte("\x00" + marker)
	p := walkParser{}
	var c *Commit
	n, done := 0, 0
	emit := func() error {
		if c == nil {
			return nil
		}
		c.Files = len(p.files)
		c.Changed = p.files[:min(len(p.files), MaxWalkFiles)]
		c.Code = p.code.String()
		err := each(*c)
		c, done = nil, done+1
		return err
	}
	for {
		line, err := readWalkLine(br, start)
		if len(line) > 0 {
			if bytes.HasPrefix(line, start) {
				if err := emit(); err != nil {
					return done, err
				}
				if n >= len(want) {
					return done, fmt.Errorf("%w: more commits than the %d of the range", errMalformed, len(want))
				}
				rec, rest, herr := readHeader(br, line[len(start):])
				if herr != nil {
					return done, herr
				}
				if rec.Hash != want[n] {
					return done, fmt.Errorf("%w: commit %d is %q, want %s", errMalformed, n, rec.Hash, want[n])
				}
				n++
				c = &rec
				p.reset()
				if strings.TrimSpace(rest) != "" {
					return done, fmt.Errorf("%w: %q after commit %s's message", errMalformed, rest, rec.Hash)
				}
			} else if c == nil {
				if len(bytes.TrimSpace(line)) > 0 {
					return done, fmt.Errorf("%w: %q before the first commit", errMalformed, line)
				}
			} else {
				p.line(line)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return done, err
		}
	}
	if err := emit(); err != nil {
		return done, err
	}
	if n != len(want) {
		return done, fmt.Errorf("%w: %d commits for the %d of the range", errMalformed, n, len(want))
	}
	return done, nil
}

// readWalkLine returns the next line of br: whole when it starts a record
// (start), else at most walkLine bytes of it, the rest skipped.
func readWalkLine(br *bufio.Reader, start []byte) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	if bytes.HasPrefix(line, start) {
		whole := append([]byte(nil), line...)
		rest, err := br.ReadBytes('\n')
		return append(whole, rest...), err
	}
	head := append([]byte(nil), line...)
	for err == bufio.ErrBufferFull {
		_, err = br.ReadSlice('\n')
	}
	return head, err
}

// readHeader reads one record's header from its first line (after the
// marker) on: hash, author, date and message, each ended by a NUL; rest
// is what follows the last NUL on its line.
func readHeader(br *bufio.Reader, first []byte) (Commit, string, error) {
	buf := append([]byte(nil), first...)
	for bytes.Count(buf, []byte{0}) < headerNULs-1 {
		more, err := br.ReadBytes('\n')
		buf = append(buf, more...)
		if err != nil {
			if err == io.EOF && bytes.Count(buf, []byte{0}) >= headerNULs-1 {
				break
			}
			return Commit{}, "", fmt.Errorf("%w: a commit's header ends early", errMalformed)
		}
	}
	f := strings.SplitN(string(buf), "\x00", headerNULs)
	c := Commit{Hash: f[0], Author: f[1]}
	c.Date, _ = time.Parse(time.RFC3339, strings.TrimSpace(f[2]))
	c.Subject, c.Body = splitMessage(strings.ReplaceAll(f[3], "\r\n", "\n"))
	return c, f[4], nil
}

// IsAncestor reports whether commit a is an ancestor of commit b (or b
// itself): whether a history index read up to a can be extended to b by
// walking from a.
func (g *Git) IsAncestor(ctx context.Context, a, b string) bool {
	if !isHash(a) || !isHash(b) {
		return false
	}
	ctx, cancel := g.withTimeout(ctx)
	defer cancel()
	_, err := g.run(ctx, "merge-base", "--is-ancestor", a, b)
	return err == nil
}
