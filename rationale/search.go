package rationale

import (
	"context"
	"runtime"
	"sync"

	"github.com/gortex/gortex/textindex"
)

// memoryIndex is a layer's full-text index of its memories, built on its
// first search and kept as long as the layer: questions to why and to
// search read the same one.
type memoryIndex struct {
	mu  sync.Mutex
	idx *textindex.Index
}

// Analyze returns the distinct analysed terms of text as Search reads
// them; none for a layer without memories, or when its index cannot be
// built.
func (l *Memories) Analyze(text string) []string {
	idx, err := l.index(context.Background())
	if err != nil || idx == nil {
		return nil
	}
	return idx.Analyze(text)
}

// Search finds text in the memories' titles and bodies with the analysis
// and scoring of the documents' index (textindex), the best limit first.
// A hit's ID is the memory's node ID (memory.IDOf reads it back). A layer
// without memories finds nothing.
func (l *Memories) Search(ctx context.Context, text string, limit int) ([]textindex.Hit, error) {
	idx, err := l.index(ctx)
	if err != nil || idx == nil {
		return nil, err
	}
	return idx.Search(ctx, text, limit)
}

// index returns the layer's index, building it on first use; a failed
// build is tried again by the next call. Indexing a few hundred memories
// takes milliseconds. The index is closed when the layer is collected.
func (l *Memories) index(ctx context.Context) (*textindex.Index, error) {
	if l == nil || len(l.all) == 0 {
		return nil, nil
	}
	l.search.mu.Lock()
	defer l.search.mu.Unlock()
	if l.search.idx != nil {
		return l.search.idx, nil
	}
	idx, err := textindex.NewMem(ctx, l.nodeList())
	if err != nil {
		return nil, err
	}
	l.search.idx = idx
	runtime.AddCleanup(l, func(idx *textindex.Index) { idx.Close() }, idx)
	return idx, nil
}
