package mcp

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/indexer/watch"
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
	// opened is what every snapshot's workspace is opened with: the stores
	// and one history, whose blame cache (warmed in the background as
	// files are asked about) outlives the snapshots.
	opened workspace.Options

	// How root was chosen; root, stores and rootSource change once, on the
	// first call, when the server takes the client's root (roots.go).
	rootSource  RootSource
	rootEnv     string
	clientRoots bool
	unrooted    error // Options.Unrooted, cleared when a client's root is adopted
	rootOnce    sync.Once

	snap    atomic.Pointer[Snapshot]
	gen     atomic.Uint64
	checks  flights
	buildMu sync.Mutex // one build of a snapshot at a time: checks and reindex
	last    atomic.Pointer[Refresh]
	audits  auditState                    // the calls view audits share, and why findings' cooldown
	watcher atomic.Pointer[watch.Watcher] // while Watch runs: the snapshots' change detection

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
	stores, err := memory.OpenStores(abs, string(memory.ScopeBoth))
	if err != nil {
		log.Warn("no global memories", "err", err)
		stores = []*memory.Store{memory.OpenWorkspace(abs)}
	}
	version := o.Version
	if version == "" {
		version = "dev"
	}
	s := &Server{root: abs, log: log, stores: stores, rootSource: o.RootSource, rootEnv: o.RootEnv, clientRoots: o.ClientRoots,
		opened:   workspace.Options{Stores: stores, History: workspace.NewHistory(abs, true)},
		unrooted: o.Unrooted}
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
// unless a change was seen since the last check (watch.Watcher). Without
// it, or when the watcher cannot start, every call stats the index's files.
func (s *Server) Watch(ctx context.Context) {
	w, err := watch.NewWatcher(s.root)
	if err != nil {
		s.log.Warn("no watcher: every call stats the index's files", "err", err)
		return
	}
	s.buildMu.Lock()
	s.watcher.Store(w)
	if sn := s.snap.Load(); sn != nil {
		w.Track(sn.Index)
	}
	s.buildMu.Unlock()
	go func() {
		<-ctx.Done()
		s.buildMu.Lock()
		s.watcher.Store(nil)
		s.buildMu.Unlock()
		w.Close()
	}()
}

// current returns a snapshot no older than the call: it waits for a
// staleness check that started after it was called (shared with concurrent
// calls), which refreshes the snapshot when files or memories changed. When
// the refresh fails it answers from the last snapshot, if there is one.
func (s *Server) current(ctx context.Context) (*Snapshot, error) {
	err := s.checks.do(ctx, s.check)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, ctxErr
	}
	sn := s.snap.Load()
	switch {
	case sn == nil && err == nil:
		return nil, errors.New("no index loaded")
	case sn == nil:
		return nil, fmt.Errorf("load the index of %s: %w", s.root, err)
	case err != nil:
		s.log.Warn("refresh failed; answering from the last snapshot", "gen", sn.Gen, "err", err)
	}
	return sn, nil
}
