package ui

import (
	"net/http"
	"sort"
	"strings"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/query"
)

// symbolView is a symbol's page: its why answer, as text the CLI would
// print too, and the callers that rest on it.
type symbolView struct {
	Answer  *query.Answer
	Text    string // the answer as gortex why prints it
	Callers []caller
	Trail   []*area
}

// caller is one function that calls the symbol.
type caller struct {
	ID, Name, Path string
	Line           int
}

// maxCallers bounds the callers listed.
const maxCallers = 50

func (s *Server) symbolPage(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("id"))
	if q == "" {
		http.Error(w, "give a symbol: /symbol?id=NAME", http.StatusBadRequest)
		return
	}
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, err)
		return
	}
	qo := st.QueryOptions()
	if ci, err := st.OpenContent(); err == nil {
		defer ci.Close()
		qo.Searcher = ci
	}
	t := query.Classify(st.Store(), q, qo.Root, qo.WorkDir)
	if n, ok := st.Store().Node(graph.NodeID(q)); ok {
		t = query.NodeTarget(q, n) // a link of the page names the node itself
	}
	a, werr := query.Why(r.Context(), st.Store(), t, qo)
	if werr != nil {
		http.Error(w, "why "+q+": "+werr.Error(), http.StatusInternalServerError)
		return
	}
	v := symbolView{Answer: a}
	if a.Status == query.StatusAnswered && a.Symbol != nil && a.Kind == "" {
		f, ferr := audit.ForSymbol(r.Context(), audit.Input{Store: st.Store(), Memories: st.Memories, History: st.History}, graph.NodeID(a.Symbol.ID))
		if ferr == nil {
			a.Finding = f
		}
		v.Callers = callersOf(st.Store(), graph.NodeID(a.Symbol.ID))
		if file, ok := st.treemap().at(a.Symbol.Path); ok {
			v.Trail = st.treemap().trail(file)
		}
	}
	var b strings.Builder
	if err := query.Render(&b, a, query.FormatText, query.RenderOptions{}); err == nil {
		v.Text = b.String()
	}
	name := q
	if a.Symbol != nil {
		name = a.Symbol.Qualified
	}
	s.render(w, "symbol.html", st.frame(name, "map", v))
}

// callersOf returns the functions that call id, by path and line.
func callersOf(s *graph.Store, id graph.NodeID) []caller {
	var out []caller
	seen := map[graph.NodeID]bool{}
	for _, e := range s.In(id, graph.EdgeCalls) {
		n, ok := s.Node(e.From)
		if !ok || seen[n.ID] || n.ID == id {
			continue
		}
		seen[n.ID] = true
		name := n.Qualified
		if name == "" {
			name = n.Name
		}
		out = append(out, caller{ID: string(n.ID), Name: name, Path: n.Path, Line: n.Line})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Line < out[j].Line
	})
	return out[:min(len(out), maxCallers)]
}
