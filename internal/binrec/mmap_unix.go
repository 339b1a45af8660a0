//go:build unix

package binrec

import (
	"os"
	"syscall"
)

// MapFile maps the first n bytes of f read-only, for a file read where it
// lies. The caller must call unmap, and must not keep any slice of the
// mapping past it.
func MapFile(f *os.File, n int) (data []byte, unmap func(), err error) {
	data, err = syscall.Mmap(int(f.Fd()), 0, n, syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, err
	}
	return data, func() { syscall.Munmap(data) }, nil
}
