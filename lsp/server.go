package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/gortex/gortex/workspace"
)

// Server is one language server connection's state: the repository's
// views, the documents the editor has open, and the client to notify.
// Make one with New for each connection.
type Server struct {
	open Opener
	dir  string // the folder to open when the client names none
	log  *slog.Logger

	mu      sync.Mutex
	views   Views
	docs    map[protocol.DocumentURI]*document
	client  protocol.Client
	conn    jsonrpc2.Conn
	ctx     context.Context // the serve's: background work stops with it
	closing bool

	libs libraries // the document tables of the last view

	refreshing atomic.Bool
	work       sync.WaitGroup // background refreshes and diagnostics
}

// Options shape a Server.
type Options struct {
	// Dir is the folder whose repository is served when the client's
	// initialize names no workspace folder.
	Dir string
	// Log, when not nil, is told what the server does; nil discards.
	Log *slog.Logger
}

// New returns a server that opens the repository around the client's
// workspace folder with open.
func New(open Opener, o Options) *Server {
	log := o.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Server{open: open, dir: o.Dir, log: log, docs: map[protocol.DocumentURI]*document{}}
}

// Serve answers the client on rwc until the client exits, the stream
// ends or ctx is done; it closes rwc. A Server serves once.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(rwc))
	s.mu.Lock()
	s.ctx = ctx
	s.client = protocol.ClientDispatcher(conn, zap.NewNop())
	s.conn = conn
	s.mu.Unlock()
	conn.Go(ctx, protocol.Handlers(s.handler(conn)))
	select {
	case <-ctx.Done():
		conn.Close()
		<-conn.Done()
	case <-conn.Done():
	}
	cancel()
	s.work.Wait()
	s.mu.Lock()
	clean := s.closing
	s.mu.Unlock()
	if err := conn.Err(); err != nil && !clean && !errors.Is(err, io.EOF) && ctx.Err() == nil {
		return fmt.Errorf("lsp connection: %w", err)
	}
	return nil
}

// route answers one method from its raw parameters.
type route func(ctx context.Context, params json.RawMessage) (any, error)

// call makes a route of a handler with typed parameters.
func call[P, R any](f func(context.Context, *P) (R, error)) route {
	return func(ctx context.Context, raw json.RawMessage) (any, error) {
		var p P
		if len(raw) > 0 {
			if err := json.Unmarshal(raw, &p); err != nil {
				return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err)
			}
		}
		return f(ctx, &p)
	}
}

// notice makes a route of a notification handler, which returns nothing.
func notice[P any](f func(context.Context, *P)) route {
	return call(func(ctx context.Context, p *P) (any, error) {
		f(ctx, p)
		return nil, nil
	})
}

// routes are the methods the server answers; any other request gets
// MethodNotFound, any other notification is ignored.
func (s *Server) routes(conn jsonrpc2.Conn) map[string]route {
	return map[string]route{
		protocol.MethodInitialize:              call(s.initialize),
		protocol.MethodInitialized:             notice(s.initialized),
		protocol.MethodShutdown:                call(s.shutdown),
		protocol.MethodExit:                    notice(func(context.Context, *struct{}) { conn.Close() }),
		protocol.MethodTextDocumentDidOpen:     notice(s.didOpen),
		protocol.MethodTextDocumentDidChange:   notice(s.didChange),
		protocol.MethodTextDocumentDidClose:    notice(s.didClose),
		protocol.MethodTextDocumentHover:       call(s.hover),
		protocol.MethodTextDocumentDefinition:  call(s.definition),
		protocol.MethodWorkspaceSymbol:         call(s.symbol),
		protocol.MethodTextDocumentCodeLens:    call(s.codeLens),
		protocol.MethodWorkspaceExecuteCommand: call(s.executeCommand),
	}
}

// handler dispatches requests to routes.
func (s *Server) handler(conn jsonrpc2.Conn) jsonrpc2.Handler {
	routes := s.routes(conn)
	return func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		r, ok := routes[req.Method()]
		_, isCall := req.(*jsonrpc2.Call)
		switch {
		case !ok && isCall:
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not found: %q", req.Method()))
		case !ok:
			return reply(ctx, nil, nil)
		}
		res, err := r(ctx, req.Params())
		if err != nil {
			s.log.Warn("request failed", "method", req.Method(), "err", err)
		}
		return reply(ctx, res, err)
	}
}

// initialize opens the repository around the client's workspace folder
// (its first, else its root URI, else Options.Dir). Opening reads
// nothing yet: the index loads in the background from initialized on.
func (s *Server) initialize(ctx context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	dir := s.dir
	switch {
	case len(p.WorkspaceFolders) > 0:
		dir = uriPath(protocol.DocumentURI(p.WorkspaceFolders[0].URI))
	case p.RootURI != "":
		dir = uriPath(p.RootURI)
	case p.RootPath != "":
		dir = p.RootPath
	}
	s.mu.Lock()
	serve := s.ctx
	s.mu.Unlock()
	views, err := s.open(serve, dir)
	if err != nil {
		return nil, fmt.Errorf("open the repository around %s: %w", dir, err)
	}
	s.mu.Lock()
	s.views = views
	s.mu.Unlock()
	return &protocol.InitializeResult{
		Capabilities: capabilities(),
		ServerInfo:   &protocol.ServerInfo{Name: "gortex"},
	}, nil
}

// capabilities are what the server offers.
func capabilities() protocol.ServerCapabilities {
	return protocol.ServerCapabilities{
		TextDocumentSync: protocol.TextDocumentSyncOptions{
			OpenClose: true,
			Change:    protocol.TextDocumentSyncKindFull,
		},
		HoverProvider:           true,
		DefinitionProvider:      true,
		WorkspaceSymbolProvider: true,
		CodeLensProvider:        &protocol.CodeLensOptions{},
		ExecuteCommandProvider:  &protocol.ExecuteCommandOptions{Commands: []string{openCommand}},
	}
}

// initialized starts loading the index, so that the first request finds
// it loaded or loading.
func (s *Server) initialized(ctx context.Context, _ *protocol.InitializedParams) {
	s.refresh()
}

func (s *Server) shutdown(ctx context.Context, _ *struct{}) (any, error) {
	s.mu.Lock()
	s.closing = true
	s.mu.Unlock()
	return nil, nil
}

// view returns the view to answer from: the last one, while a refresh
// runs in the background, so that no request waits for an index build;
// only before the first view is loaded does a request wait for it. Nil
// with an error before initialize or when no view could be loaded.
func (s *Server) view(ctx context.Context) (*workspace.View, error) {
	s.mu.Lock()
	views := s.views
	s.mu.Unlock()
	if views == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized")
	}
	if v := views.Last(); v != nil {
		s.refresh()
		return v, nil
	}
	v, err := views.View(ctx)
	if err != nil {
		return nil, fmt.Errorf("load the index: %w", err)
	}
	return v, nil
}

// refresh asks the views for a current one in the background, unless a
// refresh runs already; the views decide whether anything changed.
func (s *Server) refresh() {
	s.mu.Lock()
	views, ctx := s.views, s.ctx
	s.mu.Unlock()
	if views == nil || ctx == nil || !s.refreshing.CompareAndSwap(false, true) {
		return
	}
	s.work.Go(func() {
		defer s.refreshing.Store(false)
		if _, err := views.View(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("refresh the index", "err", err)
		}
	})
}
