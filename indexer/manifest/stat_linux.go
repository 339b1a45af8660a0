package manifest

import (
	"path/filepath"

	"golang.org/x/sys/unix"
)

// statDir stats a directory (when the manifest records it) and its files
// through one directory descriptor: each file's stat then resolves one path
// element instead of all of them, and allocates nothing (on GOROOT/src
// about half the time of os.Stat per file).
func statDir(root, dir string, files []statEntry, isDir bool, visit StatVisit) bool {
	fd, err := unix.Open(filepath.Join(root, filepath.FromSlash(dir)), unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		if isDir {
			return visit(dir, FileStat{}, err, true, FileRecord{})
		}
		return visit(joinDir(dir, files[0].name), FileStat{}, err, false, files[0].rec)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if isDir {
		err := unix.Fstat(fd, &st)
		if !visit(dir, toFileStat(&st), err, true, FileRecord{}) {
			return false
		}
	}
	for _, f := range files {
		err := unix.Fstatat(fd, f.name, &st, 0)
		if !visit(joinDir(dir, f.name), toFileStat(&st), err, false, f.rec) {
			return false
		}
	}
	return true
}

func toFileStat(st *unix.Stat_t) FileStat {
	return FileStat{Size: st.Size, MTime: st.Mtim.Nano(), Regular: st.Mode&unix.S_IFMT == unix.S_IFREG}
}

// RelStater stats repo-relative paths through a descriptor of the root, so
// that each stat resolves the path below the root only and allocates no
// file info: the check of every directory in gortex why is on the path of
// every query, and grows with the tree.
type RelStater struct{ fd int }

func OpenRelStater(root string) (RelStater, error) {
	fd, err := unix.Open(root, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	return RelStater{fd: fd}, err
}

func (r RelStater) Stat(rel string) (FileStat, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(r.fd, rel, &st, 0); err != nil {
		return FileStat{}, err
	}
	return toFileStat(&st), nil
}

func (r RelStater) Close() { unix.Close(r.fd) }
