package rationale

import (
	"slices"
	"strings"
	"unicode"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale/place"
)

// Scores of the named signal by how the name was written. A qualified or
// Type.Method form leaves no doubt; a bare name in a code span is meant as
// code; a bare name in prose is the weakest form.
const (
	scoreQualified = 1.0
	scoreDotted    = 0.9
	scoreBareCode  = 0.8
	scoreBareProse = 0.6
	// scoreKind is a manifest's "kind: X": the section shows an object of
	// type X, an example of its use, which is weaker evidence than the
	// type's name written in its prose (karpenter: examples of a CRD's
	// manifests outranked the section that explains the CRD).
	scoreKind    = 0.5
	headingBonus = 0.1
	// declarationBonus is added when the section's code declares the
	// symbol ("type Budget struct"): it is the design of that symbol.
	declarationBonus = 0.15
)

// maxShared bounds how many symbols one bare name may link to. A name
// carried by more symbols ("String", "Error", "Close" in the Go tree) names
// none of them in particular, and linking it to all would add thousands of
// edges that carry no reasoning.
const maxShared = 32

// minNamedScore drops links whose score was divided too far: a bare name
// shared by more than a handful of symbols (eight in code, six in prose)
// identifies none of them, and such links only crowd out real reasoning.
const minNamedScore = 0.1

// repeatBonus raises a link's score per further mention, up to four: a
// section that keeps naming a symbol is about it.
const repeatBonus = 0.03

// namedMatch is one symbol a section names, with the best score seen and
// the number of mentions.
type namedMatch struct {
	name   string
	score  float64
	detail string
	count  int
}

// linkNamed adds a named motivation from the section to every symbol its
// heading or text names. It returns the number of symbols linked.
func linkNamed(s *graph.Store, sec *graph.Node, sc *scratch) int {
	mk := markupOf(sec.Path)
	ms := scanDoc(mk, sec.Name, true, sc.mentions[:0])
	ms = scanDoc(mk, sec.Text, false, ms)
	sc.mentions = ms
	found := make(map[graph.NodeID]namedMatch)
	defs := definitions(sec.Text)
	add := func(n *graph.Node, score float64, m mention) {
		if score < minNamedScore {
			return
		}
		if m.heading {
			score = min(1, score+headingBonus)
		}
		if defs[n.Name] && n.Receiver == "" {
			score = min(1, score+declarationBonus)
		}
		cur, ok := found[n.ID]
		if !ok || score > cur.score {
			cur.score, cur.detail = score, m.text()
		}
		cur.name = n.Name
		if !ok || !m.kindOnly { // more manifests are more examples, no more about the type
			cur.count++
		}
		found[n.ID] = cur
	}
	ctx := newSectionContext(ms, pathMentions(sec.Text), sc.outside)
	for _, m := range ms {
		m.ctx = ctx
		resolveMention(s, m, add)
	}
	enclosing := enclosingNames(sec)
	for _, id := range graph.SortedIDs(found) {
		f := found[id]
		score := min(1, f.score+repeatBonus*float64(min(f.count-1, 4)))
		if enclosing[normalise(f.name)] {
			score = min(1, score+headingBonus)
			f.detail += " (under a heading that names it)"
		}
		// Both nodes exist: the section is being linked and id came from the store.
		_ = s.AddMotivation(sec.ID, id, graph.Motivation{Signal: graph.SignalNamed, Score: score, Detail: f.detail})
	}
	return len(found)
}

