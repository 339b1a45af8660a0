package lsp

import (
	"context"
	"flag"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/workspace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fixture copies testdata/repo into a temporary directory, lays
// testdata/lsp's memory over it, and returns its root.
func fixture(t testing.TB) string {
	t.Helper()
	root := fixturetest.Repo(t)
	fixturetest.Over(t, "lsp/.gortex", filepath.Join(root, ".gortex"))
	return root
}

// recorder is the client side's handler of what the server sends: it
// keeps the diagnostics published.
type recorder struct {
	ch chan *protocol.PublishDiagnosticsParams
}

// PublishDiagnostics keeps p for a test to read; a test that reads none
// does not hold the connection up.
func (r *recorder) PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error {
	select {
	case r.ch <- p:
	default:
	}
	return nil
}
func (r *recorder) Progress(context.Context, *protocol.ProgressParams) error { return nil }
func (r *recorder) WorkDoneProgressCreate(context.Context, *protocol.WorkDoneProgressCreateParams) error {
	return nil
}
func (r *recorder) LogMessage(context.Context, *protocol.LogMessageParams) error   { return nil }
func (r *recorder) ShowMessage(context.Context, *protocol.ShowMessageParams) error { return nil }
func (r *recorder) ShowMessageRequest(context.Context, *protocol.ShowMessageRequestParams) (*protocol.MessageActionItem, error) {
	return nil, nil
}
func (r *recorder) Telemetry(context.Context, any) error { return nil }
func (r *recorder) RegisterCapability(context.Context, *protocol.RegistrationParams) error {
	return nil
}
func (r *recorder) UnregisterCapability(context.Context, *protocol.UnregistrationParams) error {
	return nil
}
func (r *recorder) ApplyEdit(context.Context, *protocol.ApplyWorkspaceEditParams) (bool, error) {
	return false, nil
}
func (r *recorder) Configuration(context.Context, *protocol.ConfigurationParams) ([]any, error) {
	return nil, nil
}
func (r *recorder) WorkspaceFolders(context.Context) ([]protocol.WorkspaceFolder, error) {
	return nil, nil
}

// session is a server and the library's client side connected over a
// pipe, initialized on root.
type session struct {
	t      testing.TB
	root   string
	server protocol.Server
	rec    *recorder
	done   chan error
}

// start serves root over a pipe and initializes it as an editor does.
func start(t testing.TB, root string) *session {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	srvSide, cliSide := net.Pipe()
	var sessions []*workspace.Session
	s := New(func(ctx context.Context, dir string) (Views, error) {
		sess, err := workspace.NewSession(dir, workspace.Options{Scope: "workspace"})
		if err != nil {
			return nil, err
		}
		sess.Within(ctx)
		sessions = append(sessions, sess)
		return sess, nil
	}, Options{})
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, srvSide) }()
	rec := &recorder{ch: make(chan *protocol.PublishDiagnosticsParams, 256)}
	_, conn, server := protocol.NewClient(ctx, rec, jsonrpc2.NewStream(cliSide), zap.NewNop())
	se := &session{t: t, root: root, server: server, rec: rec, done: done}
	t.Cleanup(func() {
		_ = server.Shutdown(context.Background())
		_ = server.Exit(context.Background())
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("the server did not exit")
		}
		cancel()
		for _, sess := range sessions {
			sess.Wait()
		}
		conn.Close()
	})
	res, err := server.Initialize(ctx, &protocol.InitializeParams{RootURI: protocol.DocumentURI(fileURI(root))})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if res.Capabilities.HoverProvider != true {
		t.Fatalf("no hover provider: %+v", res.Capabilities)
	}
	if err := server.Initialized(ctx, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	return se
}

// uri is the file URI of rel in the session's root.
func (se *session) uri(rel string) protocol.DocumentURI {
	return protocol.DocumentURI(fileURI(filepath.Join(se.root, filepath.FromSlash(rel))))
}

// open sends didOpen for rel with its text on disk, and returns the text.
func (se *session) open(rel string) string {
	se.t.Helper()
	b, err := os.ReadFile(filepath.Join(se.root, filepath.FromSlash(rel)))
	if err != nil {
		se.t.Fatal(err)
	}
	err = se.server.DidOpen(context.Background(), &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: se.uri(rel), LanguageID: "go", Version: 1, Text: string(b)}})
	if err != nil {
		se.t.Fatal(err)
	}
	return string(b)
}

// position finds the n-th (1-based) occurrence of needle in text and
// returns the position of its first letter plus off runes.
func position(t testing.TB, text, needle string, n, off int) protocol.Position {
	t.Helper()
	at := -1
	for range n {
		i := strings.Index(text[at+1:], needle)
		if i < 0 {
			t.Fatalf("%q occurs fewer than %d times", needle, n)
		}
		at += 1 + i
	}
	line := strings.Count(text[:at], "\n")
	col := at - (strings.LastIndex(text[:at], "\n") + 1)
	return protocol.Position{Line: uint32(line), Character: uint32(utf16Len(lineOf(text, line)[:col]) + off)}
}
