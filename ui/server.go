package ui

import (
	"context"
	"embed"
	"html/template"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/gortex/gortex/internal/httpguard"
	"github.com/gortex/gortex/workspace"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed assets
var assetFS embed.FS

// Server is the web page of one repository's session. It is safe for
// concurrent use.
type Server struct {
	sess  *workspace.Session
	log   *slog.Logger
	pages *template.Template

	mu  sync.Mutex
	cur *state // the derived tables of the newest view seen
}

// Options configure a Server.
type Options struct {
	Log *slog.Logger // nil discards
}

// New returns the page over sess, a long session (the caller may Watch it).
func New(sess *workspace.Session, o Options) *Server {
	log := o.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Server{sess: sess, log: log, pages: template.Must(template.New("").Funcs(funcs).ParseFS(templateFS, "templates/*.html"))}
}

// defaultAddr is where the page listens unless told: loopback, a free port.
const defaultAddr = "127.0.0.1:0"

// HTTPOptions configure Serve.
type HTTPOptions struct {
	// Addr is host:port; an empty host is 127.0.0.1 and port 0 a free one;
	// "" is 127.0.0.1:0.
	Addr string
	// Token is asked of every request (see Handler), on loopback too: any
	// account on the machine can reach a loopback port. Serve makes one
	// when it is empty.
	Token string
	// AllowOrigins are origins accepted besides the loopback ones.
	AllowOrigins []string
}

// Serve serves the page until ctx is done. ready, when not nil, is called
// with the page's URL once the server listens, the token in it for the
// first visit.
func (s *Server) Serve(ctx context.Context, o HTTPOptions, ready func(url string)) error {
	if o.Addr == "" {
		o.Addr = defaultAddr
	}
	addr, err := httpguard.ListenAddr(o.Addr)
	if err != nil {
		return err
	}
	if o.Token == "" {
		o.Token = httpguard.NewToken()
	}
	o.Addr = addr
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	defer s.sess.Wait()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.sess.Within(ctx)
	s.sess.Watch(ctx)
	go s.warm(ctx)
	if ready != nil {
		ready("http://" + ln.Addr().String() + "/?" + url.Values{"token": {o.Token}}.Encode())
	}
	return httpguard.Serve(ctx, ln, s.Handler(o), 0, 2*time.Minute)
}

// warm loads the first view and starts its audit, so that the first page
// does not wait for the index.
func (s *Server) warm(ctx context.Context) {
	if _, err := s.state(ctx); err != nil && ctx.Err() == nil {
		s.log.Error("load the index", "err", err)
	}
}

// tokenCookie carries the token of a browser that opened the page's URL
// with ?token=.
const tokenCookie = "gortex_token"

// Handler is the page behind httpguard's checks (on loopback a foreign
// Host is refused, and a foreign Origin anywhere; a request must carry the
// token: ?token= on the first visit, then the cookie that visit set, or
// the Authorization header) and the page's own: GET and HEAD only, its
// routes only. Without a token it refuses every request.
func (s *Server) Handler(o HTTPOptions) http.Handler {
	if o.Addr == "" {
		o.Addr = defaultAddr
	}
	g := httpguard.Options{Token: o.Token, TokenOf: tokenOf, Unauthorized: "(open the URL gortex ui printed, with its token)",
		Addr: o.Addr, AllowOrigins: o.AllowOrigins, MaxBody: 1 << 10, Timeout: time.Minute}
	return httpguard.Handler(g, s.routes())
}

// tokenOf is the token a browser's request carries.
func tokenOf(r *http.Request) string {
	if t := r.URL.Query().Get("token"); t != "" {
		return t
	}
	if c, err := r.Cookie(tokenCookie); err == nil {
		return c.Value
	}
	return httpguard.BearerToken(r)
}
