package query

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// The ranking formula, one for every surface:
//
//	rank = strength(signal) + 0.7 × score × kind × recency × 0.5^depth + 0.3 × lexical
//
// Signal strength is an integer step (memory 7 … lexical 1) and the rest is
// below 1, so no entry outranks one with a stronger signal. Within a signal:
// the link's score; the document kind's weight (ADRs and designs 1.0 down to
// changelogs 0.5, see rationale.AssetKind.Weight); recency, from 1.0 for a
// document changed today towards 0.75 for an old one (0.875 when unknown);
// half per container step between the symbol and what the document names;
// and the section's lexical similarity to the symbol, which picks the right
// section among several that name its type. Superseded documents and
// memories rank after every live one.
const (
	linkWeight    = 0.7
	lexicalWeight = 0.3
)

// recency is 0.75 + 0.25 × e^(−age/2 years): recent reasoning is more
// likely to describe the code as it is.
func recency(updated string, now time.Time) float64 {
	t, err := time.Parse(time.RFC3339, updated)
	if err != nil {
		return 0.875
	}
	years := max(now.Sub(t).Hours()/(24*365), 0)
	return 0.75 + 0.25*math.Exp(-years/2)
}

// ranked is a hit with its rank and the terms of the formula.
type ranked struct {
	hit
	rank, kind, recent float64
	superseded         bool
}

func rankOne(h hit, now time.Time) ranked {
	kind := rationale.AssetKind(h.source.Attr(rationale.AttrAssetKind)).Weight()
	r := ranked{hit: h, kind: kind, recent: recency(h.source.Attr(rationale.AttrUpdated), now),
		superseded: h.source.Attr(rationale.AttrStatus) == "superseded" || h.source.Attr(rationale.AttrSupersededBy) != ""}
	r.rank = float64(h.signal.Strength()) +
		linkWeight*h.score*kind*r.recent*math.Pow(viaDiscount, float64(h.depth)) + lexicalWeight*h.lex
	if h.signal == graph.SignalMemory {
		r.rank = memoryRank(r)
	}
	return r
}

// explain spells out how r's rank was made.
func (r ranked) explain() string {
	if r.signal == graph.SignalMemory {
		return memoryExplain(r)
	}
	s := fmt.Sprintf("%s %d + %.1f × score %.3f × %s %.2f × recency %.2f",
		r.signal, r.signal.Strength(), linkWeight, r.score, r.source.Attr(rationale.AttrAssetKind), r.kind, r.recent)
	if r.depth > 0 {
		s += fmt.Sprintf(" × via %.2f", math.Pow(viaDiscount, float64(r.depth)))
	}
	s += fmt.Sprintf(" + %.1f × lexical %.3f = %.3f", lexicalWeight, r.lex, r.rank)
	if r.superseded {
		s += " (superseded: after live entries)"
	}
	return s
}

// Rank orders hits best first and cuts them at limit (no cut when limit <= 0).
func Rank(hits []hit, limit int, now time.Time) []ranked {
	rs := make([]ranked, len(hits))
	for i, h := range hits {
		rs[i] = rankOne(h, now)
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		switch {
		case a.superseded != b.superseded:
			return b.superseded
		case a.rank != b.rank:
			return a.rank > b.rank
		case a.source.Path != b.source.Path:
			return a.source.Path < b.source.Path
		}
		return a.source.Line < b.source.Line
	})
	if limit > 0 && len(rs) > limit {
		rs = rs[:limit]
	}
	return rs
}
