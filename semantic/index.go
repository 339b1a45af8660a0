package semantic

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/fsutil"
	"github.com/gortex/gortex/repofs"
)

// FileName is the model's file in an index directory.
const FileName = "semantic.bin"

// maxFileSize bounds the model file Load reads: GOROOT/src's is a few
// megabytes; a file far larger was not written by gortex.
const maxFileSize = 256 << 20

// Modeler writes the model of a built graph into an index directory; the
// indexer calls its WriteModel (indexer.Options.Model), which workspace
// passes in.
type Modeler struct{}

// WriteModel writes the model of s into dir: the model of live (the index
// directory in use) when it was learned from the same words, else a new
// one. It reads s only.
func (Modeler) WriteModel(ctx context.Context, s *graph.Store, dir, live string) error {
	ts := texts(s)
	hash := contentHash(ts)
	if data, err := repofs.ReadIn(live, FileName, maxFileSize); err == nil {
		if old, err := Decode(data); err == nil && old.Hash == hash {
			return write(dir, data)
		}
	}
	m, err := build(ctx, ts, hash)
	if err != nil {
		return fmt.Errorf("semantic model: %w", err)
	}
	return write(dir, m.Encode())
}

func write(dir string, data []byte) error {
	if err := fsutil.WriteFile(filepath.Join(dir, FileName), data, 0o644); err != nil {
		return fmt.Errorf("write semantic model: %w", err)
	}
	return nil
}

// Load reads the model of the index directory dir through the safe reader;
// (nil, nil) when the index has none (built before the model existed).
func Load(dir string) (*Model, error) {
	data, err := repofs.ReadIn(dir, FileName, maxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read semantic model: %w", err)
	}
	return Decode(data)
}
