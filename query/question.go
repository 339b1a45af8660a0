package query

import (
	"context"
	"fmt"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/textindex"
)

// How a question searches: the hits read from each index, and the commits
// of history searched (a commit older than the last few hundred rarely
// answers a question about the code as it is, and reading more costs
// seconds on a large repository).
const (
	questionPool    = 50
	questionCommits = 300
)

// whyQuestion answers a question in words: a Bleve search over the
// document sections (the on-disk index), the memories (the layer's own
// index, which gortex search reads too) and commit messages (the history
// index; without it, the recent commits and the memories in one in-memory
// index built for the question). Every hit has the lexical
// signal, as its only evidence is the words it shares with the question,
// and ranks by the one formula: its similarity, weighted by its kind and
// recency.
func whyQuestion(ctx context.Context, s *graph.Store, text string, opts Options) (*Answer, error) {
	a := &Answer{Query: text, Kind: AnswerQuestion, Candidates: []SymbolRef{}, Rationale: []Entry{}}
	var hits []hit
	if opts.Searcher != nil {
		hs, err := questionHits(ctx, opts.Searcher, text, func(id graph.NodeID) (*source, bool) {
			n, ok := s.Node(id)
			if !ok {
				return nil, false
			}
			return sectionSource(n), true
		})
		if err != nil {
			return a, err
		}
		hits = append(hits, hs...)
	}
	var recent []*source // commits read from git, without a history index
	if opts.Commits != nil && opts.Commits.Available() {
		hs, err := questionHits(ctx, opts.Commits, text, func(id graph.NodeID) (*source, bool) {
			c, ok := opts.Commits.Commit(id)
			if !ok {
				return nil, false
			}
			return commitSource(c), true
		})
		if err != nil {
			return a, err
		}
		if recallsChange(text) {
			for i := range hs {
				hs[i].score, hs[i].lex = hs[i].score*recallBoost, hs[i].lex*recallBoost
			}
		}
		hits = append(hits, hs...)
	} else if opts.History != nil {
		cs, err := opts.History.Recent(ctx, questionCommits)
		if err != nil && !quietHistoryErr(err) {
			a.Warnings = append(a.Warnings, fmt.Sprintf("commit messages left out: %v", err))
		}
		for _, c := range cs {
			recent = append(recent, commitSource(c))
		}
	}
	hs, err := memoryHits(ctx, text, opts.Memories, recent)
	if err != nil {
		return a, err
	}
	hits = append(hits, hs...)
	if opts.Meaning != nil {
		hits = withMeaning(s, hits, opts.Meaning.Scores(text), questionMeaning)
	}
	fillEntries(s, a, hits, opts, 0)
	if a.Count == 0 {
		a.Note = fmt.Sprintf("no document, memory or commit message matches %q; ask with other words, or name a symbol or file", text)
	}
	return a, ctx.Err()
}

// recallPhrase matches a question that recalls a change ("what was that
// bug where…", "what was the change that…", "when did we stop…"): its
// answer is more likely a commit than a guide.
var recallPhrase = textutil.Regexp(`(?i)^\W*((what|which)\s+(was|were)\s+(that|the)\b|when\s+did\s+we\b)`)

// recallBoost raises a commit's similarity to a question that recalls a
// change, so that guides sharing more of its words (a commit message is
// short) do not drown it. On git-why's curl and redis questions (49 of 84
// phrased so) it put the gold commit as high among all entries as among
// commits alone: Hit@5 0.18 to 0.23 on curl, Hit@10 0.44 to 0.47 on
// redis; 2.0 did no better.
const recallBoost = 1.5

// recallsChange reports whether a question recalls a change.
func recallsChange(text string) bool { return recallPhrase().MatchString(text) }

// CommitSearcher searches the whole history: *textindex.Commits is one.
// Available reports whether there is a history index to search.
type CommitSearcher interface {
	Searcher
	Available() bool
	Commit(id graph.NodeID) (history.Commit, bool)
}

