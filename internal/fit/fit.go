// Package fit cuts an answer to a token budget, estimated as
// textutil.EstimateTokens does (bytes / 4): Texts shortens the texts of a
// result's entries, each to no less than its first sentence, and drops
// entries from the end only when that is not enough; Keep drops the items
// of a list from the end. Each measures the result through a render
// function, so that what is counted (a text, or the whole result as
// sent) is the caller's.
package fit

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/gortex/gortex/internal/textutil"
)

// Texts cuts texts (and drops items through drop, when not nil) so that
// render's result fits maxTokens; see Fitted.Note for the note.
func Texts(maxTokens int, texts []*string, render func() (string, error), drop func(n int)) (Fitted, error) {
	return budget{maxTokens: maxTokens, texts: texts, render: render, drop: drop}.fit()
}

// budget fits a rendered result into maxTokens: each text is shortened,
// down to its first sentence, and items are dropped from the end only when
// the first sentences of all of them do not fit.
type budget struct {
	maxTokens int
	render    func() (string, error) // the whole result as it would be sent
	texts     []*string              // the texts that may be cut, best first
	drop      func(n int)            // keep only the first n items; nil when none may be dropped
}

// Fitted reports what Texts did, for the result's note.
type Fitted struct {
	Cut, Dropped, Of int
	Bare             bool // texts were cut below their first sentence
}

// note says what was cut, in a sentence an agent can act on; "" when
// nothing was.
func (f Fitted) Note(budget string) string {
	if f.Cut == 0 && f.Dropped == 0 {
		return ""
	}
	s := fmt.Sprintf("cut to fit %s, at %d bytes a token: ", budget, textutil.BytesPerToken)
	var parts []string
	if f.Dropped > 0 {
		parts = append(parts, fmt.Sprintf("%s of %d dropped from the end", plural(f.Dropped, "entry", "entries"), f.Of))
	}
	switch {
	case f.Cut > 0 && f.Bare:
		parts = append(parts, fmt.Sprintf("text of %d of %d kept shortened, even below the first sentence", f.Cut, f.Of-f.Dropped))
	case f.Cut > 0:
		parts = append(parts, fmt.Sprintf("text of %d of %d kept shortened to no less than its first sentence", f.Cut, f.Of-f.Dropped))
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
func (b budget) fit() (Fitted, error) {
	res := Fitted{Of: len(b.texts)}
	out, err := b.render()
	if err != nil || b.fits(out) {
		return res, err
	}
	orig := make([]string, len(b.texts))
	floors := make([]int, len(b.texts))
	for i, t := range b.texts {
		orig[i] = *t
		floors[i] = FloorOf(*t)
	}
	keep, err := b.dropUntilFloorsFit(orig, floors)
	if err != nil {
		return res, err
	}
	res.Dropped = len(b.texts) - keep
	res.Cut, err = b.share(orig[:keep], floors[:keep])
	if err != nil || res.Cut >= 0 {
		return res, err
	}
	// Even the first sentences are too long: share what room there is.
	res.Bare = true
	if res.Cut, err = b.share(orig[:keep], make([]int, keep)); res.Cut < 0 {
		res.Cut = keep // every text is empty, and still the rest does not fit
	}
	return res, err
}

func (b budget) fits(out string) bool { return textutil.EstimateTokens(out) <= b.maxTokens }

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
		// A rune of text costs more than a byte of the rendering: its
		// escapes, and twice over when the text and structuredContent
		// are both counted.
		per := 1.0
		if n := runes(texts); n > 0 && len(out) > len(bare) {
			per = max(1, float64(len(out)-len(bare))/float64(n))
		}
		room -= int(float64(over)/per) + 16
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

// runes counts the runes of texts.
func runes(texts []*string) int {
	n := 0
	for _, t := range texts {
		n += utf8.RuneCountInString(*t)
	}
	return n
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

// FloorOf is how many runes of s a cut keeps at least: its first sentence
// (up to a sentence end, see textutil.SentenceEnd, or its first blank line) and
// room for the ellipsis; all of s when it has no sentence end.
func FloorOf(s string) int {
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

// Keep drops items from the end of *items until render's result
// fits maxTokens (at least one is kept), and returns how many it dropped.
// It searches the count by halves, so it renders a few times, not once per
// item.
func Keep[T any](maxTokens int, items *[]T, render func() (string, error)) (int, error) {
	all := *items
	fits := func(n int) (bool, error) {
		*items = all[:n]
		out, err := render()
		return err == nil && textutil.EstimateTokens(out) <= maxTokens, err
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
