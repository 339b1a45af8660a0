package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/internal/linecap"
)

// stdioWorkers is how many tool calls run at once over stdio (mcp-go's
// default is 5): calls are answered from a shared snapshot, so more only
// cost memory.
const stdioWorkers = 16

// stdioDrain bounds the wait, at the end of input, for the requests read
// and not yet answered: as long as one HTTP request may take.
const stdioDrain = DefaultTimeout

// ServeStdio serves MCP over a client's pipes until in ends or ctx is done.
// mcp-go keeps one stdio session per process: serve stdio once. A message
// longer than DefaultMaxBody (the HTTP transport's limit) is not read into
// memory: it is answered with an error carrying its id (when its first
// DefaultMaxBody bytes hold one), and the next one is read. When in ends,
// the requests already read are answered before the serve ends (for at
// most stdioDrain, or until ctx is done).
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	st := server.NewStdioServer(s.mcp)
	server.WithWorkerPoolSize(stdioWorkers)(st)
	st.SetErrorLogger(slog.NewLogLogger(s.log.Handler(), slog.LevelError))
	// The warm-up and the watcher end with the serve (an index build cut
	// short leaves nothing behind): nothing they write outlives ServeStdio.
	var warm sync.WaitGroup
	defer warm.Wait()
	defer s.sess.Wait()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // before the waits
	s.sess.Within(ctx)
	if !s.clientRoots {
		warm.Go(func() { s.warm(ctx) }) // else the root may still change: see afterInitialize
	}
	if s.unrooted == nil { // a directory that is no project gets no watcher's files
		s.Watch(ctx)
	}
	flight := &inFlight{ids: map[string]int{}, changed: make(chan struct{}, 1)}
	w := &answerWriter{w: out, flight: flight}
	lines := linecap.New(in, DefaultMaxBody, s.log)
	lines.OnLine = flight.read
	lines.TooLong = w.tooLong
	lines.AtEnd = func() { flight.wait(ctx, stdioDrain) }
	return st.Listen(ctx, lines, w)
}

// message is what ServeStdio reads of a JSON-RPC message: a request has a
// method and an id, a response an id alone.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

// inFlight counts the client's requests read and not yet answered, by id.
type inFlight struct {
	mu      sync.Mutex
	ids     map[string]int
	n       int
	changed chan struct{} // a token after each answer
}

// read counts line when it is a request.
func (f *inFlight) read(line []byte) {
	var m message
	if json.Unmarshal(line, &m) != nil || m.Method == "" {
		return
	}
	if id := linecap.ValidID(m.ID); id != nil {
		f.mu.Lock()
		f.ids[string(id)]++
		f.n++
		f.mu.Unlock()
	}
}

// answered uncounts the request that line answers, when it is a response.
func (f *inFlight) answered(line []byte) {
	id, ok := linecap.ResponseID(line)
	if !ok || id == nil {
		return
	}
	f.mu.Lock()
	if f.ids[string(id)] > 0 {
		if f.ids[string(id)]--; f.ids[string(id)] == 0 {
			delete(f.ids, string(id))
		}
		f.n--
	}
	f.mu.Unlock()
	select {
	case f.changed <- struct{}{}:
	default:
	}
}

// wait returns once every request read is answered, ctx is done or limit
// has passed.
func (f *inFlight) wait(ctx context.Context, limit time.Duration) {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		f.mu.Lock()
		n := f.n
		f.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-f.changed:
		case <-ctx.Done():
			return
		case <-timer.C:
			return
		}
	}
}

// answerWriter is the server's output: each Write is one whole message
// (mcp-go writes a message a call), kept whole against the answers of
// ServeStdio's own, and every response is uncounted from flight.
type answerWriter struct {
	mu     sync.Mutex
	w      io.Writer
	flight *inFlight
}

// Write writes one message and notes the request it answers.
func (a *answerWriter) Write(p []byte) (int, error) {
	a.mu.Lock()
	n, err := a.w.Write(p)
	a.mu.Unlock()
	a.flight.answered(p)
	return n, err
}

// codeInvalidRequest is JSON-RPC's error code for a message that is no
// valid request: here, one over the size cap.
const codeInvalidRequest = -32600

// tooLong answers a message of n bytes over the cap with an error that
// carries its id (null when none could be read).
func (a *answerWriter) tooLong(id json.RawMessage, n int) {
	if id == nil {
		id = json.RawMessage("null")
	}
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{
		"code": codeInvalidRequest, "message": fmt.Sprintf("message of %d bytes dropped: longer than the %d the server reads", n, DefaultMaxBody)}})
	a.Write(append(msg, '\n'))
}
