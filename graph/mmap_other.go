//go:build !unix

package graph

import (
	"errors"
	"os"
)

func mapFile(f *os.File, n int) ([]byte, func(), error) {
	return nil, nil, errors.New("no mmap on this system")
}
