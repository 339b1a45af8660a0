package rationale

import (
	"strings"
	"unicode"

	"github.com/gortex/gortex/graph"
)

// Prose names a class by its stem: "the MediaManagement component" for the
// class MediaManagementImpl, "the UserStore" for UserStoreBean. A CamelCase
// word of prose that names no symbol itself, and that a type's name
// extends by one word, names that type, more weakly than its own name.
const (
	scoreStem = 0.3
	maxStem   = 3 // a stem more types extend ("Node" + Pool, Claim, Class, …) names none
)

// stemIndex maps a type name without its last word ("MediaManagement") to
// the types of that name ("MediaManagementImpl").
type stemIndex map[string][]*graph.Node

func newStemIndex(s *graph.Store) stemIndex {
	ix := stemIndex{}
	for n := range s.Nodes() {
		if n.Kind != graph.KindType && n.Kind != graph.KindClass && n.Kind != graph.KindInterface {
			continue
		}
		words := SplitIdent(n.Name)
		if len(words) < 3 {
			continue // a two-word name's stem is one word: a plain word of prose
		}
		stem := strings.TrimSuffix(n.Name, words[len(words)-1])
		if stem != n.Name && stem != "" {
			ix[stem] = append(ix[stem], n)
		}
	}
	return ix
}

// linkStems adds a named motivation from the section to each type whose
// stem its prose writes as a CamelCase word that names no symbol itself.
func linkStems(s *graph.Store, ix stemIndex, sec *graph.Node) int {
	linked := 0
	seen := map[string]bool{}
	for _, w := range proseWords(sec.Name + "\n" + sec.Text) {
		if seen[w.text] || !isCamel(w.text) {
			continue
		}
		seen[w.text] = true
		hits := ix[w.text]
		if len(hits) == 0 || len(hits) > maxStem || len(s.ByName(w.text)) > 0 {
			continue
		}
		for _, n := range hits {
			_ = s.AddMotivation(sec.ID, n.ID, graph.Motivation{Signal: graph.SignalNamed,
				Score: scoreStem / float64(len(hits)), Detail: w.text})
			linked++
		}
	}
	return linked
}

// isCamel reports whether w is one word made of two or more capitalised
// identifier words ("MediaManagement", not "Media" or "media").
func isCamel(w string) bool {
	parts := SplitIdent(w)
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || !unicode.IsUpper([]rune(p)[0]) {
			return false
		}
	}
	return true
}
