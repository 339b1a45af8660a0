//go:build unix

package repofs

import (
	"io/fs"
	"strconv"
	"syscall"
)

// noFollow refuses a symlink as the last element of a path.
const noFollow = syscall.O_NOFOLLOW

// identity is the device and inode of a directory.
func identity(fi fs.FileInfo) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "dir"
	}
	return strconv.FormatUint(uint64(st.Dev), 10) + ":" + strconv.FormatUint(uint64(st.Ino), 10)
}
