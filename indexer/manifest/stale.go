package manifest

import (
	"sync"
	"sync/atomic"
)

// Unchanged reports whether st matches m's record of p: the directory's
// time, or the file's record rec.
func (m *Manifest) Unchanged(p string, st FileStat, dir bool, rec FileRecord) bool {
	if dir {
		return st.MTime == m.Dirs[p]
	}
	return st.Size == rec.Size && st.MTime == rec.ModTime
}

// Changed stats every directory and file of m (Stat) and reports whether
// one changed or went.
func Changed(root string, m *Manifest) bool {
	var changed atomic.Bool
	Stat(root, m, func(p string, st FileStat, err error, dir bool, rec FileRecord) bool {
		if err != nil || !m.Unchanged(p, st, dir, rec) {
			changed.Store(true)
			return false
		}
		return true
	})
	return changed.Load()
}

// DirsChanged reports whether a directory or a document of m changed or
// went; it stats nothing else.
func DirsChanged(root string, m *Manifest) bool {
	type entry struct {
		name string
		rec  FileRecord
	}
	paths := make([]entry, 0, len(m.Dirs))
	for d := range m.Dirs {
		paths = append(paths, entry{name: d})
	}
	dirs := len(paths)
	for p, r := range m.Docs() {
		paths = append(paths, entry{p, r})
	}
	st, err := OpenRelStater(root)
	if err != nil {
		return true
	}
	defer st.Close()
	var changed atomic.Bool
	var wg sync.WaitGroup
	const workers = 2 // the stats are cheap; more threads cost more than they save
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(paths) && !changed.Load(); i += workers {
				fi, err := st.Stat(paths[i].name)
				if err != nil || !m.Unchanged(paths[i].name, fi, i < dirs, paths[i].rec) {
					changed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	return changed.Load()
}
