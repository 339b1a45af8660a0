package history

import (
	"bufio"
	"bytes"
	"context"
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

// Separators of the log format: record and field.
const (
	recSep   = "\x1e"
	fieldSep = "\x1f"
	// logFormat is hash, author, author date (strict ISO 8601), raw message.
	logFormat = "--format=" + recSep + "%H" + fieldSep + "%an" + fieldSep + "%aI" + fieldSep + "%B" + fieldSep
)

// details reads the message, author, date and changed-file count of each
// hash, in one git process.
func (g *Git) details(ctx context.Context, hashes []string) ([]Commit, error) {
	args := append([]string{"log", "--no-walk=unsorted", "--shortstat", logFormat}, hashes...)
	out, err := g.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	return parseLog(out), nil
}

// parseLog reads records written with logFormat and --shortstat.
func parseLog(out []byte) []Commit {
	var cs []Commit
	for _, rec := range strings.Split(string(out), recSep) {
		f := strings.SplitN(rec, fieldSep, 5)
		if len(f) < 5 {
			continue
		}
		c := Commit{Hash: strings.TrimSpace(f[0]), Author: f[1]}
		c.Date, _ = time.Parse(time.RFC3339, strings.TrimSpace(f[2]))
		c.Subject, c.Body = splitMessage(f[3])
		c.Files = shortstatFiles(f[4])
		cs = append(cs, c)
	}
	return cs
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
