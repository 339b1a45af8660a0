package llm

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// maxReplyBytes caps what gortex reads of one reply of a backend: an HTTP
// response body, or the claude CLI's output. A reply is at most
// maxReplyTokens of text in a JSON envelope, a few kilobytes; a model
// listing is some hundred kilobytes. A server that sends more, even the
// user's own, is refused rather than read into memory.
const maxReplyBytes = 8 << 20

// ErrReplyTooLarge is the error of a reply over maxReplyBytes.
var ErrReplyTooLarge = fmt.Errorf("the reply is larger than %d MiB", maxReplyBytes>>20)

// capTransport is an http.RoundTripper whose response bodies fail with
// ErrReplyTooLarge once they pass max bytes, whatever reads them (the
// SDKs read a body whole).
type capTransport struct {
	base http.RoundTripper
	max  int64
}

// RoundTrip sends req through the base transport and caps the body of
// its response.
func (t capTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if resp.ContentLength > t.max {
		resp.Body.Close()
		return nil, ErrReplyTooLarge
	}
	resp.Body = &cappedBody{rc: resp.Body, left: t.max}
	return resp, nil
}

// replyClient is the client of a backend: c (nil means one with
// llmTimeout) with its responses capped at maxReplyBytes.
func replyClient(c *http.Client) *http.Client {
	if c == nil {
		c = &http.Client{Timeout: llmTimeout}
	}
	return cappedClient(c, maxReplyBytes)
}

// cappedClient returns a copy of c whose responses are capped at max
// bytes.
func cappedClient(c *http.Client, max int64) *http.Client {
	base := c.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	out := *c
	out.Transport = capTransport{base: base, max: max}
	return &out
}

// cappedBody reads rc and fails with ErrReplyTooLarge past left bytes.
type cappedBody struct {
	rc   io.ReadCloser
	left int64
}

// Read reads from the body, failing once more than the cap has come.
func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, ErrReplyTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1] // one byte more tells a body of exactly the cap from a longer one
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n - 1, ErrReplyTooLarge
	}
	return n, err
}

// Close closes the body.
func (b *cappedBody) Close() error { return b.rc.Close() }

// capped is an io.Writer that keeps the first max bytes written to it and
// notes that more came (over); it never fails, so that a process writing
// to it is not stopped mid-write by a broken pipe. (The buffer is a field,
// not embedded: an embedded bytes.Buffer's ReadFrom would let io.Copy
// read past the cap.)
type capped struct {
	buf    bytes.Buffer
	max    int
	over   bool
	onOver func() // called when the cap is first passed; may be nil
}

// Write keeps what fits under the cap.
func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); len(p) > room {
		if !c.over && c.onOver != nil {
			c.onOver()
		}
		c.over = true
		c.buf.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.buf.Write(p)
}

// Bytes is what was kept.
func (c *capped) Bytes() []byte { return c.buf.Bytes() }

// String is what was kept, as a string.
func (c *capped) String() string { return c.buf.String() }

// isTooLarge reports whether err is a reply over the cap.
func isTooLarge(err error) bool { return errors.Is(err, ErrReplyTooLarge) }
