package memory

import "github.com/gortex/gortex/internal/textutil"

// DuplicateThreshold is the token-set Jaccard similarity at or above which
// a new memory repeats a live one. At 0.55 a rewording that keeps most
// content words is caught while two memories about one symbol that say
// different things (sharing its name and a few common words) are not.
const DuplicateThreshold = 0.55

// Status says what Add or Edit did.
type Status string

// The statuses of a write.
const (
	StatusCreated   Status = "created"
	StatusUpdated   Status = "updated"
	StatusDuplicate Status = "duplicate"
)

// memoryTokens is the token set a memory is compared by: title and body.
func memoryTokens(m *Memory) map[string]bool { return textutil.TokenSet(m.Title + "\n" + m.Body) }

// findDuplicate returns the live memory among mems most similar to m at or
// above DuplicateThreshold, skipping the memory with ID except.
func findDuplicate(m *Memory, mems []*Memory, except ID) (*Memory, float64) {
	tok := memoryTokens(m)
	var best *Memory
	bestSim := 0.0
	for _, o := range mems {
		if !o.Live() || o.ID == except || o.ID == m.ID {
			continue
		}
		if sim := textutil.Jaccard(tok, memoryTokens(o)); sim >= DuplicateThreshold && sim > bestSim {
			best, bestSim = o, sim
		}
	}
	return best, bestSim
}
