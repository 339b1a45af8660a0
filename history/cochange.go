package history

import (
	"context"
	"fmt"
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
	args := []string{"log", "-z", "--no-merges", "--full-diff", "--name-only", "--no-renames", "--format=%x00%ct", "--"}
	for _, e := range DocExts {
		args = append(args, "*"+e)
	}
	out, err := g.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	return parseChanges(out)
}

// parseChanges parses DocChanges' log output (-z): each commit is an
// empty field (the NUL of the format after the previous NUL), its time,
// then its file names, each ended by a NUL, the first after a newline.
// Names are as git stores them, unquoted; a name is never empty, so only
// the format can start a record, whatever the names hold. Output of any
// other form is refused.
func parseChanges(out []byte) ([]Change, error) {
	f := strings.Split(string(out), "\x00")
	if len(f) > 0 && f[len(f)-1] == "" {
		f = f[:len(f)-1] // the NUL that ends the last name
	}
	var cs []Change
	for i := 0; i < len(f); {
		if f[i] != "" || i+1 >= len(f) {
			return nil, fmt.Errorf("%w: field %d of the document history", errMalformed, i)
		}
		secs, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: commit time %q", errMalformed, f[i+1])
		}
		c := Change{When: time.Unix(secs, 0)}
		for i += 2; i < len(f) && f[i] != ""; i++ {
			name := f[i]
			if len(c.Files) == 0 {
				name = strings.TrimPrefix(name, "\n") // the newline after the format
			}
			if name != "" {
				c.Files = append(c.Files, name)
			}
		}
		if len(c.Files) > 0 {
			cs = append(cs, c)
		}
	}
	return cs, nil
}

// Remote returns the URL of the remote named origin, else of the first
// remote; "" when there is none.
func (g *Git) Remote(ctx context.Context) string {
	ctx, cancel := context.WithTimeout(ctx, LogTimeout)
	defer cancel()
	if out, err := g.run(ctx, "remote", "get-url", "origin"); err == nil {
		return strings.TrimSpace(string(out))
	}
	out, err := g.run(ctx, "remote")
	if err != nil {
		return ""
	}
	first, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if first == "" {
		return ""
	}
	if out, err := g.run(ctx, "remote", "get-url", first); err == nil {
		return strings.TrimSpace(string(out))
	}
	return ""
}
