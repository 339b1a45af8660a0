package rationale

import (
	"strings"

	"github.com/gortex/gortex/graph"
)

// A generated reference is told by its content: most of its sections are
// headed by a symbol's name and open with that symbol's doc comment, as an
// API reference rendered from the code does. Such a document says what the
// code says about itself, and a why answer gains nothing from it.
const (
	minReferenceSections = 3   // fewer sections may repeat a comment by quoting it
	referenceShare       = 0.5 // of the headed sections
	minCommentLen        = 20  // a shorter comment is repeated by chance
)

// repeatsDocComments reports whether the document d is a generated
// reference: at least minReferenceSections sections, and referenceShare of
// its sections, repeat the doc comment of a symbol their heading names.
func repeatsDocComments(s *graph.Store, d *document) bool {
	if len(d.sections) < minReferenceSections {
		return false
	}
	n := 0
	for _, sec := range d.sections {
		if repeatsComment(s, sec) {
			n++
		}
	}
	return n >= minReferenceSections && float64(n) >= referenceShare*float64(len(d.sections))
}

// repeatsComment reports whether the section's heading is a symbol's name
// and its text holds the first line of that symbol's doc comment.
func repeatsComment(s *graph.Store, sec *graph.Node) bool {
	name := strings.TrimSpace(sec.Name)
	if !isIdent(name) {
		return false
	}
	for _, n := range s.ByName(name) {
		first, _, _ := strings.Cut(strings.TrimSpace(n.Text), "\n")
		if len(first) >= minCommentLen && strings.Contains(sec.Text, first) {
			return true
		}
	}
	return false
}
