package rationale

import (
	"strings"
	"unicode"

	"github.com/gortex/gortex/graph"
)

// A heading that spells a symbol's name in words ("NodePool Totals" for
// NodePoolTotals, "Parse flags" for parseFlags) titles a section about it,
// even though no token equals the identifier.
const (
	scoreSpelled   = 0.7
	minSpelledLen  = 12 // normalised length: "is active", "get name" are spelled by chance
	maxSpelled     = 4  // a spelling shared by more symbols names none of them
	maxHeadingSpan = 6  // heading words joined to match one identifier
)

// spelledIndex maps a normalised multi-word identifier ("nodepooltotals")
// to the symbols that carry it.
type spelledIndex map[string][]*graph.Node

func newSpelledIndex(s *graph.Store) spelledIndex {
	ix := spelledIndex{}
	for name, n := range s.Names() {
		if n > maxSpelled || identWordCount(name) < 2 {
			continue
		}
		key := normalise(name)
		if len(key) >= minSpelledLen {
			ix[key] = append(ix[key], unfielded(handwritten(s, s.ByName(name)))...)
			graph.SortByID(ix[key]) // the names come in a map's order
		}
	}
	return ix
}

// unfielded drops the fields of hits: a field is named after what it
// holds, and a heading that spells "Machine conditions" titles that topic,
// not the field machineConditions of some type it never names.
func unfielded(hits []*graph.Node) []*graph.Node {
	out := hits[:0:0]
	for _, n := range hits {
		if n.Kind != graph.KindField {
			out = append(out, n)
		}
	}
	return out
}

func normalise(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// linkSpelled adds a named motivation from the section to each symbol its
// heading spells, its score divided among symbols sharing the name.
func linkSpelled(s *graph.Store, ix spelledIndex, sec *graph.Node) {
	words := strings.FieldsFunc(sec.Name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i := range words {
		key := ""
		for j := i; j < len(words) && j < i+maxHeadingSpan; j++ {
			key += strings.ToLower(words[j])
			hits := ix[key]
			if j == i || len(hits) == 0 {
				continue // a single heading word is the named signal's business
			}
			for _, n := range hits {
				_ = s.AddMotivation(sec.ID, n.ID, graph.Motivation{Signal: graph.SignalNamed,
					Score: scoreSpelled / float64(len(hits)), Detail: strings.Join(words[i:j+1], " ")})
			}
		}
	}
}
