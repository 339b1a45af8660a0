//go:build !unix

package binrec

import (
	"errors"
	"os"
)

// MapFile fails where there is no mmap: the caller reads the file instead.
func MapFile(f *os.File, n int) ([]byte, func(), error) {
	return nil, nil, errors.New("no mmap on this system")
}
