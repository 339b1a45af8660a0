//go:build unix

package graph

import (
	"os"
	"syscall"
)

// mapFile maps the first n bytes of f read-only. The caller must call
// unmap, and must not keep any slice of the mapping past it.
func mapFile(f *os.File, n int) (data []byte, unmap func(), err error) {
	data, err = syscall.Mmap(int(f.Fd()), 0, n, syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, err
	}
	return data, func() { syscall.Munmap(data) }, nil
}
