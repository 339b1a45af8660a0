package ui

import (
	"net/http"
	"path"
	"strings"

	"github.com/gortex/gortex/audit"
)

// The map's coordinates: the SVG's viewBox, scaled to the window.
const mapW, mapH = 1000.0, 560.0

// class is how much of a tile reasoning explains: a colour, a pattern and
// a word, so that the map reads without colour.
type class struct {
	Key   string // the CSS class and pattern: none, low, some, well
	Label string
}

// The classes by share of lines explained. They are a judgement, not a
// measurement: under a tenth, what explains a folder is a stray symbol or
// two and the rest has nothing written about it, so it reads as
// unexplained; from two thirds on, most of the code is explained. The
// tile's label gives the share itself.
var (
	classNone = class{"none", "unexplained"}
	classLow  = class{"low", "little explained"}
	classSome = class{"some", "partly explained"}
	classWell = class{"well", "explained"}
	classes   = []class{classWell, classSome, classLow, classNone}
)

func classOf(share float64) class {
	switch {
	case share < 0.1:
		return classNone
	case share < 1.0/3:
		return classLow
	case share < 2.0/3:
		return classSome
	}
	return classWell
}

// tile is one area of the map laid out.
type tile struct {
	*area
	R        rect
	Class    class
	Href     string
	Findings int  // cautions the audit found in it
	Label    bool // whether the tile is large enough to carry its name
	Short    string
}

// mapView is the map page's body.
type mapView struct {
	At       *area
	Trail    []*area
	Tiles    []tile
	Classes  []class
	W, H     float64
	Findings []audit.Finding // cautions under At, most important first
	More     int             // cautions under At beyond those shown
	Auditing bool            // the audit still runs
	AuditErr string
}

// maxMapTiles bounds the tiles drawn: past it the rest are too small to
// see; the table lists every child.
const maxMapTiles = 400

// maxMapFindings bounds the findings listed under the map.
const maxMapFindings = 20

func (s *Server) mapPage(w http.ResponseWriter, r *http.Request) {
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, err)
		return
	}
	t := st.treemap()
	at, ok := t.at(r.URL.Query().Get("path"))
	if !ok {
		http.Error(w, "no folder or file with code at that path", http.StatusNotFound)
		return
	}
	rep, aerr := st.findings(r.Context())
	v := mapView{At: at, Trail: t.trail(at), Classes: classes, W: mapW, H: mapH, Auditing: rep == nil && aerr == nil}
	if aerr != nil {
		v.AuditErr = aerr.Error()
	}
	counts := st.findingCounts(rep)
	kids := at.Children[:min(len(at.Children), maxMapTiles)]
	weights := make([]float64, len(kids))
	for i, c := range kids {
		weights[i] = float64(c.Lines)
	}
	for i, rc := range squarify(weights, rect{0, 0, mapW, mapH}) {
		c := kids[i]
		tl := tile{area: c, R: rc, Class: classOf(c.Share()), Label: rc.W > 70 && rc.H > 34}
		tl.Short = shorten(c.Name, int(rc.W/9))
		if c.Kind == kindSymbol {
			tl.Href, tl.Findings = symbolHref(string(c.ID)), counts["id:"+string(c.ID)]
		} else {
			tl.Href, tl.Findings = mapHref(c.Path), counts[c.Path]
		}
		v.Tiles = append(v.Tiles, tl)
	}
	if rep != nil {
		v.Findings, v.More = findingsUnder(rep, at.Path)
	}
	s.render(w, "map.html", st.frame(title(at), "map", v))
}

// title names a map page.
func title(a *area) string {
	if a.Path == "" {
		return "Map"
	}
	return a.Path
}

// shorten cuts name to n runes with an ellipsis.
func shorten(name string, n int) string {
	rs := []rune(name)
	if n < 2 || len(rs) <= n {
		return name
	}
	return string(rs[:n-1]) + "…"
}

// findingCounts counts the report's cautions per file, folder ("" is the
// whole repository) and symbol ("id:" and its ID).
func (st *state) findingCounts(rep *audit.Report) map[string]int {
	if rep == nil {
		return nil
	}
	st.countOnce.Do(func() {
		st.counts = map[string]int{}
		for _, f := range rep.Findings {
			if f.Severity != audit.SeverityCaution {
				continue
			}
			if f.Symbol.ID != "" {
				st.counts["id:"+f.Symbol.ID]++
			}
			for p := f.Symbol.Path; p != "." && p != "/" && p != ""; p = path.Dir(p) {
				st.counts[p]++
			}
			st.counts[""]++
		}
	})
	return st.counts
}

// findingsUnder returns the first cautions of rep under p, and how many
// more there are.
func findingsUnder(rep *audit.Report, p string) ([]audit.Finding, int) {
	var out []audit.Finding
	more := 0
	for _, f := range rep.Findings {
		if f.Severity != audit.SeverityCaution || (p != "" && f.Symbol.Path != p && !strings.HasPrefix(f.Symbol.Path, p+"/")) {
			continue
		}
		if len(out) == maxMapFindings {
			more++
			continue
		}
		out = append(out, f)
	}
	return out, more
}
