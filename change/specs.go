package change

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/rationale"
)

// Specs is what specs answers: the documents a task must read before the
// change. Direct ones state a contract the change affects (a MUST or
// SHALL, a behaviour, an output format, an exit code); related ones give
// context.
type Specs struct {
	Task    string `json:"task" toon:"task"`
	Direct  []Spec `json:"direct" toon:"direct"`
	Related []Spec `json:"related" toon:"related"`
	Backend string `json:"backend" toon:"backend"` // "graph", or the model's backend
	Rounds  int    `json:"rounds,omitempty" toon:"rounds,omitempty"`
	Note    string `json:"note,omitempty" toon:"note,omitempty"`
}

// Spec is one document to read, with a one-sentence reason.
type Spec struct {
	ID      string `json:"id" toon:"id"` // the document's path
	Kind    string `json:"kind" toon:"kind"`
	Title   string `json:"title" toon:"title"`
	Section string `json:"section,omitempty" toon:"section,omitempty"` // the section to start at, as an id
	Reason  string `json:"reason" toon:"reason"`
}

// specPool is how many sections the task's words are searched for: the
// documents of a task are few, and a long tail only adds noise.
const specPool = 20

// specFloor keeps a searched section when it scores at least this share
// of the best one (Bleve scores are relative to the query), or when it
// matches at least half of the task's words: a short ADR that states the
// rule scores far below a long design section that repeats one word.
const specFloor = 0.35

// normative finds a contract in a section: RFC 2119 keywords, or a
// behaviour stated as an output format or exit status.
var normative = textutil.Regexp(`\b(MUST|SHALL|REQUIRED|MUST NOT|SHALL NOT)\b|(?i)\bexit (code|status)\b|(?i)\boutput format\b`)

// RelatedLimit is how many related documents specs lists by default:
// context, ranked, not every document that shares a word.
const RelatedLimit = 10

// contractHeading names the sections that are a contract by what their
// document is: an accepted ADR's decision, an RFC's or a design's
// proposal, a specification's requirements.
var contractHeading = sync.OnceValue(func() map[rationale.AssetKind]*regexp.Regexp {
	return map[rationale.AssetKind]*regexp.Regexp{
		rationale.AssetADR:    regexp.MustCompile(`(?i)^decisions?( outcome)?$`),
		rationale.AssetRFC:    regexp.MustCompile(`(?i)^(proposal|proposed (change|design|solution)|detailed design|design)$`),
		rationale.AssetDesign: regexp.MustCompile(`(?i)^(proposal|proposed (change|design|solution)|detailed design)$`),
		rationale.AssetSpec:   regexp.MustCompile(`(?i)^(requirements?|specification)$`),
	}
})

// standing are the statuses under which a document's contract binds: an
// ADR must be accepted; an RFC, design or spec must not be rejected or
// withdrawn ("" when it states none).
var adrStanding = map[string]bool{"accepted": true, "approved": true, "adopted": true, "implemented": true}
var notStanding = map[string]bool{"rejected": true, "withdrawn": true, "declined": true, "deprecated": true,
	"superseded": true, "replaced": true, "abandoned": true}

// contractOf returns what makes sec a contract: its normative words (RFC
// 2119 keywords, an output format, an exit status), else, for a section
// that is one by what its document is, that kind ("accepted decision").
func contractOf(sec *graph.Node) string {
	if m := normative().FindString(sec.Text); m != "" {
		return m
	}
	kind := rationale.AssetKind(sec.Attr(rationale.AttrAssetKind))
	re, status := contractHeading()[kind], strings.ToLower(sec.Attr(rationale.AttrStatus))
	if re == nil || notStanding[status] || (kind == rationale.AssetADR && !adrStanding[status]) {
		return ""
	}
	heads := append([]string{sec.Name}, sec.HeadingPath...)
	if !slices.ContainsFunc(heads, func(h string) bool { return re.MatchString(strings.TrimSpace(h)) }) {
		return ""
	}
	switch kind {
	case rationale.AssetADR:
		return "an accepted decision"
	case rationale.AssetSpec:
		return "its requirements"
	}
	return "its proposal"
}

// candidate is a document the graph finds for a task, and why.
type candidate struct {
	path     string
	section  *graph.Node // the strongest reason's section
	score    float64
	contract string   // the normative words its section states, "" for none
	linked   []string // symbols of the paths it motivates
	terms    []string // the task's words it matched, as the section writes them
	keys     []string // the same, analysed: "makes" and "Make" are one word
}

