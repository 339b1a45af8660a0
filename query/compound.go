package query

import (
	"context"
	"strings"
	"unicode"
)

// vocabulary tells which analysed terms the documents use;
// *textindex.Index is one. A Searcher that is no vocabulary splits nothing.
type vocabulary interface {
	Known(ctx context.Context, terms []string) (map[string]bool, error)
}

// Compound splitting: a lower-case identifier word shorter than
// minCompound is rarely two words ("status", "reconcile"); a part shorter
// than minPart matches by chance.
const (
	minCompound = 8
	minPart     = 3
)

// splitCompounds returns the parts of the lower-case compound words among
// words ("nodepoolhealth", "flavorassigner") as the documents write them
// apart ("nodepool health", "flavor assigner"): the fewest parts, each a
// term of the documents' own vocabulary. Go and Python write package and
// file names this way; the documents about them never do. Words the
// documents use whole, and words no split covers, add nothing.
func splitCompounds(ctx context.Context, sr Searcher, words []string) []string {
	voc, ok := sr.(vocabulary)
	if !ok {
		return nil
	}
	var cands []string
	pieces := map[string][]piece{}
	for _, w := range words {
		if len(w) < minCompound || !isLowerWord(w) || pieces[w] != nil {
			continue
		}
		for i := 0; i < len(w); i++ {
			for j := i + minPart; j <= len(w); j++ {
				if t := sr.Analyze(w[i:j]); len(t) == 1 {
					pieces[w] = append(pieces[w], piece{i, j, t[0]})
					cands = append(cands, t[0])
				}
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	known, err := voc.Known(ctx, cands)
	if err != nil {
		return nil // splitting is a refinement; the answer stands without it
	}
	var out []string
	for w, ps := range pieces {
		var whole bool
		var usable []piece
		for _, p := range ps {
			if !known[p.term] {
				continue
			}
			if p.i == 0 && p.j == len(w) {
				whole = true
			}
			usable = append(usable, piece{p.i, p.j, w[p.i:p.j]})
		}
		if whole {
			continue
		}
		out = append(out, fewestParts(w, usable)...)
	}
	return out
}

// fewestParts covers w with the fewest of the given pieces (start, end,
// text), end to end; nil when they cannot cover it.
func fewestParts(w string, ps []piece) []string {
	const none = 1 << 30
	best := make([]int, len(w)+1)
	from := make([]int, len(w)+1) // index into ps of the piece ending there
	for k := range best {
		best[k], from[k] = none, -1
	}
	best[0] = 0
	for end := 1; end <= len(w); end++ {
		for x, p := range ps {
			if p.j == end && best[p.i] != none && best[p.i]+1 < best[end] {
				best[end], from[end] = best[p.i]+1, x
			}
		}
	}
	if best[len(w)] == none || best[len(w)] < 2 {
		return nil
	}
	var parts []string
	for end := len(w); end > 0; end = ps[from[end]].i {
		parts = append([]string{ps[from[end]].term}, parts...)
	}
	return parts
}

// piece is w[i:j] of a compound word: its analysed term, or its text.
type piece struct {
	i, j int
	term string
}

func isLowerWord(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) < 0
}
