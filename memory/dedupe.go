package memory

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// DuplicateThreshold is the token-set Jaccard similarity at or above which
// a new memory repeats a live one. At 0.55 a rewording that keeps most
// content words is caught while two memories about one symbol that say
// different things (sharing its name and a few common words) are not.
const DuplicateThreshold = 0.55

// minTokenLen drops short words ("a", "to", "is") that every text shares.
const minTokenLen = 3

// Status says what Add or Edit did.
type Status string

// The statuses of a write.
const (
	StatusCreated   Status = "created"
	StatusUpdated   Status = "updated"
	StatusDuplicate Status = "duplicate"
)

// TokenSet returns the distinct lower-cased words of at least minTokenLen
// runes in s; a word is a run of letters and digits.
func TokenSet(s string) map[string]bool {
	set := make(map[string]bool)
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if utf8.RuneCountInString(w) >= minTokenLen {
			set[w] = true
		}
	}
	return set
}

// Jaccard is |a ∩ b| / |a ∪ b|; two empty sets are not similar.
func Jaccard(a, b map[string]bool) float64 {
	if len(a) > len(b) {
		a, b = b, a
	}
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}

// memoryTokens is the token set a memory is compared by: title and body.
func memoryTokens(m *Memory) map[string]bool { return TokenSet(m.Title + "\n" + m.Body) }

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
		if sim := Jaccard(tok, memoryTokens(o)); sim >= DuplicateThreshold && sim > bestSim {
			best, bestSim = o, sim
		}
	}
	return best, bestSim
}