// GraphSpecs answers from the graph: the documents motivating the symbols
// of paths, and the sections the task's words find with sr (nil for none);
// at most related related documents, the strongest (0: all).
func GraphSpecs(ctx context.Context, lib *docs.Library, s *graph.Store, sr query.Searcher, task string, paths []string, related int) (*Specs, error) {
	cands := map[string]*candidate{}
	get := func(sec *graph.Node) *candidate {
		c := cands[sec.Path]
		if c == nil {
			c = &candidate{path: sec.Path}
			cands[sec.Path] = c
		}
		return c
	}
	if len(paths) > 0 {
		for n := range s.Nodes() {
			if !(n.Kind.IsSymbol() || n.Kind == graph.KindFile) || !under(n.Path, paths) {
				continue
			}
			// A link is worth its score shared among the documents that
			// link the same symbol: a name every document mentions (an
			// associated type Value) tells them apart by nothing.
			var secs []*graph.Node
			var scores []float64
			docs := map[string]bool{}
			for _, e := range s.In(n.ID, graph.EdgeMotivates) {
				sec, ok := s.Node(e.From)
				m, best := e.Best()
				if !ok || !best || sec.Kind != graph.KindDoc || !informs(sec) {
					continue
				}
				secs, scores, docs[sec.Path] = append(secs, sec), append(scores, m.Score), true
			}
			for i, sec := range secs {
				c := get(sec)
				c.linked = appendNew(c.linked, nameOf(n))
				c.consider(sec, scores[i]/float64(len(docs)), nil)
			}
		}
	}
	if sr != nil && strings.TrimSpace(task) != "" {
		hits, err := sr.Search(ctx, task, specPool)
		if err != nil {
			return nil, fmt.Errorf("search the task's words: %w", err)
		}
		words, top := sr.Analyze(task), 0.0
		texts := map[string]string{}
		docText := func(p string) string { // every section's text, once a document
			if t, ok := texts[p]; ok {
				return t
			}
			var b strings.Builder
			if secs, err := lib.Document(p); err == nil {
				for _, sec := range secs {
					b.WriteString(sec.Name + ".\n" + sec.Text + "\n\n")
				}
			}
			texts[p] = b.String()
			return texts[p]
		}
		for _, h := range hits {
			top = max(top, h.Score)
		}
		for _, h := range hits {
			sec, ok := s.Node(h.ID)
			if !ok || sec.Kind != graph.KindDoc || !informs(sec) || (h.Score < specFloor*top && 2*len(h.Terms) < len(words)) {
				continue
			}
			terms := sameSense(sr.Analyze, task, sec, docText(sec.Path), h.Terms)
			if len(terms) == 0 {
				continue // every word it shares is another sense of the task's
			}
			get(sec).consider(sec, h.Score/top*float64(len(terms))/float64(len(h.Terms)), terms)
		}
	}
	return classify(lib, task, cands, related), nil
}

// informs reports whether a section may bind or inform a change: a
// changelog says what changed, a generated reference what the code says of
// itself, test data nothing.
func informs(sec *graph.Node) bool {
	switch rationale.AssetKind(sec.Attr(rationale.AttrAssetKind)) {
	case rationale.AssetChangelog, rationale.AssetReference, rationale.AssetTestData:
		return false
	}
	return true
}

// consider takes sec as a reason for c when it is stronger than the one c
// has: a section stating a contract wins, then the score.
func (c *candidate) consider(sec *graph.Node, score float64, terms []sensed) {
	contract := contractOf(sec)
	better := c.section == nil || (contract != "" && c.contract == "") ||
		((contract != "") == (c.contract != "") && score > c.score)
	if better {
		c.section, c.contract = sec, contract
	}
	c.score = max(c.score, score)
	for _, t := range terms {
		if !slices.Contains(c.keys, t.term) {
			c.terms, c.keys = append(c.terms, t.written), append(c.keys, t.term)
		}
	}
}

// classify sorts the candidates into direct and related, strongest first.
func classify(lib *docs.Library, task string, cands map[string]*candidate, related int) *Specs {
	out := &Specs{Task: task, Direct: []Spec{}, Related: []Spec{}, Backend: "graph"}
	list := make([]*candidate, 0, len(cands))
	for _, c := range cands {
		list = append(list, c)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].score != list[j].score {
			return list[i].score > list[j].score
		}
		return list[i].path < list[j].path
	})
	for _, c := range list {
		secs, err := lib.Document(c.path)
		if err != nil {
			continue
		}
		info := docs.InfoOf(secs)
		sp := Spec{ID: c.path, Kind: info.Kind, Title: info.Title, Section: string(c.section.ID)}
		if c.direct(info) {
			sp.Reason = c.directReason(info)
			out.Direct = append(out.Direct, sp)
		} else {
			sp.Reason = c.relatedReason(info)
			out.Related = append(out.Related, sp)
		}
	}
	switch {
	case len(list) == 0:
		out.Note = "no document motivates the paths or matches the task's words"
	case related > 0 && len(out.Related) > related:
		out.Note = fmt.Sprintf("%d more related documents left out, weaker than these", len(out.Related)-related)
		out.Related = out.Related[:related]
	}
	return out
}

// direct reports whether a candidate's contract binds the change: a live
// ADR, RFC, spec or design document whose section states a rule.
// It must be tied to the task by a path it explains or by two of the
// task's words: one shared word ("make") is not a task's subject.
func (c *candidate) direct(info docs.Info) bool {
	switch rationale.AssetKind(info.Kind) {
	case rationale.AssetADR, rationale.AssetRFC, rationale.AssetSpec, rationale.AssetDesign:
		return info.SupersededBy == "" && c.contract != "" && (len(c.linked) > 0 || len(c.keys) >= 2)
	}
	return false
}

func (c *candidate) directReason(info docs.Info) string {
	return fmt.Sprintf("Its section %q states a contract (%s)%s.", c.section.Name, c.contract, c.because())
}

func (c *candidate) relatedReason(info docs.Info) string {
	if info.SupersededBy != "" {
		return fmt.Sprintf("Superseded by %s, it gives the history%s.", info.SupersededBy, c.because())
	}
	return fmt.Sprintf("Its section %q gives context%s.", c.section.Name, c.because())
}

// because says what tied the document to the task.
func (c *candidate) because() string {
	var parts []string
	if len(c.linked) > 0 {
		parts = append(parts, "explains "+strings.Join(firstN(c.linked, 3), ", "))
	}
	if len(c.terms) > 0 {
		parts = append(parts, "matches "+strings.Join(firstN(c.terms, 4), ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return " and " + strings.Join(parts, " and ")
}

func firstN(s []string, n int) []string { return s[:min(len(s), n)] }

func appendNew(s []string, vs ...string) []string {
	for _, v := range vs {
		found := false
		for _, x := range s {
			found = found || x == v
		}
		if !found {
			s = append(s, v)
		}
	}
	return s
}
