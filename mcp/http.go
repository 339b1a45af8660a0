package mcp

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// HTTPOptions configure the streamable HTTP transport.
type HTTPOptions struct {
	// Addr is host:port to listen on; an empty host means 127.0.0.1, and
	// port 0 picks a free port (see the ready callback of ServeHTTP).
	Addr string
	// Token, when set, is required of every request as
	// "Authorization: Bearer TOKEN". Without it the server only binds a
	// loopback address.
	Token string
	// AllowOrigins are origins (scheme://host:port) accepted besides
	// localhost, 127.0.0.1 and [::1] on any port.
	AllowOrigins []string
	// MaxBody bounds a request body in bytes; 0 means DefaultMaxBody.
	MaxBody int64
	// Timeout bounds one request, tool call included; 0 means DefaultTimeout.
	Timeout time.Duration
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

// ErrExposed is returned by ServeHTTP for a non-loopback address without a
// token: anyone on the network could read the repository's reasoning and
// write memories.
var ErrExposed = errors.New("refusing to serve beyond loopback without a token")

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
	srv := &http.Server{
		Handler:           s.HTTPHandler(o),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      o.Timeout + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	s.rootOnce.Do(func() {}) // many clients: none chooses the root
	s.Warm(ctx)
	s.Watch(ctx)
	if ready != nil {
		ready("http://" + ln.Addr().String() + endpointPath)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}

// listenAddr is the address to listen on: a loopback host when none is
// given; a non-loopback one only with a token.
func listenAddr(o HTTPOptions) (string, error) {
	host, port, err := net.SplitHostPort(o.Addr)
	if err != nil {
		return "", fmt.Errorf("--http %q: want host:port, such as 127.0.0.1:8765: %w", o.Addr, err)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	if !isLoopback(host) && o.Token == "" {
		return "", fmt.Errorf("%w on %s: set a bearer token (--token or GORTEX_MCP_TOKEN), or bind 127.0.0.1", ErrExposed, o.Addr)
	}
	return net.JoinHostPort(host, port), nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && ip.IsLoopback()
}

func withDefaults(o HTTPOptions) HTTPOptions {
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return o
}

// HTTPHandler is the MCP endpoint (at /mcp) behind its guards, in order:
// the Origin header (403), the bearer token (401), the body size (413) and
// a deadline on the request. mcp-go adds its own check that a request
// arriving on a loopback address names a loopback Host (DNS rebinding).
func (s *Server) HTTPHandler(o HTTPOptions) http.Handler {
	o = withDefaults(o)
	mcpHandler := server.NewStreamableHTTPServer(s.mcp,
		server.WithEndpointPath(endpointPath),
		server.WithDisableStreaming(true), // the server sends no notifications
	)
	mux := http.NewServeMux()
	mux.Handle(endpointPath, mcpHandler)
	return guard(o, mux)
}

func guard(o HTTPOptions, next http.Handler) http.Handler {
	token := []byte("Bearer " + o.Token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !allowedOrigin(origin, o.AllowOrigins) {
			http.Error(w, fmt.Sprintf("forbidden: origin %q may not use this server", origin), http.StatusForbidden)
			return
		}
		if o.Token != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), token) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="gortex"`)
			http.Error(w, "unauthorized: send Authorization: Bearer <token>", http.StatusUnauthorized)
			return
		}
		if r.ContentLength > o.MaxBody {
			http.Error(w, fmt.Sprintf("request body over %d bytes", o.MaxBody), http.StatusRequestEntityTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, o.MaxBody)
		ctx, cancel := context.WithTimeout(r.Context(), o.Timeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// allowedOrigin accepts the origins of pages served from this machine
// (localhost, 127.0.0.1, [::1], any port) and those listed; a browser page
// from anywhere else must not reach a local server (DNS rebinding).
func allowedOrigin(origin string, extra []string) bool {
	if slices.Contains(extra, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return isLoopback(u.Hostname())
}
