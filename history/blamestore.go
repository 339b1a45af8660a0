package history

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"github.com/gortex/gortex/repofs"
)

// cacheVersion changes whenever an entry changes shape or meaning; an
// entry of another version is no entry.
const cacheVersion = 1

// blameEntry is what the cache knows of one file: the owners of the lines
// blamed so far and the commits among them, the latest commits of the file,
// and the state they hold for. It holds while the file's content, the
// ignore-revs file and HEAD are as recorded; a HEAD that moved on without
// touching the file keeps it (headMove).
type blameEntry struct {
	Version   int    `json:"version"`
	Path      string `json:"path"`
	Content   string `json:"content"` // contentID of the working-tree file blamed
	Ignore    string `json:"ignore"`  // contentID of .git-blame-ignore-revs, "" when absent
	Head      string `json:"head"`
	Untracked bool   `json:"untracked,omitempty"` // not in HEAD: blame and log have nothing

	Runs []ownerRun `json:"runs"` // the lines blamed so far, in line order, not overlapping
	// Full is set once every line was blamed; Lines is then the file's
	// line count.
	Full  bool `json:"full"`
	Lines int  `json:"lines"`
	// Commits are the details of every commit named in Runs and Log, by
	// hash: commits never change, so they are kept as read.
	Commits map[string]Commit `json:"commits"`
	Log     *cachedLog        `json:"log,omitempty"`
}

// ownerRun is a run of consecutive lines owned by one commit
// (notCommitted for lines not committed yet).
type ownerRun struct {
	Start int    `json:"s"`
	Count int    `json:"n"`
	Hash  string `json:"h"`
}

// cachedLog is git log --follow -n N of the file at the entry's HEAD,
// skipped commits included, newest first.
type cachedLog struct {
	N      int      `json:"n"`
	Hashes []string `json:"hashes"`
}

// cachedRecent is the latest N commits of the repository at Head, skipped
// commits included, newest first.
type cachedRecent struct {
	Version int      `json:"version"`
	Head    string   `json:"head"`
	N       int      `json:"n"`
	Commits []Commit `json:"commits"`
}

// clone copies e deeply enough to change it apart from e.
func (e *blameEntry) clone() *blameEntry {
	c := *e
	c.Runs = slices.Clone(e.Runs)
	c.Commits = maps.Clone(e.Commits)
	if e.Log != nil {
		l := *e.Log
		c.Log = &l
	}
	return &c
}

// covers reports whether the lines start..end (end 0: to the end of the
// file) were all blamed.
func (e *blameEntry) covers(start, end int) bool {
	if e.Full {
		return true
	}
	if end == 0 || start <= 0 {
		return false
	}
	next := start
	for _, r := range e.Runs {
		if r.Start > next {
			break
		}
		next = max(next, r.Start+r.Count)
		if next > end {
			return true
		}
	}
	return false
}

// owned counts the lines of start..end (end 0: to the end) each commit
// owns; lines not committed are left out.
func (e *blameEntry) owned(start, end int) map[string]int {
	if start <= 0 {
		start = 1
	}
	out := map[string]int{}
	for _, r := range e.Runs {
		lo, hi := max(start, r.Start), r.Start+r.Count-1
		if end > 0 {
			hi = min(hi, end)
		}
		if hi >= lo && r.Hash != notCommitted {
			out[r.Hash] += hi - lo + 1
		}
	}
	return out
}

// merge lays the owners of freshly blamed lines over the entry's runs.
func (e *blameEntry) merge(fresh []ownerRun) {
	byLine := map[int]string{}
	for _, rs := range [][]ownerRun{e.Runs, fresh} {
		for _, r := range rs {
			for l := r.Start; l < r.Start+r.Count; l++ {
				byLine[l] = r.Hash
			}
		}
	}
	lines := make([]int, 0, len(byLine))
	for l := range byLine {
		lines = append(lines, l)
	}
	slices.Sort(lines)
	e.Runs = e.Runs[:0]
	for _, l := range lines {
		h := byLine[l]
		if n := len(e.Runs); n > 0 && e.Runs[n-1].Hash == h && e.Runs[n-1].Start+e.Runs[n-1].Count == l {
			e.Runs[n-1].Count++
			continue
		}
		e.Runs = append(e.Runs, ownerRun{Start: l, Count: 1, Hash: h})
	}
}

// entryCap bounds an entry read: the entry of a whole blamed file of
// 100,000 lines, each its own commit, is about 40 MB.
const entryCap = 64 << 20

// entryName is where the entry of path is kept in the cache: named by a
// hash of the path, so that any path makes a plain file name.
func entryName(path string) string {
	sum := sha1.Sum([]byte(path))
	name := hex.EncodeToString(sum[:])
	return name[:2] + "/" + name + ".json"
}

// readEntry reads path's entry from dir; a missing, unreadable or foreign
// entry (not written in this directory by gortex: committed, copied) is
// none.
func readEntry(dir *repofs.Owned, path string) *blameEntry {
	b, err := dir.ReadEntry(entryName(path), entryCap)
	if err != nil {
		return nil
	}
	var e blameEntry
	if json.Unmarshal(b, &e) != nil || e.Version != cacheVersion || e.Path != path {
		return nil
	}
	if e.Commits == nil {
		e.Commits = map[string]Commit{}
	}
	return &e
}

// writeEntry writes e atomically; a cache that cannot be written is only
// slower, so the error is the caller's to ignore.
func writeEntry(dir *repofs.Owned, e *blameEntry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return dir.WriteEntry(entryName(e.Path), b)
}

// recentFile is the cache of Recent inside the cache.
const recentFile = "recent.json"

func readRecent(dir *repofs.Owned) *cachedRecent {
	b, err := dir.ReadEntry(recentFile, entryCap)
	if err != nil {
		return nil
	}
	var r cachedRecent
	if json.Unmarshal(b, &r) != nil || r.Version != cacheVersion {
		return nil
	}
	return &r
}

func writeRecent(dir *repofs.Owned, r *cachedRecent) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return dir.WriteEntry(recentFile, b)
}

// contentID is git's object name of a blob with the given content: what
// git hash-object prints for the file, computed without git.
func contentID(b []byte) string {
	h := sha1.New()
	h.Write([]byte("blob "))
	h.Write([]byte(strconv.Itoa(len(b))))
	h.Write([]byte{0})
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}
