package history

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// notCommitted is the hash git blame gives lines not yet committed.
const notCommitted = "0000000000000000000000000000000000000000"

// Blame returns the commits that own lines start..end of path (1-based,
// inclusive; end 0 means the end of the file), most lines first, with
// their messages and sizes, formatting-only and bulk commits left out (see
// Commit.Skip). Only that range is blamed, with -w, so whitespace changes
// are looked through. It returns ErrNotGit outside a repository and
// ErrUntracked for a file git does not know. With a Cache, lines it holds
// are answered from it, and what git finds is kept there.
func (g *Git) Blame(ctx context.Context, path string, start, end int) ([]Commit, error) {
	if g.Cache != nil {
		if cs, err, ok := g.Cache.blame(ctx, g, path, start, end); ok {
			return cs, err
		}
	}
	out, err := g.blameOutput(ctx, path, start, end)
	if err != nil {
		return nil, err
	}
	owned := parseBlame(out)
	if len(owned) == 0 {
		return nil, nil
	}
	hashes := make([]string, 0, len(owned))
	for h := range owned {
		hashes = append(hashes, h)
	}
	cs, err := g.details(ctx, hashes)
	if err != nil {
		return nil, err
	}
	return keepOwners(cs, owned, path), nil
}

// parseBlame counts the lines each commit owns in git blame --porcelain
// output: every line of content (starting with a tab) belongs to the
// commit named by the header line before it.
func parseBlame(out []byte) map[string]int {
	owned := map[string]int{}
	cur := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "\t"):
			if cur != "" && cur != notCommitted {
				owned[cur]++
			}
		case isHashHeader(line):
			cur = line[:40]
		}
	}
	return owned
}

// isHashHeader reports whether line starts a porcelain group: 40 hex digits
// and a space.
func isHashHeader(line string) bool {
	if len(line) < 41 || line[40] != ' ' {
		return false
	}
	for i := 0; i < 40; i++ {
		c := line[i]
		if !isDigit(c) && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// logFormat is, per commit, a NUL and then hash, author, author date
// (strict ISO 8601) and raw message, each ended by a NUL; --shortstat adds
// its line after. A commit message is the one field a repository writes
// freely, and git refuses a NUL in one (git commit: "a NUL byte in commit
// log message not allowed"), so a message cannot end its field early; the
// count check in parseLog catches a commit object made by hand with one.
const logFormat = "--format=%x00%H%x00%an%x00%aI%x00%B%x00"

// logFields is how many NUL-separated fields each commit has: hash,
// author, date, message, and the --shortstat text.
const logFields = 5

// errMalformed is the error of git output that does not have the form
// asked for: read as it is, a field could pass for a record of its own.
var errMalformed = errors.New("git output is malformed")

// details reads the message, author, date and changed-file count of each
// hash, in one git process, in the order given.
func (g *Git) details(ctx context.Context, hashes []string) ([]Commit, error) {
	hashes = unique(hashes)
	for _, h := range hashes {
		if !isHash(h) {
			return nil, fmt.Errorf("%w: %q is no commit hash", errMalformed, h)
		}
	}
	args := append([]string{"log", "--no-walk=unsorted", "--shortstat", logFormat}, hashes...)
	out, err := g.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	return parseLog(out, hashes)
}

// parseLog reads records written with logFormat and --shortstat, which
// must be the commits want, in that order: one record more or less, or a
// hash out of place, means some field held a separator, and the whole
// output is refused rather than half believed.
func parseLog(out []byte, want []string) ([]Commit, error) {
	f := strings.Split(string(out), "\x00")
	if len(f) != 1+logFields*len(want) || strings.TrimSpace(f[0]) != "" {
		return nil, fmt.Errorf("%w: %d fields for %d commits", errMalformed, len(f), len(want))
	}
	cs := make([]Commit, 0, len(want))
	for i, h := range want {
		r := f[1+logFields*i : 1+logFields*(i+1)]
		if r[0] != h {
			return nil, fmt.Errorf("%w: commit %d is %q, want %s", errMalformed, i, r[0], h)
		}
		c := Commit{Hash: h, Author: r[1]}
		c.Date, _ = time.Parse(time.RFC3339, strings.TrimSpace(r[2]))
		c.Subject, c.Body = splitMessage(r[3])
		c.Files = shortstatFiles(r[4])
		cs = append(cs, c)
	}
	return cs, nil
}

// unique returns hs without repeats, in order.
func unique(hs []string) []string {
	seen := make(map[string]bool, len(hs))
	out := make([]string, 0, len(hs))
	for _, h := range hs {
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	return out
}

// isHash reports whether h is a full SHA-1 or SHA-256 commit hash.
func isHash(h string) bool {
	if len(h) != 40 && len(h) != 64 {
		return false
	}
	for i := 0; i < len(h); i++ {
		if c := h[i]; !isDigit(c) && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// splitMessage splits a raw commit message into its subject (the first
// paragraph, joined into one line, as git does) and body.
func splitMessage(msg string) (subject, body string) {
	msg = strings.TrimSpace(msg)
	head, rest, _ := strings.Cut(msg, "\n\n")
	return strings.Join(strings.Fields(head), " "), strings.TrimSpace(rest)
}

// shortstatFiles reads "N files changed" from a --shortstat line.
func shortstatFiles(s string) int {
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if n, rest, ok := strings.Cut(line, " file"); ok && strings.Contains(rest, "changed") {
			v, _ := strconv.Atoi(n)
			return v
		}
	}
	return 0
}
