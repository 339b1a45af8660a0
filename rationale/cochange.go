package rationale

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gortex/gortex/graph"
)

// The cochange signal: a document and a source file changed in the same
// commit (an ADR merged with its implementation).
const (
	// bulkCommitFiles: a commit touching more files is a reformat, a
	// vendoring or a mass rename, not a design landing with its code.
	bulkCommitFiles = 50
	// cochangeBase and cochangeStep score one shared commit at 0.4 and
	// each further one 0.2 higher, up to 1 at four.
	cochangeBase = 0.4
	cochangeStep = 0.2
	// historyTimeout bounds the git log; a repository whose history cannot
	// be read in time links without this signal.
	historyTimeout = 20 * time.Second
)

// Attributes on a document's first section caching its history.
const (
	attrCochange     = "cochange"      // "path:count,path:count" of co-changed source files
	attrCochangeHead = "cochange_head" // the HEAD those counts were read at
)

// docHistory is what git says of one document.
type docHistory struct {
	updated time.Time
	files   map[string]int // source file → shared non-bulk commits
}

// linkCochange adds cochange motivations from each document's first
// section to the source files changed with it, and sets every section's
// AttrUpdated to the document's last commit. The counts are cached on the
// first section with the HEAD they were read at: git runs again only when
// HEAD moved or a document is new or changed. Outside git, it does nothing.
func linkCochange(ctx context.Context, root string, s *graph.Store, docs []*document) int {
	head := gitHead(ctx, root)
	if head == "" || len(docs) == 0 {
		return 0
	}
	if !historyCached(docs, head) {
		hist, err := readDocHistory(ctx, root)
		if err != nil {
			return 0
		}
		for _, d := range docs {
			cacheHistory(d, hist[d.path], head)
		}
	}
	n := 0
	for _, d := range docs {
		top := d.sections[0]
		for _, fc := range strings.Split(top.Attr(attrCochange), ",") {
			file, count, ok := strings.Cut(fc, ":")
			c, err := strconv.Atoi(count)
			if !ok || err != nil {
				continue
			}
			if f, ok := s.Node(graph.FileID(file)); ok && f.Kind == graph.KindFile {
				score := min(1, cochangeBase+cochangeStep*float64(c-1))
				_ = s.AddMotivation(top.ID, f.ID, graph.Motivation{Signal: graph.SignalCochange, Score: score,
					Detail: fmt.Sprintf("%d commits", c)})
				n++
			}
		}
	}
	return n
}

func historyCached(docs []*document, head string) bool {
	for _, d := range docs {
		if d.sections[0].Attr(attrCochangeHead) != head {
			return false
		}
	}
	return true
}

func cacheHistory(d *document, h *docHistory, head string) {
	top := d.sections[0]
	top.SetAttr(attrCochangeHead, head)
	if h == nil {
		top.SetAttr(attrCochange, "")
		return
	}
	files := make([]string, 0, len(h.files))
	for f := range h.files {
		files = append(files, f)
	}
	sort.Strings(files)
	parts := make([]string, len(files))
	for i, f := range files {
		parts[i] = f + ":" + strconv.Itoa(h.files[f])
	}
	top.SetAttr(attrCochange, strings.Join(parts, ","))
	for _, sec := range d.sections {
		sec.SetAttr(AttrUpdated, h.updated.UTC().Format(time.RFC3339))
	}
}

func gitHead(ctx context.Context, root string) string {
	out, err := exec.CommandContext(ctx, "git", "-C", root, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// docExts are the document extensions whose commits are read.
var docExts = []string{"*.md", "*.markdown", "*.txt", "*.adoc", "*.asciidoc", "*.rst"}

// readDocHistory reads the commits that touch a document, with every file
// each one changed (--full-diff), and counts per document the source files
// that changed with it. Merges and bulk commits are skipped.
func readDocHistory(ctx context.Context, root string) (map[string]*docHistory, error) {
	ctx, cancel := context.WithTimeout(ctx, historyTimeout)
	defer cancel()
	args := append([]string{"-C", root, "log", "--no-merges", "--full-diff", "--name-only",
		"--no-renames", "--format=%x1e%ct"}, append([]string{"--"}, docExts...)...)
	out, err := exec.CommandContext(ctx, "git", args...).Output()
	if err != nil {
		return nil, fmt.Errorf("git log: %w", err)
	}
	return parseDocHistory(out), nil
}

// parseDocHistory parses git log output: records separated by \x1e, each
// a commit time then file names, one per line.
func parseDocHistory(out []byte) map[string]*docHistory {
	hist := map[string]*docHistory{}
	for _, rec := range bytes.Split(out, []byte{0x1e}) {
		lines := strings.Fields(string(rec))
		if len(lines) < 2 || len(lines)-1 > bulkCommitFiles {
			continue
		}
		secs, err := strconv.ParseInt(lines[0], 10, 64)
		if err != nil {
			continue
		}
		when := time.Unix(secs, 0)
		var docs, code []string
		for _, f := range lines[1:] {
			if isDocPath(f) {
				docs = append(docs, f)
			} else {
				code = append(code, f)
			}
		}
		for _, d := range docs {
			h := hist[d]
			if h == nil {
				h = &docHistory{files: map[string]int{}}
				hist[d] = h
			}
			if when.After(h.updated) {
				h.updated = when
			}
			for _, c := range code {
				h.files[c]++
			}
		}
	}
	return hist
}

func isDocPath(p string) bool {
	for _, e := range docExts {
		if strings.HasSuffix(strings.ToLower(p), e[1:]) {
			return true
		}
	}
	return false
}