// memoryHits searches the memories of mems: in the layer's own index, or,
// with recent commits read from git to search beside them, in one index of
// both built for the question (the two compete for one best hit, as before
// the history index).
func memoryHits(ctx context.Context, text string, mems *rationale.Memories, recent []*source) ([]hit, error) {
	if len(recent) == 0 {
		return questionHits(ctx, mems, text, func(id graph.NodeID) (*source, bool) {
			mid, _ := memory.IDOf(id)
			m := mems.Memory(mid)
			n, ok := mems.Node(mid)
			return &source{Node: n, memory: m}, ok && m != nil
		})
	}
	extra := map[graph.NodeID]*source{}
	for _, m := range mems.All() {
		if n, ok := mems.Node(m.ID); ok {
			extra[n.ID] = &source{Node: n, memory: m}
		}
	}
	for _, src := range recent {
		extra[src.ID] = src
	}
	return searchNodes(ctx, text, extra)
}

// searchNodes searches nodes in an in-memory index.
func searchNodes(ctx context.Context, text string, nodes map[graph.NodeID]*source) ([]hit, error) {
	list := make([]*graph.Node, 0, len(nodes))
	for _, n := range nodes {
		list = append(list, n.Node)
	}
	idx, err := textindex.NewMem(ctx, list)
	if err != nil {
		return nil, err
	}
	defer idx.Close()
	return questionHits(ctx, idx, text, func(id graph.NodeID) (*source, bool) {
		n, ok := nodes[id]
		return n, ok
	})
}

// questionHits searches sr for text as a scored disjunction of its words
// (English analysis: stemmed, stop words out): a hit needs one of them,
// and one with more of them, or rarer ones, scores higher. Requiring every
// word, or two, left "why is keepalive clamped" with the one section that
// happens to say both. A hit's similarity is half the share of the
// question's words it contains and half its search score relative to the
// best hit of the same index.
func questionHits(ctx context.Context, sr Searcher, text string, node func(graph.NodeID) (*source, bool)) ([]hit, error) {
	terms := sr.Analyze(text)
	if len(terms) == 0 {
		return nil, nil
	}
	keep, err := sr.Search(ctx, text, questionPool)
	if err != nil {
		return nil, err
	}
	best := 0.0
	for _, h := range keep {
		best = max(best, h.Score)
	}
	var hits []hit
	for _, h := range keep {
		n, ok := node(h.ID)
		if !ok || rationale.IsStubSection(n.Node) {
			continue
		}
		sim := 0.5*min(float64(len(h.Terms))/float64(len(terms)), 1) + 0.5*h.Score/best
		hits = append(hits, hit{source: n, signal: graph.SignalLexical, score: sim, lex: sim})
	}
	return hits, nil
}

// fillEntries ranks hits by the one formula, cuts them at the limit,
// keeping at least reserve commits when there are that many, and puts them
// into a as entries, each with its document's reason from s.
func fillEntries(s *graph.Store, a *Answer, hits []hit, opts Options, reserve int) {
	limit := opts.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	rs := newReasons(s)
	for _, r := range withReserve(rankHits(hits, 0, now), limit, reserve) {
		e := entryOf(r, rs)
		if opts.Explain {
			e.Explain = r.explain()
		}
		a.Rationale = append(a.Rationale, e)
	}
	a.Count = len(a.Rationale)
}

// withReserve returns the first limit of rs (ranked best first), with the
// worst of them replaced by the best commits left out until reserve commits
// are in, order kept.
func withReserve(rs []ranked, limit, reserve int) []ranked {
	if len(rs) <= limit {
		return rs
	}
	in := make([]bool, len(rs))
	commits := 0
	for i := range limit {
		in[i] = true
		if rs[i].signal == graph.SignalCommit {
			commits++
		}
	}
	last := limit - 1
	for next := limit; next < len(rs) && commits < reserve; next++ {
		if rs[next].signal != graph.SignalCommit {
			continue
		}
		for last >= 0 && (!in[last] || rs[last].signal == graph.SignalCommit) {
			last--
		}
		if last < 0 {
			break
		}
		in[last], in[next] = false, true
		commits++
	}
	out := make([]ranked, 0, limit)
	for i, r := range rs {
		if in[i] {
			out = append(out, r)
		}
	}
	return out
}
