// Package repofs reads and places files of a repository that gortex
// indexes, treating every byte of it as outside input: a symlink, a device
// or a named pipe are as likely as a source file, and so is a .gortex
// directory that the repository committed as a link to somewhere else.
//
// ReadFile reads one file below a root: symlinks are resolved and one that
// leads outside is refused, only a regular file is read (opening never
// blocks on a FIFO), and never more than a size cap. RealDirs checks that a
// directory gortex writes into is a real directory, with no symlink on the
// way from the root. OwnDir and MarkOwn recognise the directories gortex
// itself made, so that cleanup removes nothing else.
//
// The package imports nothing else of gortex.
package repofs
