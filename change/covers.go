package change

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
	"github.com/gortex/gortex/rationale/place"
)

// Coverage is what covers answers: the code a document, or one section of
// it, explains, strongest link first.
type Coverage struct {
	Doc          string `json:"doc" toon:"doc"`
	Section      string `json:"section,omitempty" toon:"section,omitempty"` // the heading asked for
	Kind         string `json:"kind" toon:"kind"`
	SupersededBy string `json:"superseded_by,omitempty" toon:"superseded_by,omitempty"`
	Count        int    `json:"count" toon:"count"` // targets found, before Limit and Floor
	// Targets are grouped by file, the file of the strongest target first,
	// each file's strongest first.
	Targets []Covered `json:"targets" toon:"targets"`
	Note    string    `json:"note,omitempty" toon:"note,omitempty"`
}

// Covered is one symbol, file or package a document's motivates links
// reach, with the strongest link's signal and score and the section it
// comes from.
type Covered struct {
	ID        string  `json:"id" toon:"id"`
	Qualified string  `json:"qualified" toon:"qualified"`
	Kind      string  `json:"kind" toon:"kind"`
	Path      string  `json:"path" toon:"path"`
	Line      int     `json:"line" toon:"line"`
	Signal    string  `json:"signal" toon:"signal"`
	Score     float64 `json:"score" toon:"score"`
	Section   string  `json:"section" toon:"section"` // the section id of the link
	// Files are the files a package target contains: what a link to a
	// package explains reaches them through it.
	Files []string `json:"files,omitempty" toon:"files,omitempty"`
	// Repo is the repository the target lives in, in an answer from the
	// organisation's store; "" in a repository's own answer.
	Repo string `json:"repo,omitempty" toon:"repo,omitempty"`
	// Place says where the target lives when that is not the repository's
	// own code ("test code", "generated code", "vendored code"): such a
	// target comes after every one in own code, whatever its score.
	Place string `json:"place,omitempty" toon:"place,omitempty"`
}

// Covers walks the motivates links of the document arg names ("PATH" or
// "PATH#SECTION", the section by heading, its slug, or "L27") forward, and
// returns what they reach. A section includes its subsections.
func Covers(lib *docs.Library, s *graph.Store, arg string) (*Coverage, error) {
	p, sec, _ := strings.Cut(arg, "#")
	secs, err := lib.Document(p)
	if err != nil {
		return nil, err
	}
	c := &Coverage{Doc: secs[0].Path, Kind: string(rationale.KindOf(secs[0])),
		SupersededBy: rationale.SupersededBy(secs[0]), Targets: []Covered{}}
	if sec != "" {
		if secs, err = sectionOf(lib, s, secs, sec); err != nil {
			return nil, err
		}
		c.Section = secs[0].Name
	}
	best := map[graph.NodeID]Covered{}
	for _, from := range secs {
		for _, e := range s.Out(from.ID, graph.EdgeMotivates) {
			m, ok := e.Best()
			n, found := s.Node(e.To)
			if !ok || !found {
				continue
			}
			cv := Covered{ID: string(n.ID), Qualified: nameOf(n), Kind: string(n.Kind), Path: n.Path, Line: n.Line,
				Signal: string(m.Signal), Score: round3(m.Score), Section: string(from.ID), Place: placeOf(place.Of(s, n))}
			if n.Kind == graph.KindPackage {
				cv.Files = filesOf(s, n.ID)
			}
			if old, seen := best[n.ID]; !seen || stronger(cv, old) {
				best[n.ID] = cv
			}
		}
	}
	for _, cv := range best {
		c.Targets = append(c.Targets, cv)
	}
	sort.Slice(c.Targets, func(i, j int) bool { return Before(c.Targets[i], c.Targets[j]) })
	c.Count = len(c.Targets)
	if c.Count == 0 {
		c.Note = "no motivates link leaves it: it names no indexed symbol, file or package"
	}
	return c, nil
}

