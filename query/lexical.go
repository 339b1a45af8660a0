package query

import (
	"context"
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/textindex"
)

// Searcher finds reasoning nodes by text; *textindex.Index is one.
type Searcher interface {
	Analyze(text string) []string
	Search(ctx context.Context, text string, limit int) ([]textindex.Hit, error)
}

// Lexical matching: how many sections to score, how many to return as
// entries of their own, and what a section must share with the symbol.
const (
	lexicalPool    = 50 // sections scored for the lexical bonus of other entries
	lexicalEntries = 3  // lexical-only entries kept: they are the weakest evidence
	// minAnchorTerms is how many distinct words of the symbol's name,
	// receiver, package and directory a section must contain: one shared
	// word is chance ("node", "pool"), two start to describe the symbol.
	// A section sharing one anchor word qualifies when it also shares
	// minProfileTerms words of the whole profile (the doc comment describes
	// the behaviour in the words a design doc uses).
	minAnchorTerms  = 2
	minProfileTerms = 5
	maxCallees      = 8  // callee names added to a profile
	maxDocWords     = 40 // doc-comment words added to a profile: its first sentences
	// A type's profile also holds the words of its members: their names
	// and the first words of their doc comments, the words the code itself
	// uses for what the type does ("update", "reset", the buffer a field
	// keeps), which a design describing the behaviour uses too. They never
	// count as anchors. The other symbols of the symbol's file were tried
	// too and dropped: they diluted the profile (kueue doc@5 0.94 → 0.89).
	maxMemberWords = 80
	memberDocWords = 12
)

// lexMatch is one section similar to the symbol: its similarity in [0,1]
// and the anchor words it shares.
type lexMatch struct {
	sim   float64
	terms []string
}

// profile is the text that stands for a symbol in a similarity search:
// its identifier split into words, receiver, package, directory and file
// words, its doc comment and the names it calls. anchors is the part that
// names the symbol (all but the doc comment and callees).
func profile(s *graph.Store, n *graph.Node) (text, anchors string) {
	var a []string
	a = append(a, rationale.SplitIdent(n.Name)...)
	a = append(a, rationale.SplitIdent(n.Receiver)...)
	a = append(a, rationale.SplitIdent(n.Package)...)
	dir := path.Dir(n.Path)
	a = append(a, rationale.SplitIdent(path.Base(dir))...)
	a = append(a, rationale.SplitIdent(strings.TrimSuffix(path.Base(n.Path), path.Ext(n.Path)))...)
	anchors = strings.Join(a, " ")
	words := strings.Fields(n.Text)
	if len(words) > maxDocWords {
		words = words[:maxDocWords]
	}
	var calls []string
	for _, e := range s.Out(n.ID, graph.EdgeCalls) {
		if c, ok := s.Node(e.To); ok && len(calls) < maxCallees {
			calls = append(calls, rationale.SplitIdent(c.Name)...)
		}
	}
	return anchors + " " + strings.Join(words, " ") + " " + strings.Join(calls, " ") + " " + memberWords(s, n), anchors
}

// memberWords returns the words of n's members: each name split into
// words, with the first words of its doc comment, maxMemberWords in all.
func memberWords(s *graph.Store, n *graph.Node) string {
	var out []string
	for _, e := range s.Out(n.ID, graph.EdgeContains) {
		m, ok := s.Node(e.To)
		if !ok || !m.Kind.IsSymbol() {
			continue
		}
		out = append(out, rationale.SplitIdent(m.Name)...)
		doc := strings.Fields(m.Text)
		out = append(out, doc[:min(len(doc), memberDocWords)]...)
		if len(out) >= maxMemberWords {
			return strings.Join(out[:maxMemberWords], " ")
		}
	}
	return strings.Join(out, " ")
}

// lexical scores the sections most similar to n's profile. A section
// qualifies when it shares minAnchorTerms anchor words with the symbol;
// its similarity is half its share of the anchor words and half its search
// score relative to the best qualifying section.
func lexical(ctx context.Context, sr Searcher, s *graph.Store, n *graph.Node) (map[graph.NodeID]lexMatch, error) {
	text, anchorText := profile(s, n)
	if parts := splitCompounds(ctx, sr, strings.Fields(anchorText)); len(parts) > 0 {
		extra := strings.Join(parts, " ")
		text, anchorText = text+" "+extra, anchorText+" "+extra
	}
	anchors := map[string]bool{}
	for _, t := range sr.Analyze(anchorText) {
		if len(t) >= 3 {
			anchors[t] = true
		}
	}
	need := min(minAnchorTerms, len(anchors))
	if need == 0 {
		return nil, nil
	}
	hits, err := sr.Search(ctx, text, lexicalPool)
	if err != nil {
		return nil, err
	}
	type qualified struct {
		hit    textindex.Hit
		shared []string
	}
	var keep []qualified
	best := 0.0
	for _, h := range hits {
		if sec, ok := s.Node(h.ID); ok && rationale.IsStubSection(sec) {
			continue // an autodoc stub: the docstring's words, no reasoning
		}
		var shared []string
		for _, t := range h.Terms {
			if anchors[t] {
				shared = append(shared, t)
			}
		}
		if len(shared) >= need || (len(shared) >= 1 && len(h.Terms) >= minProfileTerms) {
			keep = append(keep, qualified{h, shared})
			best = max(best, h.Score)
		}
	}
	out := make(map[graph.NodeID]lexMatch, len(keep))
	for _, q := range keep {
		cover := min(float64(len(q.shared))/float64(len(anchors)), 1)
		out[q.hit.ID] = lexMatch{sim: 0.5*cover + 0.5*q.hit.Score/best, terms: q.shared}
	}
	return out, nil
}
