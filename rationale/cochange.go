package rationale

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/repofs"
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

// docHistory is what git says of one document.
type docHistory struct {
	Updated time.Time      `json:"updated"`
	Files   map[string]int `json:"files"` // source file → shared non-bulk commits
}

// cochangeCache is the document history read at one HEAD, kept in a file
// of its own so that a later index at the same HEAD runs no git log.
type cochangeCache struct {
	Head string                 `json:"head"`
	Docs map[string]*docHistory `json:"docs"`
}

// cochangeCacheFile is the cache's name inside Linker.Cache.
const cochangeCacheFile = "cochange.json"

// cochangeCacheCap bounds the cache's size when read: a cache of a
// repository with a long history of many documents is a few megabytes.
const cochangeCacheCap = 64 << 20

// linkCochange adds cochange motivations from each document's first
// section to the source files changed with it, and sets every section's
// Updated to the document's last commit. The history is read once per
// HEAD: it is cached in cache (when not nil) with the HEAD it was read
// at. Outside git, it does nothing.
func linkCochange(ctx context.Context, git *history.Git, cache *repofs.Owned, s *graph.Store, docs []*document) int {
	head := git.Head(ctx)
	if head == "" || len(docs) == 0 {
		return 0
	}
	hist, ok := readCochangeCache(cache, head)
	if !ok {
		var err error
		if hist, err = readDocHistory(ctx, git); err != nil {
			return 0
		}
		writeCochangeCache(cache, cochangeCache{Head: head, Docs: hist})
	}
	n := 0
	for _, d := range docs {
		h := hist[d.path]
		if h == nil {
			continue
		}
		for _, sec := range d.sections {
			sec.Updated = h.Updated
		}
		top := d.sections[0]
		files := make([]string, 0, len(h.Files))
		for f := range h.Files {
			files = append(files, f)
		}
		sort.Strings(files)
		for _, file := range files {
			c := h.Files[file]
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

// readCochangeCache returns the cached history when it was read at head.
// A missing, unreadable or foreign cache (not written here: committed,
// copied) is no cache.
func readCochangeCache(cache *repofs.Owned, head string) (map[string]*docHistory, bool) {
	if cache == nil {
		return nil, false
	}
	data, err := cache.ReadEntry(cochangeCacheFile, cochangeCacheCap)
	if err != nil {
		return nil, false
	}
	var c cochangeCache
	if json.Unmarshal(data, &c) != nil || c.Head != head || c.Docs == nil {
		return nil, false
	}
	return c.Docs, true
}

// writeCochangeCache keeps c for the next index; failing to is no error,
// it only costs that index a git log.
func writeCochangeCache(cache *repofs.Owned, c cochangeCache) {
	if cache == nil {
		return
	}
	if data, err := json.Marshal(c); err == nil {
		_ = cache.WriteEntry(cochangeCacheFile, data)
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
				h = &docHistory{Files: map[string]int{}}
				hist[d] = h
			}
			if c.When.After(h.Updated) {
				h.Updated = c.When
			}
			for _, f := range code {
				h.Files[f]++
			}
		}
	}
	return hist
}
