package query

import (
	"strings"
	"unicode"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/rationale"
)

// contextLen bounds Entry.Context in runes: the opening of a reason
// section, which states the problem in its first paragraph or two.
const contextLen = 400

// reasonHeadings name the sections in which a design document states the
// problem it answers, in the order an excerpt prefers them: an ADR's
// Context, a proposal's Motivation or Problem, then Background, and last a
// Summary, which says what more often than why.
var reasonHeadings = []string{"context", "motivation", "problem", "background", "summary"}

// reasonRank is 1 + the place of heading among reasonHeadings, 0 when it
// is none of them. A heading matches when its words start with one
// ("Context and Problem Statement", "2. Motivation", "Problem statement").
func reasonRank(heading string) int {
	words := strings.FieldsFunc(strings.ToLower(heading), func(r rune) bool {
		return !unicode.IsLetter(r)
	})
	if len(words) == 0 {
		return 0
	}
	for i, h := range reasonHeadings {
		if words[0] == h {
			return i + 1
		}
	}
	return 0
}

// hasReason reports whether documents of kind k state their reason in a
// section of its own: decisions, RFCs and designs are written that way.
func hasReason(k rationale.AssetKind) bool {
	return k == rationale.AssetADR || k == rationale.AssetRFC || k == rationale.AssetDesign
}

// reasons gives the reason of each document once per answer: to the best
// ranked of its entries, since the others would repeat it word for word.
type reasons struct {
	s    *graph.Store
	seen map[string]bool // documents whose reason is given, or that have none
}

func newReasons(s *graph.Store) *reasons {
	return &reasons{s: s, seen: map[string]bool{}}
}

// context returns an excerpt of the reason section of the document src
// belongs to: "" when src is no section of an ADR, RFC or design, is that
// section itself (or lies inside it), the document has none, or an entry
// before it already carries it. Call it in rank order.
func (rs *reasons) context(src *source) string {
	if rs == nil || src.Kind != graph.KindDoc || !hasReason(src.asset()) || rs.seen[src.Path] {
		return ""
	}
	rs.seen[src.Path] = true
	if inReason(src.Node) {
		return ""
	}
	sec := rs.find(src.Path)
	if sec == nil {
		return ""
	}
	return textutil.Cut(strings.Join(strings.Fields(sec.Text), " "), contextLen)
}

// inReason reports whether n is a reason section or one of its subsections.
func inReason(n *graph.Node) bool {
	if reasonRank(n.Name) > 0 {
		return true
	}
	for _, h := range n.HeadingPath {
		if reasonRank(h) > 0 {
			return true
		}
	}
	return false
}

// find returns the best reason section with text of the document at path.
func (rs *reasons) find(path string) *graph.Node {
	var best *graph.Node
	bestRank := 0
	for _, e := range rs.s.Out(graph.FileID(path), graph.EdgeContains) {
		n, ok := rs.s.Node(e.To)
		if !ok || n.Kind != graph.KindDoc || strings.TrimSpace(n.Text) == "" {
			continue
		}
		r := reasonRank(n.Name)
		if r > 0 && (best == nil || r < bestRank || (r == bestRank && n.Line < best.Line)) {
			best, bestRank = n, r
		}
	}
	return best
}

// docParagraph is the first paragraph of a symbol's doc comment, whitespace
// collapsed: what the code says of itself, next to what documents say.
func docParagraph(text string) string {
	for _, p := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			return textutil.Cut(p, contextLen)
		}
	}
	return ""
}
