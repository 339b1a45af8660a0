package mcp

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/query"
)

// index_status says which root the server serves, how it was chosen, and
// warns when that is no repository but the home directory or /.
func TestIndexStatusRoot(t *testing.T) {
	repo := fixture(t)
	home := t.TempDir()
	t.Setenv("HOME", home)
	tests := []struct {
		name       string
		root       string
		o          Options
		wantSource string
		wantWarn   string // "" for none
	}{
		{"flag", repo, Options{}, "flag", ""},
		{"environment", repo, Options{RootSource: RootEnv, RootEnv: "CLAUDE_PROJECT_DIR"}, "env:CLAUDE_PROJECT_DIR", ""},
		{"working directory", repo, Options{RootSource: RootWorkdir}, "working_directory", ""},
		{"home", home, Options{RootSource: RootWorkdir}, "working_directory", "the root is the home directory"},
		{"file system root", "/", Options{RootSource: RootWorkdir}, "working_directory", "the root is the file system's root"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(tt.root, tt.o)
			if err != nil {
				t.Fatal(err)
			}
			st := s.statusOf(nil) // index_status of a server that loaded nothing yet
			if st.Root != filepath.Clean(tt.root) || st.RootSource != tt.wantSource {
				t.Errorf("root %s (%s), want %s (%s)", st.Root, st.RootSource, tt.root, tt.wantSource)
			}
			if got := strings.Join(st.Warnings, "; "); (tt.wantWarn == "") != (got == "") || !strings.Contains(got, tt.wantWarn) {
				t.Errorf("warnings %q, want %q", got, tt.wantWarn)
			}
		})
	}
}

// rootsOf answers roots/list with fixed directories.
type rootsOf []string

func (r rootsOf) ListRoots(context.Context, mcpgo.ListRootsRequest) (*mcpgo.ListRootsResult, error) {
	res := &mcpgo.ListRootsResult{Roots: []mcpgo.Root{}}
	for _, dir := range r {
		res.Roots = append(res.Roots, mcpgo.Root{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()})
	}
	return res, nil
}

// errNoProject stands for the error gortex mcp gives a server started
// outside any project.
var errNoProject = errors.New("not inside a project")

// A server started without --dir serves the client's root when the client
// declares roots; with --dir it keeps its own.
func TestClientRoots(t *testing.T) {
	repo := fixture(t)
	elsewhere := t.TempDir()
	tests := []struct {
		name       string
		o          Options
		roots      rootsOf
		wantRoot   string
		wantSource string
	}{
		{"client root", Options{RootSource: RootWorkdir, ClientRoots: true}, rootsOf{repo}, repo, "client_roots"},
		{"not a directory", Options{RootSource: RootWorkdir, ClientRoots: true}, rootsOf{filepath.Join(repo, "nosuch")}, elsewhere, "working_directory"},
		{"flag wins", Options{}, rootsOf{repo}, elsewhere, "flag"},
		{"client without roots", Options{RootSource: RootWorkdir, ClientRoots: true}, nil, elsewhere, "working_directory"},
		{"no project, a client root", Options{RootSource: RootWorkdir, ClientRoots: true, Unrooted: errNoProject}, rootsOf{repo}, repo, "client_roots"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(elsewhere, tt.o)
			if err != nil {
				t.Fatal(err)
			}
			var opts []client.ClientOption
			if tt.roots != nil {
				opts = append(opts, client.WithRootsHandler(tt.roots))
			}
			c, err := client.NewInProcessClientWithOptions(s.MCPServer(), opts...)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
			initialize(t, c)
			st := callJSON[status](t, c, "index_status", nil)
			if st.Root != tt.wantRoot || st.RootSource != tt.wantSource {
				t.Errorf("root %s (%s), want %s (%s)", st.Root, st.RootSource, tt.wantRoot, tt.wantSource)
			}
			if tt.wantRoot == repo {
				a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "billing.Invoice.Finalize"})
				if a.Symbol == nil || a.Count == 0 {
					t.Errorf("why on the client's root: %+v", a)
				}
			}
		})
	}
}

// TestUnrooted: a server started outside any project, for a client that
// names no root, answers every call with the error it was given and writes
// nothing into the directory.
func TestUnrooted(t *testing.T) {
	dir := t.TempDir()
	s, err := New(dir, Options{RootSource: RootWorkdir, ClientRoots: true, Unrooted: errNoProject})
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.NewInProcessClient(s.MCPServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	initialize(t, c)
	for tool, args := range map[string]map[string]any{"index_status": nil, "why": {"id": "Foo"}} {
		res := call(t, c, tool, args)
		if !res.IsError || !strings.Contains(text(res), "not inside a project") {
			t.Errorf("%s: isError %v, %q", tool, res.IsError, text(res))
		}
	}
	time.Sleep(50 * time.Millisecond) // a warm-up would have started by now
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("the server wrote %s into a directory that is no project", entries[0].Name())
	}
}
