package rationale

import (
	"strings"
	"unicode"
	"unicode/utf8"

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
func linkStems(s *graph.Store, ix stemIndex, sec *graph.Node, words []word) int {
	found := map[graph.NodeID]graph.Motivation{}
	seen := map[string]bool{}
	for _, w := range words {
		if seen[w.text] || !isCamel(w.text) {
			continue
		}
		seen[w.text] = true
		hits := ix[w.text]
		if len(hits) == 0 || len(hits) > maxStem || len(s.ByName(w.text)) > 0 {
			continue
		}
		for _, n := range hits {
			found[n.ID] = graph.Motivation{Signal: graph.SignalNamed, Score: scoreStem / float64(len(hits)), Detail: w.text}
		}
	}
	return addNew(s, sec.ID, found)
}

// isCamel reports whether w is one word made of two or more capitalised
// identifier words ("MediaManagement", not "Media" or "media").
func isCamel(w string) bool {
	n := 0
	for p := range identWords(w) {
		if r, _ := utf8.DecodeRuneInString(p); !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// A plain word names a class in prose when the prose says it is one:
// "the classes Logic, GateKeeper and Storage", "the Logic class". Out of
// such a phrase a capitalised word is the English word.
const scoreClassWord = scoreBareProse

// classNouns are the words that make the names next to them types. Only
// "class": "Job types", "the Pod type" speak of kinds of things in prose
// (kueue: "supported Job types" took the first place of Job.ReclaimablePods
// when "type" counted).
var classNouns = map[string]bool{"class": true, "classes": true}

// classWords returns the capitalised words a text calls classes: the run
// right after a class noun (with "and", "or" between them), and the word
// right before one.
func classWords(ws []word) []string {
	var out []string
	capital := func(w word) bool { return unicode.IsUpper([]rune(w.text)[0]) }
	for i, w := range ws {
		if !classNouns[strings.ToLower(w.text)] {
			continue
		}
		if i > 0 && capital(ws[i-1]) && !ws[i-1].initial {
			out = append(out, ws[i-1].text)
		}
		for j := i + 1; j < len(ws) && !ws[j].initial; j++ {
			lw := strings.ToLower(ws[j].text)
			if lw == "and" || lw == "or" {
				continue
			}
			if !capital(ws[j]) {
				break
			}
			out = append(out, ws[j].text)
		}
	}
	return out
}

// linkClassWords adds a named motivation from the section to each type
// its prose calls a class by its exact name.
func linkClassWords(s *graph.Store, sec *graph.Node, words []word) int {
	found := map[graph.NodeID]graph.Motivation{}
	seen := map[string]bool{}
	for _, name := range classWords(words) {
		if seen[name] {
			continue
		}
		seen[name] = true
		var hits []*graph.Node
		for _, n := range handwritten(s, s.ByName(name)) {
			if n.Kind == graph.KindType || n.Kind == graph.KindClass || n.Kind == graph.KindInterface {
				hits = append(hits, n)
			}
		}
		if len(hits) == 0 || len(hits) > maxStem {
			continue
		}
		for _, n := range hits {
			found[n.ID] = graph.Motivation{Signal: graph.SignalNamed, Score: scoreClassWord / float64(len(hits)), Detail: name}
		}
	}
	return addNew(s, sec.ID, found)
}
