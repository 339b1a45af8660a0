package query

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/rationale/copies"
)

// The ranking formula, one for every surface:
//
//	rank = weight(signal) × (0.6 × score × kind × recency × 0.5^depth + 0.4 × similar × kind)
//	similar = lexical + w × meaning   (w: 0 for a symbol; for a question 0.75, 0.2 for a commit)
//
// A question's sections are then ordered among themselves with a larger w
// in the places their ranks give them (slotSections, orderByMeaning).
//
// weight(signal) (graph.Signal.Weight) orders the kinds of evidence: a
// section that names the symbol (1.0), names its type or package (0.85),
// names its file or directory (0.7), changed with it (0.6), a commit that
// wrote it (0.5), or only reads like it (0.5). The link's score says how sure that evidence
// is; the document kind's weight prefers reasoning (ADRs and designs 1.0
// down to changelogs 0.5, see rationale.AssetKind.Weight), in the link and
// in the similarity, so that a design and a guide that match alike rank
// the design first (docs/evaluation.md, "Design over guide"); recency runs from
// 1.0 for a document changed today towards 0.75 for an old one (0.875 when
// unknown); each container step between the symbol and what the document
// names halves the link; and the section's lexical similarity to the
// symbol picks the right section among several with the same evidence.
// Meaning (the semantic model's cosine, see withMeaning) helps choose which
// lexical matches of a symbol become entries (lexicalChoice), and adds to a
// question's similarity, with entries of its own (questionMeaning). The product stays below 1.3; memories rank above every document (see
// memoryRank), and superseded documents and memories after every live one.
const (
	linkWeight    = 0.6
	lexicalWeight = 0.4
	// viaPerContainer is how many entries one container (a type, file or
	// package) may contribute through the same signal: its three best
	// sections stand for it, and "gortex why" on the container lists all.
	viaPerContainer = 3
)

// recency is 0.75 + 0.25 × e^(−age/2 years): recent reasoning is more
// likely to describe the code as it is.
func recency(updated, now time.Time) float64 {
	if updated.IsZero() {
		return 0.875
	}
	years := max(now.Sub(updated).Hours()/(24*365), 0)
	return 0.75 + 0.25*math.Exp(-years/2)
}

// ranked is a hit with its rank and the terms of the formula.
type ranked struct {
	hit
	rank, kind, recent float64
	superseded         bool
	// own and ordered are set when slotSections placed a section: the rank
	// the formula gave it, and the one it was ordered by (rank is the
	// place it took).
	own, ordered float64
}

func rankOne(h hit, now time.Time) ranked {
	kind := h.source.asset().Weight()
	r := ranked{hit: h, kind: kind, recent: recency(h.source.updated(), now), superseded: h.source.superseded()}
	r.rank = h.signal.Weight() *
		(linkWeight*h.score*kind*r.recent*math.Pow(viaDiscount, float64(h.depth)) + lexicalWeight*similarity(h)*kind)
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
	s := ""
	if r.detail != "" {
		// The evidence the link was made on: the name as the text wrote
		// it, or the terms a lexical match shares.
		s = fmt.Sprintf("on %q: ", textutil.Cut(r.detail, 80))
	}
	s += fmt.Sprintf("%s %.2f × (%.1f × score %.3f × %s %.2f × recency %.2f",
		r.signal, r.signal.Weight(), linkWeight, r.score, r.source.asset(), r.kind, r.recent)
	if r.depth > 0 {
		s += fmt.Sprintf(" × via %.2f", math.Pow(viaDiscount, float64(r.depth)))
	}
	own := r.rank
	if r.ordered > 0 {
		own = r.own
	}
	if r.sem > 0 && r.semWeight > 0 {
		s += fmt.Sprintf(" + %.1f × similar %.3f (lexical %.3f + %.2f × meaning %.3f) × %.2f) = %.3f", lexicalWeight, similarity(r.hit), r.lex, r.semWeight, r.sem, r.kind, own)
	} else {
		s += fmt.Sprintf(" + %.1f × lexical %.3f × %.2f) = %.3f", lexicalWeight, r.lex, r.kind, own)
	}
	if r.ordered > 0 {
		s += fmt.Sprintf("; ordered among the sections with %.2f × meaning (%.3f), in the place of rank %.3f", r.orderWeight, r.ordered, r.rank)
	}
	if r.superseded {
		s += " (superseded: after live entries)"
	}
	return s
}

// rankHits orders hits best first and cuts them at limit (no cut when limit <= 0).
func rankHits(hits []hit, limit int, now time.Time) []ranked {
	rs := judged(sortHits(hits, now), 0)
	if limit > 0 && len(rs) > limit {
		rs = rs[:limit]
	}
	return rs
}

// rankReserved is withReserve(rankHits(hits, 0, now), limit, reserve)
// without judging the entries that can no longer be in the answer (see
// judged): judging every section for copies was a third of a why on
// contour, where thousands of sections match its words.
func rankReserved(hits []hit, limit, reserve int, now time.Time) []ranked {
	rs, keep := sortHits(hits, now), limit
	if slices.ContainsFunc(rs, func(r ranked) bool { return r.signal == graph.SignalCommit && r.source.Kind == graph.KindDoc }) {
		keep = 0 // a section that is a commit entry is judged against every one before it
	}
	return withReserve(judged(rs, keep), limit, reserve)
}

// sortHits ranks hits and orders them best first.
func sortHits(hits []hit, now time.Time) []ranked {
	rs := make([]ranked, len(hits))
	for i, h := range hits {
		rs[i] = rankOne(h, now)
	}
	slotSections(rs, now)
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		switch {
		case a.class() != b.class():
			return a.class() < b.class()
		case a.rank != b.rank:
			return a.rank > b.rank
		case a.source.Path != b.source.Path:
			return a.source.Path < b.source.Path
		}
		return a.source.Line < b.source.Line
	})
	return rs
}

// class orders entries before their rank: live documents and memories,
// then commits (a commit's message explains less than the design it
// implements), then anything superseded.
func (r ranked) class() int {
	switch {
	case r.superseded:
		return 2
	case r.signal == graph.SignalCommit:
		return 1
	}
	return 0
}

// isCommit reports whether r is a commit: one that wrote a symbol's or a
// file's lines (signal commit), or one a question's words found.
func (r ranked) isCommit() bool { return r.signal == graph.SignalCommit || r.source.commit != nil }

// judged keeps the best of entries whose sections are copies of one
// another (copies.Set: the copies add nothing but length), and at
// most viaPerContainer entries per container and signal, the best ones,
// since rs is sorted. Past the first keep entries (keep > 0) it judges
// commits alone: only a commit may take a place there (withReserve), and
// how one that is no section is judged depends on no other kind of entry.
func judged(rs []ranked, keep int) []ranked {
	type viaKey struct {
		via    *graph.Node
		signal graph.Signal
	}
	kept, seen := copies.New(), map[viaKey]int{}
	out := rs[:0]
	for _, r := range rs {
		k := viaKey{r.via, r.signal}
		switch {
		case keep > 0 && len(out) >= keep && !r.isCommit():
		case r.source.Kind == graph.KindDoc && !kept.Keep(r.source.Node):
		case r.via != nil && seen[k] >= viaPerContainer:
		default:
			if r.via != nil {
				seen[k]++
			}
			out = append(out, r)
		}
	}
	return out
}
