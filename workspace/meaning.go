package workspace

import (
	"sync"

	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/semantic"
)

// meaning is an index's semantic model, read the first time a query asks
// for it: most queries never do, and reading it costs a few milliseconds.
type meaning struct {
	dir   string
	once  sync.Once
	model *semantic.Model
}

// Score is the model's (semantic.Model.Score); nil when the index has no
// usable model, or one that knows too few words (semantic.Model.Informed):
// the answer stands without it.
func (m *meaning) Score(text string) query.Cosines {
	if m.load() == nil {
		return nil
	}
	return m.model.Score(text)
}

// Feedback is the model's (semantic.Model.Feedback); nil without a usable
// model, as for Score.
func (m *meaning) Feedback(text string) (plain, mixed query.Cosines) {
	if m.load() == nil {
		return nil, nil
	}
	return m.model.Feedback(text)
}

// Cosines is the model's (semantic.Model.Cosines); nil without a usable
// model, as for Scores.
func (m *meaning) Cosines(text string, texts []string) []float64 {
	if m.load() == nil {
		return nil
	}
	return m.model.Cosines(text, texts)
}

func (m *meaning) load() *semantic.Model {
	m.once.Do(func() {
		if model, err := semantic.Load(m.dir); err == nil && model != nil && model.Informed() {
			m.model = model
		}
	})
	return m.model
}
