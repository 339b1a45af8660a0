// Package textutil holds the small text helpers several packages share,
// each written once: cutting text to a length, estimating tokens, the
// word sets and Jaccard similarity behind duplicate and copy detection,
// and the edit distance behind every "did you mean".
package textutil

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Ellipsis ends a text that Cut shortened.
const Ellipsis = "…"

// Cut returns s when it has at most n runes, else its first n-1 runes,
// trailing space trimmed, and an ellipsis: n runes in all. It returns ""
// when n < 2 and s is longer.
func Cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n < 2 {
		return ""
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + Ellipsis
}

// CutBytes returns the longest prefix of s of at most n bytes that ends
// on a rune boundary, trailing space trimmed: for budgets counted in bytes.
func CutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strings.TrimRightFunc(s[:n], unicode.IsSpace)
}

// BytesPerToken is the token estimate every budget uses: about four bytes
// of English or JSON per token, the rule of thumb of GPT- and Claude-style
// BPE tokenizers. Counting bytes rather than runes keeps the estimate on
// the safe side for non-Latin text, which takes more tokens per letter.
const BytesPerToken = 4

// EstimateTokens estimates the tokens of s (see BytesPerToken).
func EstimateTokens(s string) int { return (len(s) + BytesPerToken - 1) / BytesPerToken }

// minTokenLen is the shortest word TokenSet keeps: shorter ones ("a",
// "of", "to") say nothing about what a text is about.
const minTokenLen = 3

// TokenSet returns the distinct lower-cased words of s of at least three
// letters or digits.
func TokenSet(s string) map[string]bool {
	if set, ok := asciiTokenSet(s); ok {
		return set
	}
	return tokenSet(s)
}

// tokenSet is TokenSet for any text.
func tokenSet(s string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if utf8.RuneCountInString(w) >= minTokenLen {
			set[w] = true
		}
	}
	return set
}

// asciiTokenSet is TokenSet for a text of ASCII alone, where lower case
// is a byte's and a word is a run of letters and digits: one lower-cased
// copy of s, whose words are kept without a copy each (most of a why's
// check for copies of sections was TokenSet). ok is false when s is not
// all ASCII.
func asciiTokenSet(s string) (map[string]bool, bool) {
	lower := make([]byte, len(s))
	for i := range len(s) {
		c := s[i]
		if c >= utf8.RuneSelf {
			return nil, false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	text := string(lower)
	set := map[string]bool{}
	start := -1
	for i := 0; i <= len(text); i++ {
		if i < len(text) && isASCIIWordByte(text[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start >= minTokenLen {
			set[text[start:i]] = true
		}
		start = -1
	}
	return set, true
}

func isASCIIWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
}

// Jaccard is the size of the intersection of a and b over the size of
// their union; 0 when both are empty.
func Jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 0
	}
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// Distance is the edit distance between a and b, counted in runes: the
// insertions, deletions, substitutions and swaps of two neighbours
// (optimal string alignment) that turn one into the other. Counting a
// swap as one edit makes "jsno" one from "json", as a typo is. It is the
// "did you mean" of unknown symbols, paths and flags.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows of the table: two back, one back, this one.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// SentenceEnd matches the end of a sentence: a full stop, question or
// exclamation mark before white space or the end of the text.
var SentenceEnd = Regexp(`[.!?](\s|$)`)

// BlankBetween blanks, in place, every line from one that starts (after
// spaces) with begin to the next that starts with end, both included, so
// that line numbers stay; a begin without an end blanks nothing.
func BlankBetween(lines []string, begin, end string) {
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimSpace(lines[i]), begin) {
			continue
		}
		for j := i; j < len(lines); j++ {
			if strings.HasPrefix(strings.TrimSpace(lines[j]), end) {
				for k := i; k <= j; k++ {
					lines[k] = ""
				}
				i = j
				break
			}
		}
	}
}

// Regexp returns a function that compiles expr on its first call and
// returns that one compiled expression on every call. A regular expression
// compiled at package level is compiled by every run of gortex before main,
// whatever the command: those of memory, history and rationale were a
// third of the instructions `gortex version` spent before main starts.
// expr must compile (it panics on first use otherwise, as MustCompile).
func Regexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// Excerpt returns the paragraph of text that mentions detail (the first
// paragraph when none does), whitespace collapsed, cut to n runes.
func Excerpt(text, detail string, n int) string {
	return ExcerptWhere(text, func(p string) bool { return detail != "" && strings.Contains(p, detail) }, n)
}

// ExcerptWhere returns the first paragraph of text for which match holds
// (the first paragraph when none does), whitespace collapsed, cut to n
// runes.
func ExcerptWhere(text string, match func(paragraph string) bool, n int) string {
	pick := ""
	for p := range strings.SplitSeq(text, "\n\n") {
		if strings.TrimSpace(p) == "" {
			continue
		}
		if pick == "" {
			pick = p
		}
		if match(p) {
			pick = p
			break
		}
	}
	return Cut(collapsed(pick, n), n)
}

// collapsed returns text's words joined by one space, or a prefix of that
// holding more than n runes: what Cut keeps of it to n runes is the same,
// and a long paragraph is not collapsed whole to keep its start.
func collapsed(text string, n int) string {
	var b strings.Builder
	runes := 0
	for w := range strings.FieldsSeq(text) {
		if runes > n {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
			runes++
		}
		b.WriteString(w)
		runes += utf8.RuneCountInString(w)
	}
	return b.String()
}
