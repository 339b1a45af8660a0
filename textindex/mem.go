package textindex

import (
	"context"
	"fmt"

	"github.com/blevesearch/bleve/v2"

	"github.com/gortex/gortex/graph"
)

// NewMem builds a content index in memory over nodes, with the
// same mapping and search as the on-disk one. Questions use it for what the
// on-disk index does not hold: memories (projected on every load) and
// commit messages (read from git on demand). Indexing a few hundred short
// nodes takes milliseconds. The caller must Close it.
func NewMem(ctx context.Context, nodes []*graph.Node) (*Index, error) {
	idx, err := bleve.NewMemOnly(indexMapping())
	if err != nil {
		return nil, fmt.Errorf("create memory content index: %w", err)
	}
	c := &Index{idx: idx}
	if err := c.Update(ctx, nil, nodes); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}
