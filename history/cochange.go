package history

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"time"
)

// LogTimeout bounds the whole-history reads (Head, DocChanges): a
// repository whose history cannot be read in time links without it.
const LogTimeout = 20 * time.Second

// DocExts are the document extensions whose commits DocChanges reads.
var DocExts = []string{".md", ".markdown", ".txt", ".adoc", ".asciidoc", ".rst"}

// IsDocPath reports whether p has one of DocExts, in any case.
func IsDocPath(p string) bool {
	lower := strings.ToLower(p)
	for _, e := range DocExts {
		if strings.HasSuffix(lower, e) {
			return true
		}
	}
	return false
}

// Head returns the commit HEAD points at, or "" outside git or before the
// first commit.
func (g *Git) Head(ctx context.Context) string {
	ctx, cancel := context.WithTimeout(ctx, LogTimeout)
	defer cancel()
	out, err := g.run(ctx, "rev-parse", "HEAD")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// Change is one non-merge commit that touched a document: when it was
// made and every file it changed (--full-diff), repo-relative.
type Change struct {
	When  time.Time
	Files []string
}

// DocChanges returns the non-merge commits that touched a document, each
// with all the files it changed, newest first. Renames are not followed: a
// moved file counts under its new name from the move on.
func (g *Git) DocChanges(ctx context.Context) ([]Change, error) {
	ctx, cancel := context.WithTimeout(ctx, LogTimeout)
	defer cancel()
	args := []string{"log", "--no-merges", "--full-diff", "--name-only", "--no-renames", "--format=" + recSep + "%ct", "--"}
	for _, e := range DocExts {
		args = append(args, "*"+e)
	}
	out, err := g.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	return parseChanges(out), nil
}

// parseChanges parses DocChanges' log output: records separated by \x1e,
// each a commit time, then one file name per line (names may hold spaces).
func parseChanges(out []byte) []Change {
	var cs []Change
	for _, rec := range bytes.Split(out, []byte(recSep)) {
		lines := strings.Split(strings.TrimSpace(string(rec)), "\n")
		secs, err := strconv.ParseInt(strings.TrimSpace(lines[0]), 10, 64)
		if err != nil {
			continue
		}
		c := Change{When: time.Unix(secs, 0)}
		for _, f := range lines[1:] {
			if f = strings.TrimRight(f, "\r"); strings.TrimSpace(f) != "" {
				c.Files = append(c.Files, f)
			}
		}
		if len(c.Files) > 0 {
			cs = append(cs, c)
		}
	}
	return cs
}
