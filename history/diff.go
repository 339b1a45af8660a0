package history

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// FileDiff is one file of a unified diff: its path before and after ("" for
// a file added or deleted) and the blocks of changed lines.
type FileDiff struct {
	OldPath, NewPath string
	Hunks            []Hunk
	// Binary is a binary file whose content changed (git says so and shows
	// no lines).
	Binary bool
}

// Hunk is one block of consecutive changed lines. The new side's lines
// NewStart..NewStart+NewLines-1 were added or rewritten; NewLines is 0 for
// a pure deletion, which then sits after line NewStart. The old side is the
// same for the lines that were there before.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
}

// Path is the file's path after the change, or before it for a deletion.
func (f FileDiff) Path() string {
	if f.NewPath != "" {
		return f.NewPath
	}
	return f.OldPath
}

// ContentChanged reports whether the file's content changed: it has
// changed lines, is binary and changed, or was added or deleted. A change of
// mode or of name alone is no change of content.
func (f FileDiff) ContentChanged() bool {
	return len(f.Hunks) > 0 || f.Binary || f.OldPath == "" || f.NewPath == ""
}

// maxDiffLine bounds one line of a diff read by ParseDiff: a minified file
// may have very long lines, but a megabyte is no source line.
const maxDiffLine = 1 << 20

// ParseDiff reads a unified diff (git diff's, or diff -u's) and returns its
// files in order. Context lines are dropped: only changed blocks are kept,
// whatever the diff's context size. A file that changed only its mode or
// name has no hunks.
func ParseDiff(r io.Reader) ([]FileDiff, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxDiffLine)
	var p diffParser
	for sc.Scan() {
		if err := p.line(sc.Text()); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read diff: %w", err)
	}
	p.flushFile()
	return p.files, nil
}

// diffParser is ParseDiff's state: the file being read, the position in
// its current hunk, and the changed block being gathered.
type diffParser struct {
	files    []FileDiff
	cur      *FileDiff
	old, new int    // the next line of each side in the current hunk
	left     [2]int // lines left in the current hunk: old, new
	block    *Hunk
}

var errHunk = errors.New("malformed hunk header")

func (p *diffParser) line(l string) error {
	if p.left[0] > 0 || p.left[1] > 0 {
		if p.body(l) {
			return nil
		}
	}
	p.endBlock()
	switch {
	case strings.HasPrefix(l, "diff --git "):
		p.flushFile()
		a, b := gitHeaderPaths(strings.TrimPrefix(l, "diff --git "))
		p.cur = &FileDiff{OldPath: a, NewPath: b}
	case strings.HasPrefix(l, "--- "):
		if p.cur == nil || len(p.cur.Hunks) > 0 {
			p.flushFile()
			p.cur = &FileDiff{}
		}
		p.cur.OldPath = diffPath(strings.TrimPrefix(l, "--- "))
	case strings.HasPrefix(l, "+++ ") && p.cur != nil:
		p.cur.NewPath = diffPath(strings.TrimPrefix(l, "+++ "))
	case strings.HasPrefix(l, "rename from ") && p.cur != nil:
		p.cur.OldPath = unquote(strings.TrimPrefix(l, "rename from "))
	case strings.HasPrefix(l, "rename to ") && p.cur != nil:
		p.cur.NewPath = unquote(strings.TrimPrefix(l, "rename to "))
	case strings.HasPrefix(l, "new file mode") && p.cur != nil:
		p.cur.OldPath = ""
	case strings.HasPrefix(l, "deleted file mode") && p.cur != nil:
		p.cur.NewPath = ""
	case (strings.HasPrefix(l, "Binary files ") || l == "GIT binary patch") && p.cur != nil:
		p.cur.Binary = true
	case strings.HasPrefix(l, "@@ ") && p.cur != nil:
		return p.hunkHeader(l)
	}
	return nil
}

// hunkHeader starts a hunk: "@@ -a,b +c,d @@ ...".
func (p *diffParser) hunkHeader(l string) error {
	f := strings.Fields(l)
	if len(f) < 3 || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return fmt.Errorf("%w: %q", errHunk, l)
	}
	os, oc, err1 := rangeOf(f[1][1:])
	ns, nc, err2 := rangeOf(f[2][1:])
	if err := errors.Join(err1, err2); err != nil {
		return fmt.Errorf("%w: %q", errHunk, l)
	}
	p.old, p.new, p.left = os, ns, [2]int{oc, nc}
	if oc == 0 {
		p.old++ // "-5,0": nothing removed, after line 5
	}
	if nc == 0 {
		p.new++
	}
	return nil
}

