package syntax

import (
	"iter"
	"strings"

	"github.com/gortex/gortex/graph"
)

// selfQualifiers are the receivers through which a method calls another
// method of its own type: Python and Rust self, this in JavaScript, Java,
// C++, C#, Kotlin and PHP, Rust's Self.
var selfQualifiers = map[string]bool{"": true, "self": true, "this": true, "Self": true}

// LocalCalls yields the calls of a file in a language other than Go that
// stay inside the file, as the dotted names of caller and callee, in the
// order of pf.Calls: a call with no qualifier, or through self or this,
// goes to a function or method of the same file — a sibling in the
// caller's container first, then a top-level function. Calls into other
// files need each language's imports resolved; the indexer does that for Go
// only (indexer/resolve.go).
func LocalCalls(pf *ParsedFile) iter.Seq2[string, string] {
	return func(yield func(caller, callee string) bool) {
		if len(pf.Calls) == 0 {
			return
		}
		callable := make(map[string]bool, len(pf.Symbols))
		for _, s := range pf.Symbols {
			if s.Kind == graph.KindFunction || s.Kind == graph.KindMethod {
				callable[s.DottedName()] = true
			}
		}
		for _, c := range pf.Calls {
			if !selfQualifiers[c.Qualifier] {
				continue
			}
			var to string
			if i := strings.LastIndexByte(c.Caller, '.'); i >= 0 && callable[c.Caller[:i+1]+c.Name] {
				to = c.Caller[:i+1] + c.Name
			} else if callable[c.Name] && c.Qualifier == "" {
				to = c.Name
			}
			if to != "" && to != c.Caller && !yield(c.Caller, to) {
				return
			}
		}
	}
}
