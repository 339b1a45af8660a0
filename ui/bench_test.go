package ui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"

	"github.com/gortex/gortex/docs"
)

// BenchmarkPages times each page rendered warm (the view loaded, the map
// built, the audit done, the page asked once before) through the page's
// handler, guards included. It serves a copy of the fixture, or the
// repository GORTEX_UI_BENCH_DIR names (indexed there: give a copy, such
// as one of GOROOT/src), searched for GORTEX_UI_BENCH_QUERY.
func BenchmarkPages(b *testing.B) {
	dir := os.Getenv("GORTEX_UI_BENCH_DIR")
	if dir == "" {
		dir = fixture(b, nil)
	}
	q := os.Getenv("GORTEX_UI_BENCH_QUERY")
	if q == "" {
		q = "integer cents"
	}
	s := newServer(b, dir)
	st, err := s.state(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	st.findings(context.Background())
	<-st.auditDone
	h := s.Handler(HTTPOptions{Token: testToken})
	for _, p := range benchPages(st, q) {
		b.Run(p.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, p.path, nil)
			req.Host = "127.0.0.1"
			req.Header.Set("Authorization", "Bearer "+testToken)
			serve(b, h, req) // warm
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				serve(b, h, req)
			}
		})
	}
}

func serve(b *testing.B, h http.Handler, req *http.Request) {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		b.Fatalf("%s: status %d: %.200s", req.URL, w.Code, w.Body)
	}
}

// benchPage is a page to time.
type benchPage struct{ name, path string }

// benchPages are the pages of st to time: the map, its largest folder,
// the largest symbol down the largest folders, an ADR (else the first
// document), the decisions, and a search for q.
func benchPages(st *state, q string) []benchPage {
	t := st.treemap()
	a := t.root
	out := []benchPage{{"map", "/map"}}
	if len(a.Children) > 0 {
		out = append(out, benchPage{"map_folder", mapHref(a.Children[0].Path)})
	}
	for a.Kind != kindSymbol && len(a.Children) > 0 {
		a = a.Children[0]
	}
	if a.Kind == kindSymbol {
		out = append(out, benchPage{"symbol", symbolHref(string(a.ID))})
	}
	lib := st.library()
	if l := lib.List(docs.ListOptions{Kind: "adr", Limit: 1}); len(l.Docs) > 0 {
		out = append(out, benchPage{"document", docHref(l.Docs[0].Path, 0)})
	} else if ps := lib.Paths(); len(ps) > 0 {
		out = append(out, benchPage{"document", docHref(ps[0], 0)})
	}
	return append(out, benchPage{"decisions", "/decisions"}, benchPage{"search", "/search?" + url.Values{"q": {q}}.Encode()})
}