// Before is the order of a coverage's targets: the repository's own code
// before tests, generated and vendored code (a document means the code
// people maintain; a test constant that shares a word of it is no first
// target), then the stronger link, then by repository and ID.
func Before(a, b Covered) bool {
	switch {
	case (a.Place == "") != (b.Place == ""):
		return a.Place == ""
	case stronger(a, b) != stronger(b, a):
		return stronger(a, b)
	case a.Repo != b.Repo:
		return a.Repo < b.Repo
	}
	return a.ID < b.ID
}

// placeOf is a target's Place: "" for the repository's own code.
func placeOf(p place.Place) string {
	if p == place.Own {
		return ""
	}
	return p.String()
}

// PlaceOfPath is the Place of a target known only by its path (an answer
// from the organisation's store), by rationale.PathPlace.
func PlaceOfPath(p string) string { return placeOf(place.OfPath(p)) }

// CoversLimit is how many targets covers lists by default.
const CoversLimit = 30

// Cut keeps the targets scoring at least floor, the strongest limit of
// them (0: all), grouped by file (by repository and file in an answer
// from the organisation's store), and says in Note what it left out.
func (c *Coverage) Cut(limit int, floor float64) {
	kept := c.Targets[:0]
	for _, t := range c.Targets {
		if t.Score >= floor {
			kept = append(kept, t)
		}
	}
	below := len(c.Targets) - len(kept)
	c.Targets = kept
	over := 0
	if limit > 0 && len(c.Targets) > limit {
		over, c.Targets = len(c.Targets)-limit, c.Targets[:limit]
	}
	rank := map[string]int{} // a file's place: its strongest target's
	for i, t := range c.Targets {
		if _, ok := rank[t.fileKey()]; !ok {
			rank[t.fileKey()] = i
		}
	}
	sort.SliceStable(c.Targets, func(i, j int) bool { return rank[c.Targets[i].fileKey()] < rank[c.Targets[j].fileKey()] })
	var parts []string
	if below > 0 {
		parts = append(parts, fmt.Sprintf("%d scoring under %.2f", below, floor))
	}
	if over > 0 {
		parts = append(parts, fmt.Sprintf("%d weaker beyond the first %d (raise the limit for more)", over, limit))
	}
	if len(parts) > 0 {
		c.Note = strings.TrimPrefix(c.Note+"; ", "; ") + "left out: " + strings.Join(parts, ", ")
	}
}

// fileKey is the file a target is grouped under: its path, and its
// repository in an answer from the organisation's store.
func (t Covered) fileKey() string { return t.Repo + "\x00" + t.Path }

// filesOf returns the paths of the files package id contains, sorted.
func filesOf(s *graph.Store, id graph.NodeID) []string {
	var out []string
	for _, e := range s.Out(id, graph.EdgeContains) {
		if n, ok := s.Node(e.To); ok && n.Kind == graph.KindFile {
			out = append(out, n.Path)
		}
	}
	sort.Strings(out)
	return out
}

func stronger(a, b Covered) bool {
	return graph.Stronger(graph.Motivation{Signal: graph.Signal(a.Signal), Score: a.Score},
		graph.Motivation{Signal: graph.Signal(b.Signal), Score: b.Score})
}

// sectionOf returns the section of a document that want names (see
// docs.Library.Section), with its subsections.
func sectionOf(lib *docs.Library, s *graph.Store, secs []*graph.Node, want string) ([]*graph.Node, error) {
	found, err := lib.Section(secs[0].Path, want, true)
	if err != nil {
		return nil, err
	}
	var out []*graph.Node
	for _, sec := range found.Sections {
		if n, ok := s.Node(graph.NodeID(sec.ID)); ok {
			out = append(out, n)
		}
	}
	return out, nil
}

func nameOf(n *graph.Node) string {
	if n.Qualified != "" {
		return n.Qualified
	}
	return n.Name
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }
