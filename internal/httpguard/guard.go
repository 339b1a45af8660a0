// Package httpguard holds the rules every local HTTP surface of gortex
// applies (the MCP server's streamable HTTP, the web page of gortex ui):
// where it listens, the token it asks of every request, and which requests
// it refuses before they reach a handler. One copy, so that the surfaces
// never drift apart.
package httpguard

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Options are the guard's rules.
type Options struct {
	// Token is required of every request, on loopback too: any account on
	// the machine can reach a loopback port. Without one every request
	// gets 401.
	Token string
	// Authorize, when not nil, decides the token instead of Token: it
	// returns the request to serve (its context may carry what the token
	// grants) and whether the token is accepted. A server with many
	// tokens (gortex serve) sets it.
	Authorize func(r *http.Request, token string) (*http.Request, bool)
	// TokenOf returns the token a request carries; nil reads
	// "Authorization: Bearer TOKEN" (BearerToken).
	TokenOf func(*http.Request) string
	// Unauthorized is said with a 401, after what failed: where the token
	// comes from.
	Unauthorized string
	// Addr is the address the server listens on (host:port); when its
	// host is loopback (or empty: ListenAddr's default), a request must
	// name a loopback Host too. "" checks no Host.
	Addr string
	// AllowOrigins are origins (scheme://host:port) accepted besides
	// localhost, 127.0.0.1 and [::1] on any port.
	AllowOrigins []string
	// MaxBody bounds a request body in bytes; 0 or less leaves it unbounded.
	MaxBody int64
	// Timeout bounds one request; 0 or less sets no deadline.
	Timeout time.Duration
}

// NewToken makes a token: 26 characters of base32, 130 random bits.
func NewToken() string { return rand.Text() }

// ListenAddr is the address to listen on for addr (host:port): a loopback
// host when none is given.
func ListenAddr(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--http %q: want host:port, such as 127.0.0.1:8765: %w", addr, err)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

// IsLoopback reports whether host (a name or an address, brackets
// allowed) is localhost or a loopback address.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && ip.IsLoopback()
}

// Handler is next behind the guard's checks, in order: on a loopback
// address, a Host header naming loopback (403: a page of another site
// whose name was made to resolve to this machine, DNS rebinding); the
// Origin header (403); the token (401); the body size (413); and a
// deadline on the request.
func Handler(o Options, next http.Handler) http.Handler {
	tokenOf := o.TokenOf
	if tokenOf == nil {
		tokenOf = BearerToken
	}
	loopback := loopbackAddr(o.Addr)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if loopback && !loopbackHost(r.Host) {
			http.Error(w, fmt.Sprintf("forbidden: host %q is not this machine's loopback", r.Host), http.StatusForbidden)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !AllowedOrigin(origin, o.AllowOrigins) {
			http.Error(w, fmt.Sprintf("forbidden: origin %q may not use this server", origin), http.StatusForbidden)
			return
		}
		ok := false
		if o.Authorize != nil {
			r, ok = o.Authorize(r, tokenOf(r))
		} else {
			ok = o.Token != "" && subtle.ConstantTimeCompare([]byte(tokenOf(r)), []byte(o.Token)) == 1
		}
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="gortex"`)
			http.Error(w, strings.TrimSpace("unauthorized: send Authorization: Bearer <token> "+o.Unauthorized), http.StatusUnauthorized)
			return
		}
		if o.MaxBody > 0 {
			if r.ContentLength > o.MaxBody {
				http.Error(w, fmt.Sprintf("request body over %d bytes", o.MaxBody), http.StatusRequestEntityTooLarge)
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, o.MaxBody)
		}
		if o.Timeout > 0 {
			ctx, cancel := context.WithTimeout(r.Context(), o.Timeout)
			defer cancel()
			r = r.WithContext(ctx)
		}
		next.ServeHTTP(w, r)
	})
}

// BearerToken is the token of "Authorization: Bearer TOKEN", "" without one.
func BearerToken(r *http.Request) string {
	t, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return ""
	}
	return t
}

// loopbackAddr reports whether a listen address (host:port) is on
// loopback: no host means 127.0.0.1.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	return err == nil && (host == "" || IsLoopback(host))
}

// loopbackHost reports whether a Host header (host or host:port) names
// loopback.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return host != "" && IsLoopback(host)
}

// AllowedOrigin accepts the origins of pages served from this machine
// (localhost, 127.0.0.1, [::1], any port) and those listed; a browser page
// from anywhere else must not reach a local server (DNS rebinding).
func AllowedOrigin(origin string, extra []string) bool {
	if slices.Contains(extra, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return IsLoopback(u.Hostname())
}
