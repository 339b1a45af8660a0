package binrec

import (
	"io"
	"os"
)

// ReadMapped returns the contents of the file at path, mapped where
// MapFile can, else read. The caller must call unmap once done with every
// slice of data, strings made over it included.
func ReadMapped(path string) (data []byte, unmap func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if fi.Mode().IsRegular() && fi.Size() > 0 && fi.Size() == int64(int(fi.Size())) {
		if data, unmap, err := MapFile(f, int(fi.Size())); err == nil {
			return data, unmap, nil
		}
	}
	data, err = io.ReadAll(f)
	return data, func() {}, err
}
