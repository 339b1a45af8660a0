package mcp

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"log/slog"
)

// oversized is the line a message longer than the cap reads as: the bytes
// of the message already passed on end in it, so the server sees one line
// that is no JSON and answers a parse error, then reads on.
const oversized = `"message dropped: longer than the server reads"` + "\n"

// lineCap passes the lines of r (stdio messages, one JSON-RPC message a
// line) of at most max bytes; a longer one is cut at max, the rest of it
// up to its newline is read and dropped without being kept, and the line
// ends as oversized. Memory stays bounded by max whatever a client sends,
// as the HTTP transport's body limit bounds it there.
type lineCap struct {
	r        *bufio.Reader
	max      int
	line     int    // bytes of the current line passed on
	skipping bool   // dropping the rest of a line longer than max
	pending  []byte // read, not yet passed on
	log      *slog.Logger
}

func newLineCap(r io.Reader, max int, log *slog.Logger) *lineCap {
	return &lineCap{r: bufio.NewReaderSize(r, 64<<10), max: max, log: log}
}

func (l *lineCap) Read(p []byte) (int, error) {
	for len(l.pending) == 0 {
		chunk, err := l.r.ReadSlice('\n')
		if len(chunk) == 0 && err != nil {
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			return 0, err
		}
		ended := chunk[len(chunk)-1] == '\n'
		switch {
		case l.skipping:
		case l.line+len(chunk) > l.max:
			l.pending, l.skipping = bytes.Clone(chunk[:l.max-l.line]), true
		default:
			l.pending = bytes.Clone(chunk)
		}
		l.line += len(chunk)
		if ended {
			if l.skipping {
				l.log.Warn("stdio message dropped: too long", "bytes", l.line, "max", l.max)
				l.pending, l.skipping = append(l.pending, oversized...), false
			}
			l.line = 0
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) && len(l.pending) == 0 {
			return 0, err
		}
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}
