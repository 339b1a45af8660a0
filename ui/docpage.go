package ui

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// docView is a document's page: each section beside the code it covers,
// and the sections that link to nothing.
type docView struct {
	Info     docs.Info
	Status   string
	Sections []docSection
	Unlinked []docSection
	Note     string
}

// docSection is one section of the document with the code whose
// strongest link from the document comes from it (change.Covers).
type docSection struct {
	docs.Section
	Name   string // its own heading
	Covers []change.Covered
	Linked bool // any motivates link leaves it
}

func (s *Server) docPage(w http.ResponseWriter, r *http.Request) {
	p := strings.TrimSpace(r.URL.Query().Get("path"))
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, err)
		return
	}
	lib := st.library()
	secs, err := lib.Document(p)
	var nd *docs.NoDocumentError
	if errors.As(err, &nd) || p == "" {
		http.Error(w, "no document "+p, http.StatusNotFound)
		return
	} else if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	cov, err := change.Covers(lib, st.Store(), secs[0].Path)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	v := docView{Info: docs.InfoOf(secs), Status: rationale.StatusOf(secs[0]), Note: cov.Note}
	ids := make([]string, len(secs))
	for i, n := range secs {
		ids[i] = string(n.ID)
	}
	read, err := lib.Sections(ids, false)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	for i, sec := range read.Sections {
		ds := docSection{Section: sec, Name: secs[i].Name, Linked: len(st.Store().Out(secs[i].ID, graph.EdgeMotivates)) > 0}
		for _, c := range cov.Targets {
			if c.Section == sec.ID {
				ds.Covers = append(ds.Covers, c)
			}
		}
		v.Sections = append(v.Sections, ds)
		if !ds.Linked {
			v.Unlinked = append(v.Unlinked, ds)
		}
	}
	s.render(w, "doc.html", st.frame(v.Info.Title, "decisions", v))
}
