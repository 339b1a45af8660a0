package httpguard

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHandler(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	const token = "s3cret"
	auth := map[string]string{"Authorization": "Bearer " + token}
	with := func(extra map[string]string) map[string]string {
		h := map[string]string{"Authorization": "Bearer " + token}
		for k, v := range extra {
			h[k] = v
		}
		return h
	}
	local := Handler(Options{Token: token, Addr: "127.0.0.1:0", MaxBody: 10}, ok)
	exposed := Handler(Options{Token: token, Addr: "0.0.0.0:8080"}, ok)
	none := Handler(Options{Addr: "127.0.0.1:0"}, ok)
	anyHost := Handler(Options{Token: token}, ok)
	cookie := Handler(Options{Token: token, TokenOf: func(r *http.Request) string {
		c, err := r.Cookie("t")
		if err != nil {
			return ""
		}
		return c.Value
	}}, ok)
	tests := []struct {
		name   string
		h      http.Handler
		host   string
		header map[string]string
		body   string
		want   int
	}{
		{"loopback host", local, "127.0.0.1:8080", auth, "", http.StatusOK},
		{"localhost", local, "localhost:8080", auth, "", http.StatusOK},
		{"ipv6 loopback", local, "[::1]:8080", auth, "", http.StatusOK},
		{"rebinding host", local, "evil.example:8080", auth, "", http.StatusForbidden},
		{"rebinding look-alike", local, "localhost.evil.example", auth, "", http.StatusForbidden},
		{"foreign origin", local, "127.0.0.1", with(map[string]string{"Origin": "https://evil.example"}), "", http.StatusForbidden},
		{"null origin", local, "127.0.0.1", with(map[string]string{"Origin": "null"}), "", http.StatusForbidden},
		{"local origin", local, "127.0.0.1", with(map[string]string{"Origin": "http://localhost:3000"}), "", http.StatusOK},
		{"no token on loopback", local, "127.0.0.1", nil, "", http.StatusUnauthorized},
		{"wrong token", local, "127.0.0.1", map[string]string{"Authorization": "Bearer s3cre"}, "", http.StatusUnauthorized},
		{"not bearer", local, "127.0.0.1", map[string]string{"Authorization": token}, "", http.StatusUnauthorized},
		{"body too large", local, "127.0.0.1", auth, strings.Repeat("x", 11), http.StatusRequestEntityTooLarge},
		{"exposed: any host with the token", exposed, "gortex.example", auth, "", http.StatusOK},
		{"exposed: no token", exposed, "gortex.example", nil, "", http.StatusUnauthorized},
		{"exposed: foreign origin", exposed, "gortex.example", with(map[string]string{"Origin": "https://evil.example"}), "", http.StatusForbidden},
		{"no address: no host check", anyHost, "evil.example", auth, "", http.StatusOK},
		{"no token set refuses all", none, "127.0.0.1", map[string]string{"Authorization": "Bearer "}, "", http.StatusUnauthorized},
		{"token from a cookie", cookie, "127.0.0.1", map[string]string{"Cookie": "t=" + token}, "", http.StatusOK},
		{"the cookie reader ignores the header", cookie, "127.0.0.1", auth, "", http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tt.body))
			r.Host = tt.host
			for k, v := range tt.header {
				r.Header.Set(k, v)
			}
			w := httptest.NewRecorder()
			tt.h.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Errorf("status %d, want %d (%s)", w.Code, tt.want, w.Body)
			}
		})
	}
}

func TestListenAddr(t *testing.T) {
	tests := []struct{ addr, want string }{
		{":0", "127.0.0.1:0"},
		{"[::1]:80", "[::1]:80"},
		{"0.0.0.0:80", "0.0.0.0:80"},
	}
	for _, tt := range tests {
		if got, err := ListenAddr(tt.addr); got != tt.want || err != nil {
			t.Errorf("ListenAddr(%q) = %q, %v; want %q", tt.addr, got, err, tt.want)
		}
	}
	if _, err := ListenAddr("8080"); err == nil {
		t.Error("ListenAddr(8080) without a colon: no error")
	}
}

func TestNewToken(t *testing.T) {
	a, b := NewToken(), NewToken()
	if len(a) != 26 || a == b {
		t.Errorf("NewToken: %q, %q", a, b)
	}
}
