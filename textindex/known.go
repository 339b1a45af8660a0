package textindex

import (
	"context"
	"fmt"
)

// Known returns the terms (analysed forms, as Analyze gives them) that
// occur in the text of at least one indexed node: the documents' own
// vocabulary, against which a query splits a compound identifier
// ("nodepoolhealth" → nodepool, health).
func (c *Index) Known(ctx context.Context, terms []string) (map[string]bool, error) {
	r, err := c.reader()
	if err != nil {
		return nil, fmt.Errorf("content index reader: %w", err)
	}
	defer r.Close()
	known := map[string]bool{}
	for _, t := range terms {
		if known[t] {
			continue
		}
		tfr, err := r.TermFieldReader(ctx, []byte(t), "text", false, false, false)
		if err != nil {
			return nil, fmt.Errorf("term %q: %w", t, err)
		}
		if tfr.Count() > 0 {
			known[t] = true
		}
		tfr.Close()
	}
	return known, nil
}