// rangeOf reads "start,count" or "start" (count 1).
func rangeOf(s string) (start, count int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, errHunk
	}
	count = 1
	if ok {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, errHunk
		}
	}
	return start, count, nil
}

// body takes one line of a hunk's body and reports whether it was one.
func (p *diffParser) body(l string) bool {
	switch {
	case strings.HasPrefix(l, "\\"): // "\ No newline at end of file"
		return true
	case strings.HasPrefix(l, "-") && p.left[0] > 0:
		p.blockAt().OldLines++
		p.old++
		p.left[0]--
	case strings.HasPrefix(l, "+") && p.left[1] > 0:
		p.blockAt().NewLines++
		p.new++
		p.left[1]--
	case (l == "" || strings.HasPrefix(l, " ")) && p.left[0] > 0 && p.left[1] > 0:
		p.endBlock()
		p.old++
		p.new++
		p.left[0]--
		p.left[1]--
	default:
		return false
	}
	return true
}

// blockAt returns the changed block being gathered, starting one at the
// current lines when there is none.
func (p *diffParser) blockAt() *Hunk {
	if p.block == nil {
		p.block = &Hunk{OldStart: p.old, NewStart: p.new}
	}
	return p.block
}

// endBlock adds the block being gathered to the file. A pure deletion sits
// after the new side's previous line.
func (p *diffParser) endBlock() {
	if p.block == nil {
		return
	}
	if p.block.NewLines == 0 {
		p.block.NewStart--
	}
	if p.block.OldLines == 0 {
		p.block.OldStart--
	}
	p.cur.Hunks = append(p.cur.Hunks, *p.block)
	p.block = nil
}

func (p *diffParser) flushFile() {
	p.endBlock()
	p.left = [2]int{}
	if p.cur != nil && (p.cur.OldPath != "" || p.cur.NewPath != "") {
		p.files = append(p.files, *p.cur)
	}
	p.cur = nil
}

// gitHeaderPaths reads "a/x b/y" of a diff --git line. Paths with spaces
// are ambiguous there; the ---, +++ and rename lines that follow correct
// them.
func gitHeaderPaths(s string) (string, string) {
	if strings.HasPrefix(s, `"`) {
		if a, rest, ok := cutQuoted(s); ok {
			return stripSide(a), diffPath(strings.TrimSpace(rest))
		}
	}
	if i := strings.Index(s, " b/"); i >= 0 {
		return stripSide(s[:i]), stripSide(s[i+1:])
	}
	a, b, _ := strings.Cut(s, " ")
	return stripSide(a), stripSide(b)
}

// diffPath reads the path of a ---/+++ line: /dev/null is "", a/ and b/
// are dropped, as is a tab and the timestamp diff -u writes after it.
func diffPath(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	s = unquote(strings.TrimSpace(s))
	if s == "/dev/null" {
		return ""
	}
	return stripSide(s)
}

func stripSide(s string) string {
	s = unquote(s)
	if strings.HasPrefix(s, "a/") || strings.HasPrefix(s, "b/") {
		return s[2:]
	}
	return s
}

// unquote undoes git's C-style quoting of a path with unusual characters.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return s
}

func cutQuoted(s string) (string, string, bool) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return unquote(s[:i+1]), s[i+1:], true
		}
	}
	return "", "", false
}

// Diff returns the changes of the work tree against base (a commit, branch
// or tag), renames followed, with no context lines.
func (g *Git) Diff(ctx context.Context, base string) ([]FileDiff, error) {
	if err := g.checkRepo(ctx); err != nil {
		return nil, err
	}
	if strings.HasPrefix(base, "-") {
		return nil, fmt.Errorf("git diff: %q is no revision", base)
	}
	ctx, cancel := g.withTimeout(ctx)
	defer cancel()
	out, err := g.run(ctx, "diff", "--no-color", "--no-ext-diff", "--no-textconv", "-M", "-U0", base, "--")
	if err != nil {
		return nil, err
	}
	return ParseDiff(strings.NewReader(string(out)))
}

// DefaultBase is where a branch forked from the default branch: the merge
// base of HEAD with origin's HEAD, else with main, else with master.
func (g *Git) DefaultBase(ctx context.Context) (string, error) {
	if err := g.checkRepo(ctx); err != nil {
		return "", err
	}
	ctx, cancel := g.withTimeout(ctx)
	defer cancel()
	for _, ref := range []string{"origin/HEAD", "main", "master"} {
		if out, err := g.run(ctx, "merge-base", "HEAD", ref); err == nil {
			return strings.TrimSpace(string(out)), nil
		}
	}
	return "", errors.New("no default branch (origin/HEAD, main or master) to diff against; give --base")
}
