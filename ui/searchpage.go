package ui

import (
	"net/http"
	"strings"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/query"
)

// searchView is the search page's body: gortex search's hits, each with
// the page it opens.
type searchView struct {
	Result docs.Result
	Hrefs  []string
	Err    string
}

// searchLimit is the hits a search page lists.
const searchLimit = 30

func (s *Server) searchPage(w http.ResponseWriter, r *http.Request) {
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, err)
		return
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	var v searchView
	if q != "" {
		if err := query.CheckLength(q); err != nil {
			v.Err = err.Error()
		} else if v.Result, err = st.library().Search(r.Context(), q, docs.ScopeAll, searchLimit); err != nil {
			v.Err = err.Error()
		}
	}
	for _, h := range v.Result.Hits {
		v.Hrefs = append(v.Hrefs, hitHref(h))
	}
	f := st.frame("Search", "search", v)
	f.Query = q
	s.render(w, "search.html", f)
}

// hitHref is the page a search hit opens.
func hitHref(h docs.Hit) string {
	switch h.Kind {
	case "symbol":
		return symbolHref(h.ID)
	case "section":
		return docHref(h.Path, h.Line)
	case "memory":
		return decisionHref(h.ID)
	}
	return ""
}
