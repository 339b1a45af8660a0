package mcp

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/memory"
)

// RootSource says how the repository a server serves was chosen; see
// Options.RootSource and index_status.
type RootSource string

// The ways a root is chosen, strongest first.
const (
	RootFlag    RootSource = "flag"              // gortex mcp --dir
	RootClient  RootSource = "client_roots"      // the first of the client's MCP roots
	RootEnv     RootSource = "env"               // an environment variable (see Options.RootEnv)
	RootGit     RootSource = "git_root"          // the git repository enclosing the working directory
	RootWorkdir RootSource = "working_directory" // the working directory
)

// rootsTimeout bounds the wait for a client's roots/list answer: a client
// that declares roots answers at once, and a call must not hang on one
// that does not.
const rootsTimeout = 10 * time.Second

// afterInitialize is the hook that sees what the client can do: a server
// that may take the client's roots (Options.ClientRoots) waits for the
// first call to ask for them when the client declares roots, and otherwise
// loads its index at once.
func (s *Server) afterInitialize(ctx context.Context, _ any, req *mcpgo.InitializeRequest, _ *mcpgo.InitializeResult) {
	if !s.clientRoots {
		return
	}
	if req.Params.Capabilities.Roots == nil {
		s.rootOnce.Do(func() {})
		if s.unrooted == nil {
			s.Warm(context.WithoutCancel(ctx))
		}
	}
}

// adoptClientRoots, on the first call, serves the client's root instead of
// the one the server started with, when the server may take it and the
// client declares roots. It runs before any snapshot is loaded (the server
// does not warm up while it may still change root), so nothing has read the
// old root yet. A root that is not a local directory is ignored, with a log
// record.
func (s *Server) adoptClientRoots(ctx context.Context) {
	s.rootOnce.Do(func() {
		if !s.clientRoots {
			return
		}
		root, err := s.askRoots(ctx)
		if err != nil {
			s.log.Warn("the client's roots", "err", err)
			return
		}
		if root != "" {
			s.unrooted = nil // the client named the directory to serve
		}
		if root == "" || root == s.root {
			if root != "" {
				s.rootSource = RootClient
			}
			return
		}
		stores, err := memory.OpenStores(root, memory.ScopeBoth)
		if err != nil {
			s.log.Warn("no global memories", "err", err)
			stores = []*memory.Store{memory.OpenWorkspace(root)}
		}
		// The history (and its blame cache) and the watcher follow the
		// root too.
		if err := s.sess.Reroot(root, sessionOptions(stores, s.log)); err != nil {
			s.log.Warn("the client's roots", "err", err)
			return
		}
		s.log.Info("serving the client's root", "root", root, "instead_of", s.root)
		s.root, s.stores, s.rootSource = root, stores, RootClient
	})
}

// askRoots returns the client's root to serve: of the local directories it
// lists, the one holding the root the server started with, else the
// first; "" when the client declares no roots or lists none.
func (s *Server) askRoots(ctx context.Context) (string, error) {
	cs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	if !ok || cs.GetClientCapabilities().Roots == nil {
		return "", nil
	}
	ctx, cancel := context.WithTimeout(ctx, rootsTimeout)
	defer cancel()
	res, err := s.mcp.RequestRoots(ctx, mcpgo.ListRootsRequest{})
	if err != nil {
		return "", fmt.Errorf("roots/list: %w", err)
	}
	var dirs []string
	for _, r := range res.Roots {
		dir, err := rootDir(r.URI)
		if err != nil {
			s.log.Warn("a client root that is not a local directory", "uri", r.URI, "err", err)
			continue
		}
		dirs = append(dirs, dir)
	}
	for _, d := range dirs {
		if within(s.root, d) {
			return d, nil
		}
	}
	if len(dirs) == 0 {
		return "", nil
	}
	return dirs[0], nil
}

// rootDir is the local directory a file:// root URI names.
func rootDir(uri string) (string, error) {
	u, err := url.Parse(uri)
	switch {
	case err != nil:
		return "", err
	case u.Scheme != "file" || (u.Host != "" && u.Host != "localhost"):
		return "", fmt.Errorf("not a local file URI")
	}
	dir := filepath.Clean(filepath.FromSlash(u.Path))
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return dir, nil
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// rootWarnings says what is wrong with serving root: the home directory
// or the file system's root is no repository, and indexing it reads
// everything under it.
func rootWarnings(root string) []string {
	how := "start gortex mcp with --dir set to the repository, or from inside it"
	if home, err := os.UserHomeDir(); err == nil && filepath.Clean(home) == root {
		return []string{"the root is the home directory " + root + ", not a repository: every file under it is indexed; " + how}
	}
	if filepath.Dir(root) == root {
		return []string{"the root is the file system's root " + root + ", not a repository: every file under it is indexed; " + how}
	}
	return []string{}
}
