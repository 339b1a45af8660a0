package mcp

import (
	"crypto/rand"
	"errors"
	"sync"
	"time"
)

// Session limits of the HTTP transport. An agent keeps one session for as
// long as it works, calling every few seconds or minutes; a client whose
// session expired gets 404 and, as the MCP specification says, starts a
// new one. Each session costs some kilobytes in mcp-go, so their number
// is capped: 40,000 initialize requests cannot grow the server's memory.
const (
	DefaultSessionIdle = 30 * time.Minute
	DefaultMaxSessions = 256
)

// sessionPrefix starts every session id, as mcp-go's own ids do.
const sessionPrefix = "mcp-session-"

// errNoSession is Validate's answer for an id the table does not hold:
// never made here, terminated, or expired.
var errNoSession = errors.New("no such session: it expired or was never started; initialize again")

// sessionTable is the server.SessionIdManager of the HTTP transport: the
// session ids it made, each with when it was last used. An id unused for
// idle is gone (Validate fails, and mcp-go answers 404); at most max are
// held, and Generate makes none beyond them. mcp-go's idle sweeper
// (server.WithSessionIdleTTL, the same idle) drops its own state of a
// session and calls Terminate.
type sessionTable struct {
	mu   sync.Mutex
	last map[string]time.Time
	idle time.Duration
	max  int
}

func newSessionTable(idle time.Duration, max int) *sessionTable {
	return &sessionTable{last: map[string]time.Time{}, idle: idle, max: max}
}

// Generate makes a session id, or returns "" when max sessions are live:
// mcp-go then answers the initialize without a session and keeps nothing
// of it (HTTPHandler refuses such a request with 503 before it gets
// there).
func (t *sessionTable) Generate() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.expire()
	if len(t.last) >= t.max {
		return ""
	}
	id := sessionPrefix + rand.Text()
	t.last[id] = time.Now()
	return id
}

// Validate accepts a live id and records its use; any other id is
// errNoSession.
func (t *sessionTable) Validate(id string) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	at, ok := t.last[id]
	now := time.Now()
	if !ok || now.Sub(at) > t.idle {
		delete(t.last, id)
		return false, errNoSession
	}
	t.last[id] = now
	return false, nil
}

// Terminate forgets id: a client's DELETE, or mcp-go's sweeper.
func (t *sessionTable) Terminate(id string) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.last, id)
	return false, nil
}

// full reports whether no session can be started now.
func (t *sessionTable) full() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.expire()
	return len(t.last) >= t.max
}

// live is the number of sessions held.
func (t *sessionTable) live() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.last)
}

// expire drops the sessions idle for longer than idle; t.mu is held.
func (t *sessionTable) expire() {
	now := time.Now()
	for id, at := range t.last {
		if now.Sub(at) > t.idle {
			delete(t.last, id)
		}
	}
}
