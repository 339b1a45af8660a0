package mcp

import (
	"context"
	"io"
	"log/slog"
	"sync"

	"github.com/mark3labs/mcp-go/server"
)

// stdioWorkers is how many tool calls run at once over stdio (mcp-go's
// default is 5): calls are answered from a shared snapshot, so more only
// cost memory.
const stdioWorkers = 16

// ServeStdio serves MCP over a client's pipes until in ends or ctx is done.
// mcp-go keeps one stdio session per process: serve stdio once. A message
// longer than DefaultMaxBody (the HTTP transport's limit) is not read into
// memory: it is answered with a parse error, and the next one is read.
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
	return st.Listen(ctx, newLineCap(in, DefaultMaxBody, s.log), out)
}
