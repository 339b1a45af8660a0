//go:build !unix

package repofs

import "io/fs"

const noFollow = 0

// identity is a constant where the system gives no inode: the mark then
// only says that gortex made the directory, which a commit can imitate.
func identity(fs.FileInfo) string { return "dir" }
