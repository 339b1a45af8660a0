package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRoutes(t *testing.T) {
	s := newServer(t, fixture(t, nil))
	ts := serveTest(t, s)
	tests := []struct {
		name, method, path string
		want               int
		has                string // in the body
	}{
		{"map", "GET", "/", 200, `data-name="cart"`},
		{"map of a folder", "GET", "/map?path=cart", 200, `data-name="pricing.go"`},
		{"map of a file", "GET", "/map?path=cart/pricing.go", 200, `data-name="Cart.Total"`},
		{"map head", "HEAD", "/map", 200, ""},
		{"map of nothing", "GET", "/map?path=nowhere", 404, ""},
		{"map outside the root", "GET", "/map?path=../../etc", 404, ""},
		{"symbol", "GET", "/symbol?id=Cart.Total", 200, "0004-money-in-integer-cents.md"},
		{"symbol unknown", "GET", "/symbol?id=NoSuchThing", 200, "NoSuchThing"},
		{"symbol missing", "GET", "/symbol", 400, ""},
		{"document", "GET", "/doc?path=docs/adr/0004-money-in-integer-cents.md", 200, "Cart.Total"},
		{"document unknown", "GET", "/doc?path=/etc/passwd", 404, ""},
		{"decisions", "GET", "/decisions?kind=adr", 200, "Keep money in integer cents"},
		{"search", "GET", "/search?q=integer", 200, "0004-money-in-integer-cents.md"},
		{"stylesheet", "GET", "/assets/style.css", 200, "treemap"},
		{"an asset not served", "GET", "/assets/doc.go", 404, ""},
		{"a path out of the assets", "GET", "/assets/../server.go", 404, ""},
		{"a file of the repository", "GET", "/cart/cart.go", 404, ""},
		{"a dot path", "GET", "/.gortex/index/graph.bin", 404, ""},
		{"a template", "GET", "/templates/map.html", 404, ""},
		{"post", "POST", "/map", 405, ""},
		{"delete", "DELETE", "/decisions", 405, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := get(t, ts, tt.method, tt.path, nil)
			if code != tt.want {
				t.Fatalf("%s %s: status %d, want %d: %.300s", tt.method, tt.path, code, tt.want, body)
			}
			if tt.has != "" && !strings.Contains(body, tt.has) {
				t.Errorf("%s %s: body lacks %q", tt.method, tt.path, tt.has)
			}
		})
	}
}

func TestGuard(t *testing.T) {
	ts := serveTest(t, newServer(t, fixture(t, nil)))
	none := map[string]string{"Authorization": ""}
	tests := []struct {
		name   string
		path   string
		header map[string]string
		want   int
	}{
		{"bearer token", "/map", nil, http.StatusOK},
		{"no token", "/map", none, http.StatusUnauthorized},
		{"wrong token", "/map?token=nope", none, http.StatusUnauthorized},
		{"wrong cookie", "/map", map[string]string{"Cookie": tokenCookie + "=nope"}, http.StatusUnauthorized},
		{"token in the URL: kept in a cookie", "/map?token=" + testToken + "&path=cart", none, http.StatusSeeOther},
		{"token in the cookie", "/map", map[string]string{"Cookie": tokenCookie + "=" + testToken}, http.StatusOK},
		{"foreign host", "/map", map[string]string{"Host": "evil.example"}, http.StatusForbidden},
		{"foreign host with a loopback port", "/map", map[string]string{"Host": "evil.example:" + portOf(ts)}, http.StatusForbidden},
		{"foreign origin", "/map", map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden},
		{"local origin", "/map", map[string]string{"Origin": "http://localhost:8080"}, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code, body := get(t, ts, "GET", tt.path, tt.header); code != tt.want {
				t.Errorf("status %d, want %d: %.200s", code, tt.want, body)
			}
		})
	}
	t.Run("no token set refuses all", func(t *testing.T) {
		open := httptest.NewServer(newServer(t, fixture(t, nil)).Handler(HTTPOptions{}))
		defer open.Close()
		if code, _ := get(t, open, "GET", "/map", map[string]string{"Authorization": "Bearer "}); code != http.StatusUnauthorized {
			t.Errorf("status %d, want 401", code)
		}
	})
}

func portOf(ts *httptest.Server) string { return ts.URL[strings.LastIndex(ts.URL, ":")+1:] }

// TestEscaped: every string the repository wrote reaches the page as
// text: a document, a heading, a symbol's doc comment, a memory.
func TestEscaped(t *testing.T) {
	const script = `<script>alert("owned")</script>`
	dir := fixture(t, map[string]string{
		"docs/adr/0009-hostile.md": "# ADR 0009: <img src=x onerror=alert(1)> title\n\nStatus: Accepted\n\n## Decision\n\n" +
			"`Cart.Total` must " + script + " and <a href=\"javascript:alert(2)\">click</a>.\n",
		"cart/hostile.go": "package cart\n\n// Hostile is " + script + " in a doc comment.\nfunc Hostile() {}\n",
		".gortex/memories/20240101T000000Z-evil01.md": "---\nid: 20240101T000000Z-evil01\ntitle: 'remember " + strings.ReplaceAll(script, `"`, "") + "'\n" +
			"kind: decision\nanchors:\n  symbols:\n    - written: cart.Cart.Total\n      id: cart/pricing.go::Cart.Total\n" +
			"importance: 3\nconfidence: 0.9\nbasis: incident\nsource: review\nauthor: Test <test@example.com>\n" +
			"created: \"2024-01-01T00:00:00Z\"\nupdated: \"2024-01-01T00:00:00Z\"\n---\n\nThe body holds " + script + " too.\n",
	})
	s := newServer(t, dir)
	ts := serveTest(t, s)
	for _, path := range []string{
		"/doc?path=docs/adr/0009-hostile.md",
		"/symbol?id=cart.Hostile",
		"/symbol?id=Cart.Total",
		"/decisions",
		"/search?q=owned",
		"/search?q=" + script,
		"/map?path=cart/hostile.go",
	} {
		t.Run(path, func(t *testing.T) {
			code, body := get(t, ts, "GET", path, nil)
			if code != http.StatusOK {
				t.Fatalf("status %d: %.300s", code, body)
			}
			for _, raw := range []string{"<script>alert", "<img src=x", `href="javascript:`} {
				if strings.Contains(body, raw) {
					t.Errorf("the page holds %q raw", raw)
				}
			}
		})
	}
	for _, tt := range []struct{ path, text string }{
		{"/doc?path=docs/adr/0009-hostile.md", "&lt;script&gt;alert(&#34;owned&#34;)&lt;/script&gt;"},
		{"/decisions", "remember &lt;script&gt;alert(owned)&lt;/script&gt;"},
		{"/symbol?id=cart.Hostile", "Hostile is &lt;script&gt;alert(&#34;owned&#34;)&lt;/script&gt;"},
	} {
		if _, body := get(t, ts, "GET", tt.path, nil); !strings.Contains(body, tt.text) {
			t.Errorf("%s does not show %q as text: %s", tt.path, tt.text, body)
		}
	}
}
