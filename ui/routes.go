package ui

import (
	"bytes"
	"net/http"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/gortex/gortex/memory"
)

// assetNames are the files under /assets/, the only ones served.
var assetNames = map[string]string{
	"style.css": "text/css; charset=utf-8",
	"app.js":    "text/javascript; charset=utf-8",
}

// routes is the page's mux: GET (and HEAD) of its pages and assets; any
// other path is 404 and any other method 405. A visit with ?token= (which
// the guard checked) sets the token's cookie and comes back without it.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.mapPage)
	mux.HandleFunc("GET /map", s.mapPage)
	mux.HandleFunc("GET /symbol", s.symbolPage)
	mux.HandleFunc("GET /doc", s.docPage)
	mux.HandleFunc("GET /decisions", s.decisionsPage)
	mux.HandleFunc("GET /search", s.searchPage)
	mux.HandleFunc("GET /assets/{name}", asset)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if path.Clean(r.URL.Path) != r.URL.Path {
			http.NotFound(w, r) // no path is reached through dots or doubled slashes
			return
		}
		if r.URL.Query().Has("token") {
			// Keep it in a cookie, out of the address bar and history.
			http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: r.URL.Query().Get("token"), Path: "/",
				HttpOnly: true, SameSite: http.SameSiteStrictMode})
			q := r.URL.Query()
			q.Del("token")
			http.Redirect(w, r, (&url.URL{Path: r.URL.Path, RawQuery: q.Encode()}).String(), http.StatusSeeOther)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// asset serves one embedded file.
func asset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	ctype, ok := assetNames[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	b, err := assetFS.ReadFile("assets/" + name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "max-age=3600")
	_, _ = w.Write(b)
}

// render executes page name with data into w, or says what failed.
func (s *Server) render(w http.ResponseWriter, name string, data any) {
	var b bytes.Buffer
	if err := s.pages.ExecuteTemplate(&b, name, data); err != nil {
		s.log.Error("render a page", "page", name, "err", err)
		http.Error(w, "render "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b.Bytes())
}

// fail answers a request the session could not serve.
func (s *Server) fail(w http.ResponseWriter, err error) {
	s.log.Error("load the view", "err", err)
	http.Error(w, "gortex: "+err.Error(), http.StatusServiceUnavailable)
}

// frame is what every page shows around its body.
type frame struct {
	Title string
	Repo  string // the repository's folder name
	Nav   string // the page's tab: map, decisions, search
	Query string // the search box's text
	Gen   uint64
	Body  any
}

func (st *state) frame(title, nav string, body any) frame {
	return frame{Title: title, Repo: filepath.Base(st.Root), Nav: nav, Gen: st.Gen, Body: body}
}

// mapHref is the link to the map at a folder or file.
func mapHref(p string) string {
	if p == "" {
		return "/map"
	}
	return "/map?" + url.Values{"path": {p}}.Encode()
}

// symbolHref is the link to a symbol's page.
func symbolHref(id string) string { return "/symbol?" + url.Values{"id": {id}}.Encode() }

// docHref is the link to a document's page, at a section's line when line
// is not 0.
func docHref(p string, line int) string {
	h := "/doc?" + url.Values{"path": {p}}.Encode()
	if line > 0 {
		h += "#L" + itoa(line)
	}
	return h
}

// decisionHref is the link to a memory on the decisions page.
func decisionHref(id string) string {
	return "/decisions#m-" + strings.TrimPrefix(id, memory.NodePrefix)
}
