package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/internal/httpguard"
)

// HTTPOptions configure the streamable HTTP transport.
type HTTPOptions struct {
	// Addr is host:port to listen on; an empty host means 127.0.0.1, and
	// port 0 picks a free port (see the ready callback of ServeHTTP).
	Addr string
	// Token is required of every request as "Authorization: Bearer TOKEN",
	// on loopback too: any account on the machine can reach a loopback
	// port. It must be set (NewToken makes one); without it every request
	// gets 401.
	Token string
	// AllowOrigins are origins (scheme://host:port) accepted besides
	// localhost, 127.0.0.1 and [::1] on any port.
	AllowOrigins []string
	// MaxBody bounds a request body in bytes; 0 means DefaultMaxBody.
	MaxBody int64
	// Timeout bounds one request, tool call included; 0 means DefaultTimeout.
	Timeout time.Duration
	// SessionIdle is how long a session may go unused before it expires;
	// 0 means DefaultSessionIdle.
	SessionIdle time.Duration
	// MaxSessions caps the sessions held at once; 0 means
	// DefaultMaxSessions. An initialize beyond it gets 503.
	MaxSessions int
}

// Limits of the HTTP transport. A tool call's arguments are a few KiB (a
// memory's body is at most 20,000 characters, 80 KB in UTF-8), so 1 MiB
// leaves room for any honest request. Five minutes covers a full reindex of
// a large repository on a laptop; calls answered from a snapshot take
// milliseconds.
const (
	DefaultMaxBody = 1 << 20
	DefaultTimeout = 5 * time.Minute
	endpointPath   = "/mcp"
)

// ErrNoToken is returned by ServeHTTP without a token: anyone who can
// reach the port, on this machine or beyond, could read the repository's
// reasoning and write memories.
var ErrNoToken = errors.New("refusing to serve MCP over HTTP without a bearer token")

// NewToken makes a bearer token: 26 characters of base32, 130 random bits.
func NewToken() string { return httpguard.NewToken() }

// ServeHTTP serves MCP over streamable HTTP at http://ADDR/mcp until ctx is
// done, then shuts down gracefully. ready, when not nil, is called with the
// endpoint's URL once the server listens.
func (s *Server) ServeHTTP(ctx context.Context, o HTTPOptions, ready func(url string)) error {
	addr, err := listenAddr(o)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	o = withDefaults(o)
	// The checks the calls start end with the serve, which waits for them.
	defer s.sess.Wait()
	ctx, cancelServe := context.WithCancel(ctx)
	defer cancelServe() // before the wait
	s.sess.Within(ctx)
	h := s.HTTPHandler(ctx, o)
	s.rootOnce.Do(func() {}) // many clients: none chooses the root
	s.Warm(ctx)
	s.Watch(ctx)
	if ready != nil {
		ready("http://" + ln.Addr().String() + endpointPath)
	}
	return httpguard.Serve(ctx, ln, h, 30*time.Second, o.Timeout+10*time.Second)
}

// listenAddr is the address to listen on: a loopback host when none is
// given; never without a token.
func listenAddr(o HTTPOptions) (string, error) {
	if o.Token == "" {
		return "", fmt.Errorf("%w: set one with --token or GORTEX_MCP_TOKEN, or let gortex mcp make one", ErrNoToken)
	}
	return httpguard.ListenAddr(o.Addr)
}

func withDefaults(o HTTPOptions) HTTPOptions {
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.SessionIdle <= 0 {
		o.SessionIdle = DefaultSessionIdle
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = DefaultMaxSessions
	}
	return o
}

// HTTPHandler is the MCP endpoint (at /mcp) behind its guards, in order:
// those of httpguard.Handler (on a loopback address a Host naming loopback,
// 403; the Origin header, 403; the bearer token, 401; the body size, 413;
// a deadline on the request), then the number of sessions (503 for an
// initialize beyond MaxSessions). mcp-go adds, through the session table,
// 404 for a session that expired. Its sweeper of idle sessions runs until
// ctx is done.
func (s *Server) HTTPHandler(ctx context.Context, o HTTPOptions) http.Handler {
	o = withDefaults(o)
	sessions := newSessionTable(o.SessionIdle, o.MaxSessions)
	mcpHandler := server.NewStreamableHTTPServer(s.mcp,
		server.WithEndpointPath(endpointPath),
		server.WithDisableStreaming(true), // the server sends no notifications
		server.WithSessionIdManager(sessions),
		server.WithSessionIdleTTL(o.SessionIdle),
	)
	context.AfterFunc(ctx, func() { mcpHandler.Shutdown(context.WithoutCancel(ctx)) })
	mux := http.NewServeMux()
	mux.Handle(endpointPath, mcpHandler)
	return guard(o, sessions, mux)
}

func guard(o HTTPOptions, sessions *sessionTable, next http.Handler) http.Handler {
	g := httpguard.Options{Token: o.Token, Unauthorized: "(the token gortex mcp printed at start, or --token)",
		Addr: o.Addr, AllowOrigins: o.AllowOrigins, MaxBody: o.MaxBody, Timeout: o.Timeout}
	return httpguard.Handler(g, limitSessions(o, sessions, next))
}

// limitSessions answers 503 to an initialize while sessions is full.
func limitSessions(o HTTPOptions, sessions *sessionTable, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && sessions.full() {
			starts, err := startsSession(r)
			switch {
			case err != nil:
				http.Error(w, fmt.Sprintf("request body: %v", err), http.StatusRequestEntityTooLarge)
				return
			case starts:
				w.Header().Set("Retry-After", "60")
				http.Error(w, fmt.Sprintf("too many sessions: %d are open; one unused for %v expires, or its client ends it (DELETE)", o.MaxSessions, o.SessionIdle),
					http.StatusServiceUnavailable)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// startsSession reports whether r is an initialize request, which starts
// a session; it reads the capped body and puts it back. The error is a
// body over the cap.
func startsSession(r *http.Request) (bool, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return false, err
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var msg struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(body, &msg) == nil && msg.Method == "initialize", nil
}
