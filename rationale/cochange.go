package rationale

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
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
func linkCochange(ctx context.Context, git *history.Git, s *graph.Store, docs []*document) int {
	head := git.Head(ctx)
	if head == "" || len(docs) == 0 {
		return 0
	}
	if !historyCached(docs, head) {
		hist, err := readDocHistory(ctx, git)
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
		sec.Updated = h.updated
	}
}

// readDocHistory counts per document the source files that changed with
// it, skipping bulk commits, and the time of its last commit.
func readDocHistory(ctx context.Context, git *history.Git) (map[string]*docHistory, error) {
	changes, err := git.DocChanges(ctx)
	if err != nil {
		return nil, err
	}
	return countDocHistory(changes), nil
}

// countDocHistory counts, per document, the source files that changed with
// it in changes and its last change; bulk commits are skipped.
func countDocHistory(changes []history.Change) map[string]*docHistory {
	hist := map[string]*docHistory{}
	for _, c := range changes {
		if len(c.Files) > bulkCommitFiles {
			continue
		}
		var docs, code []string
		for _, f := range c.Files {
			if history.IsDocPath(f) {
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
			if c.When.After(h.updated) {
				h.updated = c.When
			}
			for _, f := range code {
				h.files[f]++
			}
		}
	}
	return hist
}
