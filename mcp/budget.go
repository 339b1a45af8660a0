package mcp

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/gortex/gortex/internal/textutil"
)

// estimateTokens is the token estimate of max_tokens, the one every
// budget uses (textutil.EstimateTokens: bytes/4). Budgets are approximate.
func estimateTokens(s string) int { return textutil.EstimateTokens(s) }

// budget fits a rendered result into maxTokens: each text is shortened,
// down to its first sentence, and items are dropped from the end only when
// the first sentences of all of them do not fit.
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
	bare             bool // texts were cut below their first sentence
}

// note says what was cut, in a sentence an agent can act on; "" when
// nothing was.
func (f fitted) note(maxTokens int) string {
	if f.cut == 0 && f.dropped == 0 {
		return ""
	}
	s := fmt.Sprintf("cut to fit max_tokens=%d (estimated at %d bytes per token): ", maxTokens, textutil.BytesPerToken)
	var parts []string
	if f.dropped > 0 {
		parts = append(parts, fmt.Sprintf("%s of %d dropped from the end", plural(f.dropped, "entry", "entries"), f.of))
	}
	switch {
	case f.cut > 0 && f.bare:
		parts = append(parts, fmt.Sprintf("text of %d of %d kept shortened, even below the first sentence", f.cut, f.of-f.dropped))
	case f.cut > 0:
		parts = append(parts, fmt.Sprintf("text of %d of %d kept shortened to no less than its first sentence", f.cut, f.of-f.dropped))
	}
	return s + strings.Join(parts, "; ") + "; raise max_tokens for more"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// fit shortens the texts so that the rendered result fits: every text to
// its first sentence first; then, while that is still too long, the last
// item is dropped (down to one); the room left is shared among the kept
// texts above their first sentences. Only when one item's first sentence
// does not fit (or no item may be dropped) are texts cut shorter.
func (b budget) fit() (fitted, error) {
	res := fitted{of: len(b.texts)}
	out, err := b.render()
	if err != nil || b.fits(out) {
		return res, err
	}
	orig := make([]string, len(b.texts))
	floors := make([]int, len(b.texts))
	for i, t := range b.texts {
		orig[i] = *t
		floors[i] = floorOf(*t)
	}
	keep, err := b.dropUntilFloorsFit(orig, floors)
	if err != nil {
		return res, err
	}
	res.dropped = len(b.texts) - keep
	res.cut, err = b.share(orig[:keep], floors[:keep])
	if err != nil || res.cut >= 0 {
		return res, err
	}
	// Even the first sentences are too long: share what room there is.
	res.bare = true
	if res.cut, err = b.share(orig[:keep], make([]int, keep)); res.cut < 0 {
		res.cut = keep // every text is empty, and still the rest does not fit
	}
	return res, err
}

func (b budget) fits(out string) bool { return estimateTokens(out) <= b.maxTokens }

// dropUntilFloorsFit sets every text to its first sentence and drops the
// last items until the result fits or one is left; it returns how many are
// kept.
func (b budget) dropUntilFloorsFit(orig []string, floors []int) (int, error) {
	for i, t := range b.texts {
		*t = cutTo(orig[i], floors[i])
	}
	keep := len(b.texts)
	for ; keep > 1 && b.drop != nil; keep-- {
		out, err := b.render()
		if err != nil || b.fits(out) {
			return keep, err
		}
		b.drop(keep - 1)
	}
	return keep, nil
}

// share gives the kept texts the room the rest of the result leaves, each
// at least its floor, and returns how many were shortened; -1 when the
// floors alone do not fit. It repeats with less room while the rendering
// (where escaping adds characters) is still too long.
func (b budget) share(orig []string, floors []int) (int, error) {
	texts := b.texts[:len(orig)]
	for _, t := range texts {
		*t = ""
	}
	bare, err := b.render()
	if err != nil {
		return 0, err
	}
	room := b.maxTokens*textutil.BytesPerToken - len(bare)
	for try := 0; try < 8; try++ {
		cut := cutTexts(texts, orig, floors, room)
		out, err := b.render()
		if err != nil {
			return cut, err
		}
		over := len(out) - b.maxTokens*textutil.BytesPerToken
		if over <= 0 {
			return cut, nil
		}
		room -= over + 16
	}
	for i, t := range texts {
		*t = cutTo(orig[i], floors[i])
	}
	out, err := b.render()
	if err != nil || !b.fits(out) {
		return -1, err
	}
	return len(texts), nil
}

// cutTexts sets each text to its original cut to its floor plus a share of
// what room is left above the floors, shared evenly (a short text leaves
// its unused share to the others), and returns how many were shortened.
func cutTexts(texts []*string, orig []string, floors []int, room int) int {
	lens := make([]int, len(orig))
	order := make([]int, len(orig))
	left := room
	for i, s := range orig {
		lens[i], order[i] = utf8.RuneCountInString(s), i
		left -= floors[i]
	}
	sort.SliceStable(order, func(a, b int) bool { return lens[order[a]]-floors[order[a]] < lens[order[b]]-floors[order[b]] })
	share := make([]int, len(orig))
	left = max(left, 0)
	for k, i := range order {
		even := left / (len(order) - k)
		share[i] = floors[i] + min(lens[i]-floors[i], even)
		left -= share[i] - floors[i]
	}
	cut := 0
	for i, s := range orig {
		*texts[i] = cutTo(s, share[i])
		if share[i] < lens[i] {
			cut++
		}
	}
	return cut
}

// cutTo is s cut to n runes: s itself when it is that short, else its
// first n-1 runes (back to a word boundary when one is near) and an
// ellipsis; "" when n < 2.
func cutTo(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return shorten(s, n)
}

// shorten cuts s to n runes, the last one an ellipsis; "" when n < 2.
func shorten(s string, n int) string {
	if n < 2 {
		return ""
	}
	return textutil.Cut(s, n)
}

// floorOf is how many runes of s a cut keeps at least: its first sentence
// (up to a sentence end, see textutil.SentenceEnd, or its first blank line) and
// room for the ellipsis; all of s when it has no sentence end.
func floorOf(s string) int {
	end := len(s)
	if loc := textutil.SentenceEnd().FindStringIndex(s); loc != nil {
		end = loc[0] + 1
	}
	if k := strings.Index(s[:end], "\n\n"); k >= 0 {
		end = k
	}
	if end == len(s) {
		return utf8.RuneCountInString(s)
	}
	return utf8.RuneCountInString(s[:end]) + 1
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

// defaultMaxTokens is the budget of a list tool's answer when the call
// gives none: under the 10,000 tokens of tool output a client warns about,
// with room for the note that says what was left out.
const defaultMaxTokens = 8000

// budgetArg checks a list tool's max_tokens argument: 0 means
// defaultMaxTokens; at most 100,000.
func budgetArg(n int) (int, error) {
	switch {
	case n == 0:
		return defaultMaxTokens, nil
	case n < minMaxTokens || n > 100000:
		return 0, badArg("max_tokens", "%d is out of range %d–100000", n, minMaxTokens)
	}
	return n, nil
}

// keepFitting drops items from the end of *items until render's result
// fits maxTokens (at least one is kept), and returns how many it dropped.
// It searches the count by halves, so it renders a few times, not once per
// item.
func keepFitting[T any](maxTokens int, items *[]T, render func() (string, error)) (int, error) {
	all := *items
	fits := func(n int) (bool, error) {
		*items = all[:n]
		out, err := render()
		return err == nil && estimateTokens(out) <= maxTokens, err
	}
	if ok, err := fits(len(all)); ok || err != nil || len(all) <= 1 {
		return 0, err
	}
	lo, hi := 1, len(all) // lo is kept even when it does not fit; hi does not fit
	for lo+1 < hi {
		mid := (lo + hi) / 2
		ok, err := fits(mid)
		if err != nil {
			return 0, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	*items = all[:lo]
	return len(all) - lo, nil
}

// leftOut is the note of an answer cut to fit: what was dropped and how to
// get it.
func leftOut(n int, what string, maxTokens int, how string) string {
	return fmt.Sprintf("%d more %s left out to fit max_tokens=%d (estimated at %d bytes per token); %s",
		n, what, maxTokens, textutil.BytesPerToken, how)
}

// joinNote adds s to a note.
func joinNote(note, s string) string { return strings.TrimPrefix(note+"; "+s, "; ") }
