package manifest

import "golang.org/x/sys/unix"

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
