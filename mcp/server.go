package mcp

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/workspace"
)

// instructions tell an agent, on initialize, when to call which tool.
//
//go:embed instructions.md
var instructions string

// Options configure a Server.
type Options struct {
	Version string       // reported to clients; "" means "dev"
	Logger  *slog.Logger // diagnostics (refreshes, panics); nil discards
	// RootSource says how the root was chosen, for index_status; ""
	// means RootFlag. RootEnv names the variable of RootEnv.
	RootSource RootSource
	RootEnv    string
	// ClientRoots lets a server whose root was only guessed serve the
	// client's MCP root instead, when the client declares roots: it is
	// asked for them on the first call, which loads the index then. Over
	// stdio only; ServeHTTP ignores it (its clients are many).
	ClientRoots bool
	// Unrooted, when not nil, says that the root is only the directory the
	// server was started in, which is no project: it is served only once
	// the client's root replaces it (ClientRoots); until then every call
	// answers this error, and nothing is indexed or written.
	Unrooted error
}

// Server is the MCP server of one repository. Its tools answer from the
// current Snapshot; see the package comment for how it is kept current.
type Server struct {
	root   string
	log    *slog.Logger
	stores []*memory.Store // workspace first, then global when there is a home
	// sess owns the freshness of the snapshots: every call asks it for a
	// current view (current). Its root changes with root, once.
	sess *workspace.Session

	// How root was chosen; root, stores and rootSource change once, on the
	// first call, when the server takes the client's root (roots.go).
	rootSource  RootSource
	rootEnv     string
	clientRoots bool
	unrooted    error // Options.Unrooted, cleared when a client's root is adopted
	rootOnce    sync.Once

	snapMu sync.Mutex               // makes snap
	snap   atomic.Pointer[Snapshot] // the snapshot of the newest view seen
	audits auditState               // the calls view audits share, and why findings' cooldown

	mcp *server.MCPServer
}

// New returns the server of the repository at root. It reads nothing yet:
// the first tool call (or Warm) loads the index, building it when there is
// none, so that a client's initialize is answered at once even when the
// first index of a large repository takes a while.
func New(root string, o Options) (*Server, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", root)
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	stores, err := memory.OpenStores(abs, memory.ScopeBoth)
	if err != nil {
		log.Warn("no global memories", "err", err)
		stores = []*memory.Store{memory.OpenWorkspace(abs)}
	}
	version := o.Version
	if version == "" {
		version = "dev"
	}
	sess, err := workspace.NewSession(abs, sessionOptions(stores, log))
	if err != nil {
		return nil, err
	}
	s := &Server{root: abs, log: log, stores: stores, rootSource: o.RootSource, rootEnv: o.RootEnv, clientRoots: o.ClientRoots,
		sess: sess, unrooted: o.Unrooted}
	if s.rootSource == "" {
		s.rootSource = RootFlag
	}
	for _, w := range rootWarnings(abs) {
		log.Warn(w)
	}
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(s.afterInitialize)
	s.mcp = server.NewMCPServer("gortex", version,
		server.WithTitle("gortex: why does this code exist?"),
		server.WithInstructions(instructions),
		server.WithToolCapabilities(false),
		server.WithExperimental(map[string]any{StructuredOnly: map[string]any{}}),
		server.WithToolHandlerMiddleware(recoverPanics(log)),
		server.WithHooks(hooks),
	)
	s.addTools()
	return s, nil
}

// MCPServer is the underlying mcp-go server, for in-process clients.
func (s *Server) MCPServer() *server.MCPServer { return s.mcp }

// Root is the repository the server answers for.
func (s *Server) Root() string { return s.root }

// Warm loads the first snapshot in the background, so that the first call
// does not wait for it.
func (s *Server) Warm(ctx context.Context) { go s.warm(ctx) }

func (s *Server) warm(ctx context.Context) {
	if _, err := s.current(ctx); err != nil && ctx.Err() == nil {
		s.log.Error("load the index", "err", err)
	}
}

// Watch watches the repository for changes until ctx is done (the serve
// functions call it): while it does, a call's staleness check stats no file
// unless a change was seen since the last check (workspace.Session.Watch).
func (s *Server) Watch(ctx context.Context) { s.sess.Watch(ctx) }

// current returns a snapshot no older than the call: the session's current
// view (workspace.Session.View), which refreshes it when files or memories
// changed, or answers from the last one when the refresh fails.
func (s *Server) current(ctx context.Context) (*Snapshot, error) {
	v, err := s.sess.View(ctx)
	if err != nil {
		return nil, err
	}
	return s.snapshot(v), nil
}

// sessionOptions are what every view of the server is opened with: the
// stores, and the session's own history, whose blame cache (warmed in the
// background as files are asked about) outlives the views.
func sessionOptions(stores []*memory.Store, log *slog.Logger) workspace.Options {
	return workspace.Options{Stores: stores, Log: log}
}
