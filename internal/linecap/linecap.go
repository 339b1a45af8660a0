// Package linecap reads a stream of newline-ended messages (the MCP
// stdio transport's JSON-RPC) with a cap on each line's size: memory stays
// bounded whatever a client sends, and a line over the cap is answered
// with its request's id instead of passed on.
package linecap

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
)

// Reader passes the lines of r (stdio messages, one JSON-RPC message a
// line) of at most max bytes, each whole, through OnLine. A longer one is
// not passed: its first max bytes are kept, the rest up to its newline is
// read and dropped, and TooLong is called with the id read from the kept
// bytes (nil when none can be read), so that the client is answered with
// an error carrying its request's id. Memory stays bounded by max whatever
// a client sends, as the HTTP transport's body limit bounds it there. At
// the end of r, AtEnd runs before the end is passed on.
type Reader struct {
	r        *bufio.Reader
	max      int
	line     []byte // the current line, at most max bytes of it
	size     int    // bytes of the current line read
	skipping bool   // dropping the rest of a line longer than max
	pending  []byte // read, not yet passed on
	log      *slog.Logger
	OnLine   func(line []byte)               // sees each line passed on; may be nil
	TooLong  func(id json.RawMessage, n int) // answers a line over max; may be nil
	AtEnd    func()                          // runs once at the end of r; may be nil
	ended    bool
}

// New returns a Reader of r's lines of at most max bytes; log records
// what it drops.
func New(r io.Reader, max int, log *slog.Logger) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), max: max, log: log}
}

// Read passes on whole lines; a line over the cap is answered by TooLong
// instead.
func (l *Reader) Read(p []byte) (int, error) {
	for len(l.pending) == 0 {
		chunk, err := l.r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			err = nil
		}
		l.add(chunk)
		if len(chunk) > 0 && chunk[len(chunk)-1] == '\n' || err != nil && l.size > 0 {
			l.endLine()
		}
		if err != nil && len(l.pending) == 0 {
			if !l.ended && l.AtEnd != nil {
				l.AtEnd()
			}
			l.ended = true
			return 0, err
		}
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}

// add keeps what fits of chunk in the current line.
func (l *Reader) add(chunk []byte) {
	l.size += len(chunk)
	if room := l.max - len(l.line); room > 0 {
		l.line = append(l.line, chunk[:min(room, len(chunk))]...)
	}
	if l.size > l.max {
		l.skipping = true
	}
}

// endLine passes on the current line, or answers it when it was too long.
func (l *Reader) endLine() {
	switch {
	case l.skipping:
		l.log.Warn("stdio message dropped: too long", "bytes", l.size, "max", l.max)
		if l.TooLong != nil {
			l.TooLong(leadingID(l.line), l.size)
		}
	default:
		l.pending = bytes.Clone(l.line)
		if l.OnLine != nil {
			l.OnLine(l.pending)
		}
	}
	l.line, l.size, l.skipping = l.line[:0], 0, false
	if cap(l.line) > 64<<10 {
		l.line = nil // a long line's buffer is not kept for the short ones
	}
}

// leadingID is the id of the JSON-RPC message that starts with prefix
// (cut anywhere), when its members before the cut include a string or
// number id; else nil.
func leadingID(prefix []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(prefix))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if tok == "id" {
			return ValidID(v)
		}
	}
	return nil
}

// ValidID is id, compacted, when it is a JSON-RPC request id (a string or
// a number), else nil.
func ValidID(id json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if len(id) == 0 || json.Compact(&b, id) != nil {
		return nil
	}
	switch c := b.Bytes()[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return b.Bytes()
	}
	return nil
}
