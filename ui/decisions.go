package ui

import (
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
)

// decision is one memory or ADR as the decisions page lists it.
type decision struct {
	Anchor  string // the element id: m-ID for a memory, the ADR's path for a document
	Href    string // a document's page; "" for a memory (its body is shown)
	Title   string
	Kind    string // adr, or the memory's kind
	Status  string // the ADR's status, or live / superseded for a memory
	Live    bool
	Stale   bool
	Date    time.Time
	Body    string
	Chain   []link // what supersedes it, then what supersedes that, ...
	Basis   string
	Anchors []link // a memory's symbols
}

// link is one step of a supersession chain.
type link struct{ Title, Href string }

// decisionsView is the decisions page's body.
type decisionsView struct {
	Rows                 []decision
	Total                int
	Kinds, Statuses      []string
	Kind, Status, Filter string
}

func (s *Server) decisionsPage(w http.ResponseWriter, r *http.Request) {
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, err)
		return
	}
	q := r.URL.Query()
	v := decisionsView{Kind: q.Get("kind"), Status: q.Get("status"), Filter: strings.TrimSpace(q.Get("q"))}
	all := append(adrs(st.library()), memories(st.Memories.All())...)
	kinds, statuses := map[string]bool{}, map[string]bool{}
	for _, d := range all {
		kinds[d.Kind], statuses[d.Status] = true, true
		if keep(d, v) {
			v.Rows = append(v.Rows, d)
		}
	}
	v.Total, v.Kinds, v.Statuses = len(all), sortedKeys(kinds), sortedKeys(statuses)
	s.render(w, "decisions.html", st.frame("Decisions", "decisions", v))
}

// keep reports whether d passes the page's filter.
func keep(d decision, v decisionsView) bool {
	f := strings.ToLower(v.Filter)
	return (v.Kind == "" || d.Kind == v.Kind) && (v.Status == "" || d.Status == v.Status) &&
		(f == "" || strings.Contains(strings.ToLower(d.Title+" "+d.Body), f))
}

// adrs lists the ADRs of lib, newest change first.
func adrs(lib *docs.Library) []decision {
	list := lib.List(docs.ListOptions{Kind: string(rationale.AssetADR)})
	titles := map[string]string{}
	for _, in := range list.Docs {
		titles[in.Path] = in.Title
	}
	var out []decision
	for _, in := range list.Docs {
		secs, err := lib.Document(in.Path)
		if err != nil {
			continue
		}
		d := decision{Anchor: in.Path, Href: docHref(in.Path, 0), Title: in.Title, Kind: string(rationale.AssetADR),
			Status: rationale.StatusOf(secs[0]), Live: in.SupersededBy == "", Date: secs[0].Updated, Body: in.Purpose}
		if d.Status == "" {
			d.Status = "unknown"
		}
		seen := map[string]bool{in.Path: true}
		for next := in.SupersededBy; next != "" && !seen[next]; {
			seen[next] = true
			t := titles[next]
			if t == "" {
				t = next
			}
			d.Chain = append(d.Chain, link{Title: t, Href: docHref(next, 0)})
			nsecs, err := lib.Document(next)
			if err != nil {
				break
			}
			next = rationale.SupersededBy(nsecs[0])
		}
		out = append(out, d)
	}
	sortDecisions(out)
	return out
}

// memories lists mems, newest first.
func memories(mems []*memory.Memory) []decision {
	byID := map[memory.ID]*memory.Memory{}
	for _, m := range mems {
		byID[m.ID] = m
	}
	var out []decision
	for _, m := range mems {
		d := decision{Anchor: "m-" + string(m.ID), Title: m.Title, Kind: string(m.Kind), Status: "live", Live: m.Live(),
			Stale: m.Stale(), Date: m.Created, Body: m.Body, Basis: string(m.Basis)}
		if !m.Live() {
			d.Status = "superseded"
		}
		for _, a := range m.Symbols {
			d.Anchors = append(d.Anchors, link{Title: a.Written, Href: symbolHref(string(a.ID))})
		}
		seen := map[memory.ID]bool{m.ID: true}
		for next := m.SupersededBy; next != "" && !seen[next]; {
			seen[next] = true
			t := string(next)
			if n := byID[next]; n != nil {
				t = n.Title
			}
			d.Chain = append(d.Chain, link{Title: t, Href: "#m-" + string(next)})
			if n := byID[next]; n != nil {
				next = n.SupersededBy
			} else {
				break
			}
		}
		out = append(out, d)
	}
	sortDecisions(out)
	return out
}

// sortDecisions orders newest first, then by title.
func sortDecisions(ds []decision) {
	sort.SliceStable(ds, func(i, j int) bool {
		if !ds[i].Date.Equal(ds[j].Date) {
			return ds[i].Date.After(ds[j].Date)
		}
		return ds[i].Title < ds[j].Title
	})
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
