package docs

import (
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// purposeLen bounds a document's one-line purpose, in runes.
const purposeLen = 200

// snippetLen bounds a search hit's excerpt, in runes.
const snippetLen = 240

// metaLine is a "Key: value" line of a document's header (Status:,
// Date:, Deciders:), which says nothing of its purpose.
var metaLine = textutil.Regexp(`^\s*[*_]{0,2}[A-Z][A-Za-z -]{0,30}[*_]{0,2}:[*_]{0,2}\s`)

// purpose is the first sentence of the first section that has prose,
// skipping header lines such as "Status: Accepted".
func purpose(secs []*graph.Node) string {
	for _, sec := range secs {
		if s := firstSentence(prose(sec.Text)); s != "" {
			return s
		}
	}
	return ""
}

// prose drops a leading block of metadata lines and YAML front-matter
// delimiters from a section's text.
func prose(text string) string {
	lines := strings.Split(text, "\n")
	i := 0
	for i < len(lines) {
		l := strings.TrimSpace(lines[i])
		if l != "" && l != "---" && !metaLine().MatchString(l) {
			break
		}
		i++
	}
	return strings.Join(lines[i:], "\n")
}

// firstSentence returns the first sentence of the first paragraph of text,
// white space collapsed, list and quote markers dropped, at most purposeLen
// runes.
func firstSentence(text string) string {
	para := ""
	for _, p := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if p = strings.TrimSpace(p); p != "" && !strings.HasPrefix(p, "```") {
			para = p
			break
		}
	}
	para = strings.TrimLeft(strings.Join(strings.Fields(para), " "), "-*>+ ")
	if loc := textutil.SentenceEnd().FindStringIndex(para); loc != nil {
		para = para[:loc[0]+1]
	}
	return textutil.Cut(para, purposeLen)
}

// snippet is the first paragraph of text that contains one of terms (the
// first paragraph when none does), white space collapsed, cut to
// snippetLen runes.
func snippet(text string, terms []string) string {
	return textutil.ExcerptWhere(text, func(p string) bool { return containsAny(strings.ToLower(p), terms) }, snippetLen)
}

func containsAny(s string, terms []string) bool {
	for _, t := range terms {
		if t != "" && strings.Contains(s, t) {
			return true
		}
	}
	return false
}

// depth is a section's depth in its document's heading tree: 1 for the
// title (or a preamble), 2 for its sections, ...
func depth(sec *graph.Node) int { return max(len(sec.HeadingPath), 1) }

// parents returns, for each section of a document in line order, the index
// of its parent (the closest earlier section of smaller depth), -1 for none.
func parents(secs []*graph.Node) []int {
	out := make([]int, len(secs))
	var stack []int
	for i, sec := range secs {
		for len(stack) > 0 && depth(secs[stack[len(stack)-1]]) >= depth(sec) {
			stack = stack[:len(stack)-1]
		}
		out[i] = -1
		if len(stack) > 0 {
			out[i] = stack[len(stack)-1]
		}
		stack = append(stack, i)
	}
	return out
}

// title is a document's title: the heading of its first section.
func title(secs []*graph.Node) string {
	if len(secs) == 0 {
		return ""
	}
	return secs[0].Name
}

// tokens estimates the size of texts in tokens (textutil.EstimateTokens).
func tokens(texts ...string) int {
	return textutil.EstimateTokens(strings.Join(texts, ""))
}
