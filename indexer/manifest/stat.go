package manifest

import (
	"path"
	"runtime"
	"sync"
	"sync/atomic"
)

// FileStat is what a staleness check compares with the manifest.
type FileStat struct {
	Size    int64
	MTime   int64 // ns
	Regular bool
}

// StatVisit is called with the stat of a directory or a file of the
// manifest, and the file's record (zero for a directory); returning false
// stops the whole run early.
type StatVisit func(p string, st FileStat, err error, dir bool, rec FileRecord) bool

// statEntry is a path to stat (a file's name in its directory, or a
// repo-relative path), with the file's record.
type statEntry struct {
	name string
	rec  FileRecord
}

// Stat stats every directory and file of the manifest, a directory
// with its files, on several goroutines, and calls visit with each result.
// It was on the path of every gortex why (GOROOT/src has 1.4k directories
// and 10.4k files) and still is on the MCP server's without a watcher.
func Stat(root string, m *Manifest, visit StatVisit) {
	dirs := make(map[string][]statEntry, len(m.Dirs))
	for d := range m.Dirs {
		dirs[d] = dirs[d][:0]
	}
	for p, r := range m.Files() {
		d := path.Dir(p)
		dirs[d] = append(dirs[d], statEntry{path.Base(p), r})
	}
	list := make([]string, 0, len(dirs))
	for d := range dirs {
		list = append(list, d)
	}
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range min(2*runtime.GOMAXPROCS(0), len(list)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(list) && !stop.Load(); i = int(next.Add(1)) - 1 {
				d := list[i]
				_, isDir := m.Dirs[d]
				if !statDir(root, d, dirs[d], isDir, visit) {
					stop.Store(true)
				}
			}
		})
	}
	wg.Wait()
}

// joinDir is the repo-relative path of name in dir ("." for the root).
func joinDir(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}
