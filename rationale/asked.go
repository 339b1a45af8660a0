package rationale

import (
	"strings"
	"unicode"

	"github.com/gortex/gortex/graph"
)

// A heading that asks why ("Why Blueprints?", "Why use a Ledger") titles
// the section that argues for the thing it names: the strongest reasoning a
// document holds about that type, even when the heading writes it in the
// plural or in lower case.
const (
	scoreAsked = 0.95
	maxAsked   = 4 // a word naming more types than this names none of them
	minAsked   = 3 // shorter words are chance
	// maxAskedWords bounds the words after "why": "Why Blueprints?" and
	// "Why use a ledger" argue for a thing; "Why doesn't a Workload exist
	// for my Pod group?" is a troubleshooting question about a situation
	// (kueue's FAQ headings named Pod and Workload that way).
	maxAskedWords = 4
)

// askedKinds are the kinds a why-heading may name by a word: the concepts
// a design argues for, not their methods.
var askedKinds = map[graph.NodeKind]bool{
	graph.KindType: true, graph.KindClass: true, graph.KindInterface: true, graph.KindModule: true,
}

// askedWords returns the words of a heading that asks why, after its "why";
// nil for any other heading.
func askedWords(heading string) []string {
	words := strings.FieldsFunc(heading, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
	if len(words) < 2 || len(words) > 1+maxAskedWords || !strings.EqualFold(words[0], "why") {
		return nil
	}
	return words[1:]
}

// singular drops a plural ending: "Blueprints" → "Blueprint", "Policies" →
// "Policy", "Caches" → "Cache".
func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ss"):
		return w
	case strings.HasSuffix(w, "s") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}

// capital writes w with an upper-case first letter.
func capital(w string) string {
	if w == "" {
		return w
	}
	r := []rune(w)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// linkAsked adds a named motivation from a section whose heading asks why
// to each type the heading names by a word: as written, singular, or
// capitalised.
func linkAsked(s *graph.Store, sec *graph.Node) {
	for _, w := range askedWords(sec.Name) {
		if len(w) < minAsked {
			continue
		}
		var hits []*graph.Node
		seen := map[graph.NodeID]bool{}
		for _, form := range []string{w, singular(w), capital(w), capital(singular(w))} {
			for _, n := range handwritten(s, s.ByName(form)) {
				if askedKinds[n.Kind] && n.Receiver == "" && !seen[n.ID] {
					seen[n.ID] = true
					hits = append(hits, n)
				}
			}
		}
		if len(hits) == 0 || len(hits) > maxAsked {
			continue
		}
		for _, n := range hits {
			_ = s.AddMotivation(sec.ID, n.ID, graph.Motivation{Signal: graph.SignalNamed,
				Score: scoreAsked / float64(len(hits)), Detail: sec.Name})
		}
	}
}
