package httpguard

import (
	"context"
	"net"
	"net/http"
	"time"
)

// Serve serves h on ln until ctx ends or serving fails, then shuts the
// server down, giving requests in flight five seconds. Every request's
// context derives from ctx. The limits are those of every local surface:
// a request's header read within 10 s and at most 64 KiB, the whole
// request within read (0: no bound beyond the header's), the answer
// written within write, a connection idle for two minutes closed.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, read, write time.Duration) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       read,
		WriteTimeout:      write,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}
