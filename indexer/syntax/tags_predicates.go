package syntax

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// predicate is one text test of a pattern on a capture's text: #eq?,
// #any-of? or #match?, or their negation. go-tree-sitter leaves predicates
// to the caller; its own FilterPredicates compiles a regexp per match.
type predicate struct {
	capture uint32
	values  []string       // #eq? (one value) and #any-of?
	re      *regexp.Regexp // #match?
	negate  bool
}

// compilePredicates reads the predicates of one pattern.
func compilePredicates(q *sitter.Query, pattern uint32) ([]predicate, error) {
	var out []predicate
	for _, steps := range q.PredicatesForPattern(pattern) {
		if len(steps) < 3 || steps[0].Type != sitter.QueryPredicateStepTypeString ||
			steps[1].Type != sitter.QueryPredicateStepTypeCapture {
			return nil, fmt.Errorf("malformed predicate")
		}
		op := q.StringValueForId(steps[0].ValueId)
		p := predicate{capture: steps[1].ValueId}
		var args []string
		for _, s := range steps[2:] {
			switch s.Type {
			case sitter.QueryPredicateStepTypeString:
				args = append(args, q.StringValueForId(s.ValueId))
			case sitter.QueryPredicateStepTypeCapture:
				return nil, fmt.Errorf("#%s: only string arguments are supported", op)
			}
		}
		switch op {
		case "eq?", "not-eq?", "any-of?", "not-any-of?":
			p.values, p.negate = args, strings.HasPrefix(op, "not-")
		case "match?", "not-match?":
			if len(args) != 1 {
				return nil, fmt.Errorf("#%s takes one pattern", op)
			}
			re, err := regexp.Compile(args[0])
			if err != nil {
				return nil, fmt.Errorf("#%s: %w", op, err)
			}
			p.re, p.negate = re, strings.HasPrefix(op, "not-")
		default:
			return nil, fmt.Errorf("unsupported predicate #%s", op)
		}
		out = append(out, p)
	}
	return out, nil
}

// accept reports whether m passes its pattern's predicates. A predicate on
// a capture that is absent from the match (an optional one) passes.
func (tq *tagsQuery) accept(m *sitter.QueryMatch, src []byte) bool {
	for _, p := range tq.preds[m.PatternIndex] {
		for _, c := range m.Captures {
			if c.Index != p.capture {
				continue
			}
			text := string(src[min(c.Node.StartByte(), uint32(len(src))):min(c.Node.EndByte(), uint32(len(src)))])
			var ok bool
			if p.re != nil {
				ok = p.re.MatchString(text)
			} else {
				ok = slices.Contains(p.values, text)
			}
			if ok == p.negate {
				return false
			}
		}
	}
	return true
}
