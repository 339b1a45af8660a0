package ui

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/workspace"
)

// fixture copies the fixture repository testdata/repo into a temporary
// directory, with files added by extra (path → content).
func fixture(t testing.TB, extra map[string]string) string {
	t.Helper()
	dir := fixturetest.Repo(t)
	for p, content := range extra {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// newServer is the page of dir's long session (its workspace memories
// only), with its first view loaded.
func newServer(t testing.TB, dir string) *Server {
	t.Helper()
	sess, err := workspace.NewSession(dir, workspace.Options{Stores: []*memory.Store{memory.OpenWorkspace(dir)}})
	if err != nil {
		t.Fatal(err)
	}
	s := New(sess, Options{})
	if _, err := s.state(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// testToken is the token of the pages the tests serve.
const testToken = "t0ken"

// serveTest serves s's page with testToken until the test ends.
func serveTest(t testing.TB, s *Server) *httptest.Server {
	ts := httptest.NewServer(s.Handler(HTTPOptions{Token: testToken}))
	t.Cleanup(ts.Close)
	return ts
}

// get requests path of ts with header, and returns the status and body.
// It sends testToken as a bearer token unless header has an
// Authorization or a Cookie of its own ("" sends none).
func get(t testing.TB, ts *httptest.Server, method, path string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, auth := header["Authorization"]
	_, cookie := header["Cookie"]
	if !auth && !cookie {
		req.Header.Set("Authorization", "Bearer "+testToken)
	}
	for k, v := range header {
		if v == "" {
			continue
		}
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}
