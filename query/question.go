package query

import (
	"context"
	"fmt"
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/rationale"
)

// questionPool is how many hits a question reads from each index.
const questionPool = 50

// whyQuestion answers a question in words: a Bleve search over the
// document sections (the on-disk index), the memories (the layer's own
// index, which gortex search reads too) and commit messages (the history
// index; without one, no commits: a question never reads git). Every hit has the lexical
// signal, as its only evidence is the words it shares with the question,
// and ranks by the one formula: its similarity, weighted by its kind and
// recency.
func whyQuestion(ctx context.Context, s *graph.Store, text string, opts Options) (*Answer, error) {
	a := &Answer{Query: text, Kind: AnswerQuestion, Candidates: []SymbolRef{}, Rationale: []Entry{}}
	var hits []hit
	if opts.Searcher != nil {
		hs, err := questionHits(opts.Searcher, text, func() ([]rationale.Found, error) {
			return rationale.FindSections(ctx, s, opts.Searcher, text, questionPool)
		})
		if err != nil {
			return a, err
		}
		hits = append(hits, hs...)
	}
	if opts.Commits != nil && opts.Commits.Available() {
		hs, err := questionHits(opts.Commits, text, func() ([]rationale.Found, error) {
			return rationale.FindCommits(ctx, opts.Commits, text, questionPool)
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
	}
	hs, err := questionHits(opts.Memories, text, func() ([]rationale.Found, error) {
		return opts.Memories.Find(ctx, text, questionPool)
	})
	if err != nil {
		return a, err
	}
	hits = append(hits, hs...)
	if opts.Meaning != nil {
		cos, mixed := opts.Meaning.Feedback(text)
		hits = withMeaning(s, hits, mixed, questionMeaning)
		commitMeaning(text, hits, opts.Meaning, meaningScale(cos))
		orderByMeaning(hits)
	}
	fillEntries(s, a, hits, opts, questionCommitSlots)
	if a.Count == 0 {
		a.Note = fmt.Sprintf("no document, memory or commit message matches %q; ask with other words, or name a symbol or file", text)
	}
	return a, ctx.Err()
}

// questionCommitSlots is how many places of a question's answer the
// commits its words found keep when they rank below the cut, as a file's
// commits keep theirs (fileCommitSlots): the sections of one document that
// shares a question's words can fill the answer, and a commit that ranks
// second among the commits found was then not shown. Measured with
// gortex-eval recall (docs/history.md): Hit@10 0.393 to 0.464 on
// history-old-dev, 0.143 to 0.167 on history-old-val2, no Hit@5 and no
// other set moved; make eval's question sets answer as before.
const questionCommitSlots = 3

// commitMeaning sets the similarity by meaning of the commit hits (their
// subject and body against the question) on the sections' scale, with
// weight commitMeaningWeight: without it a commit competed with sections
// on its words alone while a section had its meaning added, and designs
// and guides that read like the question put the commit that answers it
// out of the answer.
func commitMeaning(text string, hits []hit, m Meaning, scale func(float64) float64) {
	var at []int
	var texts []string
	for i, h := range hits {
		if c := h.source.commit; c != nil {
			at = append(at, i)
			texts = append(texts, c.Subject+"\n"+h.source.Text)
		}
	}
	if len(at) == 0 {
		return
	}
	cos := m.Cosines(text, texts)
	if len(cos) != len(at) {
		return
	}
	for k, i := range at {
		hits[i].sem, hits[i].semWeight = scale(cos[k]), commitMeaningWeight
	}
}

// commitMeaningWeight is the weight of a commit's similarity by meaning in
// a question's answer (a section's is 0.75, questionMeaning). On git-why's
// curl and redis questions and history-old-dev (gortex-eval recall, every
// entry) Hit@5 rose from 0.316 to 0.337, on history-old-val from 0.111 to
// 0.222; 0.25 and more lowered greptimedb-questions' document MRR, 0.75
// velero-questions' section@5 (docs/history.md).
const commitMeaningWeight = 0.2

// recallPhrase matches a question that recalls a change ("what was that
// bug where…", "what was the change that…", "when did we stop…") or asks
// the cause of a past event ("why did the build…", "what broke…", "how
// come…", "where did we…"): its answer is more likely a commit than a
// guide. A question of a decision ("why was X rejected", "why use X")
// is not one. The past-tense forms were added measured with gortex-eval
// recall (docs/history.md): Hit@5 over every entry 0.347 to 0.376 on the
// development half (git-why's curl, redis and requests questions,
// history-old-dev), 0.424 to 0.447 on the validation half (ripgrep, caddy,
// zod, history-old-val), no set lower; the questions of make eval alike.
var recallPhrase = textutil.Regexp(`(?i)^\W*((what|which)\s+(was|were)\s+(that|the)\b|(when|where|how)\s+did\s+we\b|why\s+(did|didn't|could|couldn't|wouldn't)\b|what\s+(caused|broke|happened|went)\b|how\s+come\b)`)

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

// questionHits scores what find finds of text in one index (through
// rationale's one search), whose analysis sa gives (English: stemmed, stop
// words out). The search is a scored disjunction of the question's words:
// a hit needs one of them, and one with more of them, or rarer ones,
// scores higher. Requiring every word, or two, left "why is keepalive
// clamped" with the one section that happens to say both. A hit's
// similarity is half the share of the question's words it contains and
// half its search score relative to the best hit of the same index.
func questionHits(sa Searcher, text string, find func() ([]rationale.Found, error)) ([]hit, error) {
	terms := sa.Analyze(text)
	if len(terms) == 0 {
		return nil, nil
	}
	keep, err := find()
	if err != nil {
		return nil, err
	}
	best := 0.0
	for _, f := range keep {
		best = max(best, f.Score)
	}
	var hits []hit
	for _, f := range keep {
		src := foundSource(f)
		if rationale.IsStubSection(src.Node) {
			continue
		}
		sim := 0.5*min(float64(len(f.Terms))/float64(len(terms)), 1) + 0.5*f.Score/best
		hits = append(hits, hit{source: src, signal: graph.SignalLexical, score: sim, lex: sim})
	}
	return hits, nil
}

// foundSource is a search's find as a reasoning source; a commit becomes
// one here (commitSource).
func foundSource(f rationale.Found) *source {
	if f.Commit != nil {
		return commitSource(*f.Commit)
	}
	return &source{Node: f.Node, memory: f.Memory}
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
	for _, r := range rankReserved(hits, limit, reserve, now) {
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
		if rs[i].isCommit() {
			commits++
		}
	}
	last := limit - 1
	for next := limit; next < len(rs) && commits < reserve; next++ {
		if !rs[next].isCommit() {
			continue
		}
		for last >= 0 && (!in[last] || rs[last].isCommit()) {
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