// enclosingNames returns the names the headings enclosing sec spell, each
// run of up to maxHeadingSpan words normalised ("Karpenter - Node
// Overlay" gives "karpenter", "node", "nodeoverlay", ...): a section
// under a heading that names a symbol is about it, as much as one whose
// own heading does. They only raise links that other evidence made.
func enclosingNames(sec *graph.Node) map[string]bool {
	if len(sec.HeadingPath) < 2 {
		return nil
	}
	out := map[string]bool{}
	for _, h := range sec.HeadingPath[:len(sec.HeadingPath)-1] {
		words := strings.FieldsFunc(h, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		for i := range words {
			key := ""
			for j := i; j < len(words) && j < i+maxHeadingSpan; j++ {
				key += strings.ToLower(words[j])
				out[key] = true
			}
		}
	}
	return out
}

// resolveMention calls add for each symbol the mention names.
func resolveMention(s *graph.Store, m mention, add func(*graph.Node, float64, mention)) {
	if m.prefix != "" {
		resolveQualified(s, m, add)
		return
	}
	n := len(m.parts)
	if n >= 2 && (resolveDotted(s, m, add) || slices.ContainsFunc(m.parts[:n-1], m.ctx.qualifiesOutside)) {
		return
	}
	// A qualifier that is no type or package ("b.IsActive()" on a variable)
	// still names its last identifier.
	resolveBare(s, m.parts[n-1], m, add)
}

// resolveQualified handles "import/path/pkg.Name" and "import/path/pkg.Type.Method".
func resolveQualified(s *graph.Store, m mention, add func(*graph.Node, float64, mention)) {
	chain := m.parts[1:]
	if len(chain) == 0 {
		return
	}
	q := m.prefix + "." + strings.Join(chain, ".")
	for _, c := range s.ByName(chain[len(chain)-1]) {
		if c.Qualified == q || strings.HasSuffix(c.Qualified, "/"+q) {
			add(c, scoreQualified, m)
			if len(chain) == 2 {
				addReceiver(s, c, m, add)
			}
		}
	}
}

// resolveDotted handles "Type.Method", "pkg.Name" and "pkg.Type.Method".
// It reports whether the qualifier matched anything.
func resolveDotted(s *graph.Store, m mention, add func(*graph.Node, float64, mention)) bool {
	n := len(m.parts)
	x, y := m.parts[n-2], m.parts[n-1]
	pkg := ""
	if n >= 3 {
		pkg = m.parts[n-3]
	}
	var hits []*graph.Node
	for _, c := range s.ByName(y) {
		switch {
		case c.Receiver == x && (pkg == "" || c.Package == pkg):
			hits = append(hits, c)
		case c.Receiver == "" && c.Package == x:
			hits = append(hits, c)
		}
	}
	for _, c := range hits {
		add(c, scoreDotted/float64(len(hits)), m)
		addReceiver(s, c, m, add)
	}
	return len(hits) > 0
}

// addReceiver links the type named as the qualifier of "Type.Method": the
// text refers to the type explicitly, whatever its name looks like.
func addReceiver(s *graph.Store, member *graph.Node, m mention, add func(*graph.Node, float64, mention)) {
	if member.Receiver == "" {
		return
	}
	var types []*graph.Node
	for _, t := range s.ByName(member.Receiver) {
		if t.Receiver == "" && t.Package == member.Package && t.Kind != graph.KindMethod {
			types = append(types, t)
		}
	}
	for _, t := range types {
		add(t, scoreBareCode/float64(len(types)), m)
	}
}

// resolveBare handles a lone identifier: plain words and short names count
// only inside code; a common name (one lower-case word, or shorter than
// four characters) only where the section also names its type, package or
// folder; a manifest's kind only types; a symbol that needs its place
// named (needsPlace: a name from outside, a field, a constant of one word)
// only where the section names it, though it still counts among the
// name's holders. A name shared by several symbols splits its score, where
// copies of one type in several API versions count once, the newest
// first; tests and vendored copies take a lower weight than the
// repository's own code.
func resolveBare(s *graph.Store, id string, m mention, add func(*graph.Node, float64, mention)) {
	if !m.inCode && isPlainWord(id) {
		return
	}
	hits := handwritten(s, s.ByName(id))
	if m.kindOnly || (!m.kindLine && m.ctx.showsKind(id)) {
		hits = apiTypes(typesOf(hits))
	}
	// A symbol that needs its place named and is not placed is no link,
	// but still one more holder of the name: the name stays as ambiguous
	// as it is for the others.
	linkable := hits
	if isWeakMember(id) {
		hits = m.ctx.owned(hits)
		linkable = hits
	} else {
		linkable = m.ctx.placedWhere(hits, func(n *graph.Node) bool { return m.ctx.needsPlace(n, id) })
	}
	if len(hits) > 1 && m.ctx != nil {
		if pref := m.ctx.prefer(hits); len(pref) > 0 {
			hits = pref
		}
	}
	if len(hits) == 0 || len(hits) > maxShared {
		return
	}
	score := scoreBareProse
	switch {
	case m.kindOnly:
		score = scoreKind
	case m.inCode:
		score = scoreBareCode
	}
	shares, weights := versionShares(hits), placeWeights(s, hits)
	for i, c := range hits {
		if slices.Contains(linkable, c) {
			add(c, score*shares[i]*weights[i], m)
		}
	}
}

// typesOf keeps the types and interfaces of hits.
func typesOf(hits []*graph.Node) []*graph.Node {
	var out []*graph.Node
	for _, n := range hits {
		if n.Receiver == "" && (n.Kind == graph.KindType || n.Kind == graph.KindInterface) {
			out = append(out, n)
		}
	}
	return out
}

// apiTypes keeps the hits in API version folders when there are any: a
// manifest's kind names a serialised API object, which is declared in a
// version folder, not a same-named webhook or controller type.
func apiTypes(hits []*graph.Node) []*graph.Node {
	var out []*graph.Node
	for _, n := range hits {
		if _, v := versionKey(n); v != nil {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return hits
	}
	return out
}

// placeWeights returns the weight of each hit by where it lives
// (place.Place.Weight): a test helper or a generated copy that shares the name
// still takes its share, so that the name stays as ambiguous as it is,
// but ranks below the repository's own code.
func placeWeights(s *graph.Store, hits []*graph.Node) []float64 {
	w := make([]float64, len(hits))
	for i, n := range hits {
		w[i] = place.Of(s, n).Weight()
	}
	return w
}

// text renders the mention as written (without its code markers).
func (m mention) text() string {
	if m.prefix != "" {
		return m.prefix + "." + strings.Join(m.parts[1:], ".")
	}
	return strings.Join(m.parts, ".")
}
