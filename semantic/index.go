package semantic

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/binrec"
	"github.com/gortex/gortex/internal/fsutil"
	"github.com/gortex/gortex/repofs"
)

// FileName is the model's file in an index directory.
const FileName = "semantic.bin"

// maxFileSize bounds the model file Load reads: GOROOT/src's is a few
// megabytes; a file far larger was not written by gortex.
const maxFileSize = 256 << 20

// Modeler writes the model of a built graph into an index directory; the
// indexer calls it (indexer.Options.Model), which workspace passes in.
type Modeler struct{}

// WriteModel writes the model of s into dir: the model of live (the index
// directory in use) when it was learned from the same words, else a new
// one. With same, the caller knows the words to be the same (an update
// that left what Reads returns unchanged for every node it touched), and
// the live model is taken over without reading the graph: on GOROOT/src
// reading every symbol's and section's words was 0.7 s of CPU, most of a
// one-file update. It reads s only.
func (Modeler) WriteModel(ctx context.Context, s *graph.Store, dir, live string, same bool) error {
	data, unmap, err := mapModel(live)
	if err == nil {
		defer unmap()
	}
	// Taken over as it lies, hard-linked when its sum and version hold,
	// not decoded and written again: that was a tenth of the CPU of an
	// update of contour after a one-file edit. Mapped, not read, for the
	// sum: a read copied it into memory fresh for it.
	if same && err == nil && intact(data) && fsutil.LinkOrCopy(filepath.Join(live, FileName), filepath.Join(dir, FileName)) == nil {
		return nil
	}
	c := texts(s)
	hash := contentHash(c)
	if err == nil {
		if old, err := Decode(data); err == nil && old.Hash == hash {
			return write(dir, data)
		}
	}
	m, err := build(ctx, c, hash)
	if err != nil {
		return fmt.Errorf("semantic model: %w", err)
	}
	return write(dir, m.Encode())
}

// Reads returns the fields of n that the model's words come from (texts),
// "" for a node it does not read: a symbol's name, receiver and doc
// comment; a section's ID, heading and text.
func (Modeler) Reads(n *graph.Node) string {
	switch {
	case n.Kind == graph.KindDoc:
		return strings.Join([]string{"doc", string(n.ID), n.Name, n.Text}, "\x00")
	case n.Kind.IsSymbol():
		return strings.Join([]string{"symbol", n.Name, n.Receiver, n.Text}, "\x00")
	}
	return ""
}

func write(dir string, data []byte) error {
	if err := fsutil.WriteFile(filepath.Join(dir, FileName), data, 0o644); err != nil {
		return fmt.Errorf("write semantic model: %w", err)
	}
	return nil
}

// Load reads the model of the index directory dir through the safe reader;
// (nil, nil) when the index has none (built before the model existed). The
// file is mapped, not read, where the system can map it: its vectors are
// read where they lie (Decode), and a new process that asks one question
// neither copies the file nor faults in fresh memory for it (contour, 1.7
// MB: about 400 pages). The mapping goes with the model, once nothing
// holds it.
func Load(dir string) (*Model, error) {
	data, unmap, err := mapModel(dir)
	if err != nil {
		return nil, notExist(err)
	}
	m, err := Decode(data)
	if err != nil {
		unmap()
		return nil, err
	}
	runtime.AddCleanup(m, func(unmap func()) { unmap() }, unmap)
	return m, nil
}

// mapModel maps the model file of the index directory dir, opened through
// the safe reader (read instead where it cannot be mapped). The caller
// must call unmap once nothing reads data.
func mapModel(dir string) (data []byte, unmap func(), err error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	f, fi, err := repofs.Open(root, FileName, maxFileSize)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, unmap, err = binrec.MapFile(f, int(fi.Size()))
	if err != nil || fi.Size() == 0 {
		if data, err = repofs.ReadFile(root, FileName, maxFileSize); err != nil {
			return nil, nil, err
		}
		unmap = func() {}
	}
	return data, unmap, nil
}

// notExist is err of reading the model file, nil when there is none.
func notExist(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("read semantic model: %w", err)
}
