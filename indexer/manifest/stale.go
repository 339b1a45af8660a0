package manifest

import "sync/atomic"

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
// went; it stats nothing else. It stats them one after another on the
// goroutine that runs the check, which an answer does not wait for: two
// goroutines striding the list, as it had, cost more CPU than they saved
// and took a core from the answer on a machine of two (contour, 386
// directories and 1,976 documents: why 3 ms of CPU and of wall less with
// one; cluster-api, synapse and GOROOT/src the same).
func DirsChanged(root string, m *Manifest) bool {
	st, err := OpenRelStater(root)
	if err != nil {
		return true
	}
	defer st.Close()
	for d := range m.Dirs {
		fi, err := st.Stat(d)
		if err != nil || !m.Unchanged(d, fi, true, FileRecord{}) {
			return true
		}
	}
	for p, r := range m.Docs() {
		fi, err := st.Stat(p)
		if err != nil || !m.Unchanged(p, fi, false, r) {
			return true
		}
	}
	return false
}
