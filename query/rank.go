package query

import (
	"math"
	"sort"
)

// rankOf is the one ranking formula, used for every surface:
//
//	rank = strength(signal) + score × viaDiscount^depth
//
// Signal strength is an integer step (memory 7 … lexical 1) and a score is
// at most 1, so an entry never outranks one with a stronger signal; within
// a signal, a higher score ranks first, and reasoning about a container
// counts half per step away from the symbol.
func rankOf(h hit) float64 {
	return float64(h.mot.Signal.Strength()) + h.mot.Score*math.Pow(viaDiscount, float64(h.depth))
}

// Rank orders hits best first and cuts them at limit (no cut when limit <= 0).
func Rank(hits []hit, limit int) []hit {
	sort.SliceStable(hits, func(i, j int) bool {
		ri, rj := rankOf(hits[i]), rankOf(hits[j])
		if ri != rj {
			return ri > rj
		}
		if hits[i].source.Path != hits[j].source.Path {
			return hits[i].source.Path < hits[j].source.Path
		}
		return hits[i].source.Line < hits[j].source.Line
	})
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	return hits
}
