package mcp

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// charsPerToken is the token estimate of max_tokens: about four characters
// of English or JSON per token, the usual rule of thumb for GPT- and
// Claude-style BPE tokenizers. It is an estimate; budgets are approximate.
const charsPerToken = 4

// estimateTokens is the token estimate of s.
func estimateTokens(s string) int {
	return (utf8.RuneCountInString(s) + charsPerToken - 1) / charsPerToken
}

// budget fits a rendered result into maxTokens by cutting texts, then, if
// that is not enough, dropping items from the end.
type budget struct {
	maxTokens int
	render    func() (string, error) // the whole result as it would be sent
	texts     []*string              // the texts that may be cut, best first
	drop      func(n int)            // keep only the first n items; nil when none may be dropped
}

// fitTo cuts texts (and drops items through drop, when not nil) so that
// render's result fits maxTokens with room left for the note it returns,
// which says what was cut ("" when nothing was).
func fitTo(maxTokens int, texts []*string, render func() (string, error), drop func(n int)) (string, error) {
	reserve := estimateTokens(fitted{cut: 999, dropped: 999, of: 999}.note(maxTokens)) + 2
	res, err := budget{maxTokens: maxTokens - reserve, texts: texts, render: render, drop: drop}.fit()
	return res.note(maxTokens), err
}

// fitted reports what fit did, for the result's note.
type fitted struct {
	cut, dropped, of int
}

// note says what was cut, in a sentence an agent can act on; "" when
// nothing was.
func (f fitted) note(maxTokens int) string {
	if f.cut == 0 && f.dropped == 0 {
		return ""
	}
	s := fmt.Sprintf("cut to fit max_tokens=%d (estimated at %d characters per token): ", maxTokens, charsPerToken)
	var parts []string
	if f.cut > 0 {
		parts = append(parts, fmt.Sprintf("text of %d of %d entries shortened", f.cut, f.of))
	}
	if f.dropped > 0 {
		parts = append(parts, fmt.Sprintf("the last %d entries dropped", f.dropped))
	}
	return s + strings.Join(parts, ", ") + "; raise max_tokens for more"
}

// fit cuts texts so that the rendered result fits. It shares the room
// left by everything else among the texts evenly, a short text leaving its
// unused share to the others, and repeats with less room while the
// rendering (where escaping adds characters) is still too long.
func (b budget) fit() (fitted, error) {
	res := fitted{of: len(b.texts)}
	out, err := b.render()
	if err != nil || estimateTokens(out) <= b.maxTokens {
		return res, err
	}
	orig := make([]string, len(b.texts))
	for i, t := range b.texts {
		orig[i], *t = *t, ""
	}
	bare, err := b.render()
	if err != nil {
		return res, err
	}
	room := b.maxTokens*charsPerToken - utf8.RuneCountInString(bare)
	for try := 0; try < 8 && room > 0; try++ {
		res.cut = cutTexts(b.texts, orig, room)
		if out, err = b.render(); err != nil {
			return res, err
		}
		over := utf8.RuneCountInString(out) - b.maxTokens*charsPerToken
		if over <= 0 {
			return res, nil
		}
		room -= over + 16
	}
	res.cut = cutTexts(b.texts, orig, 0)
	return b.dropTail(res)
}

// dropTail drops items from the end, texts already empty, until the result
// fits or nothing is left.
func (b budget) dropTail(res fitted) (fitted, error) {
	if b.drop == nil {
		return res, nil
	}
	for n := len(b.texts) - 1; n >= 0; n-- {
		b.drop(n)
		res.dropped = len(b.texts) - n
		out, err := b.render()
		if err != nil || estimateTokens(out) <= b.maxTokens {
			return res, err
		}
	}
	return res, nil
}

// cutTexts sets each text to its original cut to its share of room runes
// and returns how many were shortened.
func cutTexts(texts []*string, orig []string, room int) int {
	lens := make([]int, len(orig))
	order := make([]int, len(orig))
	for i, s := range orig {
		lens[i], order[i] = utf8.RuneCountInString(s), i
	}
	sort.SliceStable(order, func(a, b int) bool { return lens[order[a]] < lens[order[b]] })
	share := make([]int, len(orig))
	left := max(room, 0)
	for k, i := range order {
		even := left / (len(order) - k)
		share[i] = min(lens[i], even)
		left -= share[i]
	}
	cut := 0
	for i, s := range orig {
		if share[i] < lens[i] {
			cut++
			*texts[i] = shorten(s, share[i])
			continue
		}
		*texts[i] = s
	}
	return cut
}

// shorten cuts s to n runes, the last one an ellipsis; "" when n < 2.
func shorten(s string, n int) string {
	if n < 2 {
		return ""
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// minMaxTokens is the smallest budget worth asking for: a why answer's
// symbol, note and one short entry take about 150 tokens as JSON.
const minMaxTokens = 200

// maxTokensArg checks a max_tokens argument: 0 (no budget) or at least
// minMaxTokens.
func maxTokensArg(n int) error {
	if n != 0 && n < minMaxTokens {
		return badArg("max_tokens", "%d is too small to hold an answer; give at least %d, or 0 for no budget", n, minMaxTokens)
	}
	return nil
}
