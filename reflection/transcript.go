package reflection

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gortex/gortex/internal/textutil"
)

// Message is one turn of a session, text only.
type Message struct {
	Role string // RoleUser or RoleAssistant
	Text string
}

// The roles a transcript's messages keep; system messages and tool calls
// and results are plumbing and dropped.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// Limits of what is read. A session file grows with every tool result (a
// long Claude Code session is tens of megabytes); only its tail is used.
const (
	// TailMessages is how many of the last messages a reflection reads:
	// about the last hour of a working session, within the prompt budget
	// below.
	TailMessages = 24
	// MaxMessageRunes cuts each message; the start of a long reply says
	// what it decided, the rest is usually code or a listing.
	MaxMessageRunes = 2000
	// maxLine bounds one JSONL line; a longer one (a huge tool result) is
	// skipped.
	maxLine = 16 << 20
	// MaxTranscriptBytes bounds what is read of a transcript at all: of a
	// larger file, its end.
	MaxTranscriptBytes = 256 << 20
	// maxMessageBytes bounds the text of one message of a plain transcript
	// before it is cleaned and cut to MaxMessageRunes.
	maxMessageBytes = 1 << 20
)

// plumbing matches the harness's own text inside user messages: system
// reminders and local command echoes, which the user did not write.
var plumbing = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`(?s)<system-reminder>.*?</system-reminder>`),
		regexp.MustCompile(`(?s)<local-command-stdout>.*?</local-command-stdout>`),
		regexp.MustCompile(`(?s)<command-(?:name|message|args)>.*?</command-(?:name|message|args)>`),
	}
})

// ParseTranscript reads a session transcript and returns its last n
// messages, in order: Claude Code's session JSONL (one JSON object per
// line, as ~/.claude/projects/*/*.jsonl holds them) when the first
// non-blank line starts with '{', else plain text of "role: text" lines (a
// line without a role continues the message before it). It keeps the text
// of user and assistant messages only: tool calls, tool results, thinking,
// system and meta lines and side chains are dropped, and so are lines that
// do not parse. Whatever the transcript's size, it holds n messages (a
// ring buffer), one line of at most maxLine bytes and one message of at
// most maxMessageBytes: a 190 MB session reads in bounded memory. Of a
// file larger than MaxTranscriptBytes (an io.Seeker), the last
// MaxTranscriptBytes are read, from the first whole line.
func ParseTranscript(r io.Reader, n int) ([]Message, error) {
	r, err := lastBytes(r, MaxTranscriptBytes)
	if err != nil {
		return nil, fmt.Errorf("read the transcript: %w", err)
	}
	br := bufio.NewReaderSize(io.LimitReader(r, MaxTranscriptBytes), 64<<10)
	head, err := br.Peek(4096)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, fmt.Errorf("read the transcript: %w", err)
	}
	tail := newRing(n)
	if first := bytes.TrimLeft(head, " \t\r\n\ufeff"); len(first) > 0 && first[0] == '{' {
		err = parseJSONL(br, tail)
	} else {
		err = parsePlain(br, tail)
	}
	return tail.messages(), err
}

// lastBytes is r from where its last max bytes start, at the next line,
// when r is a file (an io.Seeker) longer than max; else r.
func lastBytes(r io.Reader, max int64) (io.Reader, error) {
	sk, ok := r.(io.Seeker)
	if !ok {
		return r, nil
	}
	here, err := sk.Seek(0, io.SeekCurrent)
	if err != nil {
		return r, nil // not seekable after all (a pipe): read it from here
	}
	size, err := sk.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, err
	}
	start := here
	if size-here > max {
		start = size - max
	}
	if _, err := sk.Seek(start, io.SeekStart); err != nil {
		return nil, err
	}
	if start == here {
		return r, nil
	}
	br := bufio.NewReader(r)
	if _, err := readLine(br); err != nil && err != io.EOF {
		return nil, err // the line cut by the start is dropped
	}
	return br, nil
}

// ring keeps the last messages added, as many as it has room for.
type ring struct {
	buf  []Message
	next int
	full bool
}

func newRing(n int) *ring { return &ring{buf: make([]Message, max(n, 0))} }

func (r *ring) add(m Message) {
	if len(r.buf) == 0 {
		return
	}
	r.buf[r.next] = m
	r.next = (r.next + 1) % len(r.buf)
	r.full = r.full || r.next == 0
}

// messages are the messages kept, oldest first.
func (r *ring) messages() []Message {
	if !r.full && r.next == 0 {
		return nil
	}
	if !r.full {
		return slices.Clone(r.buf[:r.next])
	}
	return append(slices.Clone(r.buf[r.next:]), r.buf[:r.next]...)
}

// jsonlEntry is the part of a Claude Code transcript line that is read.
type jsonlEntry struct {
	Type        string `json:"type"`
	IsMeta      bool   `json:"isMeta"`
	IsSidechain bool   `json:"isSidechain"`
	Message     *struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

type contentBlock struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

func parseJSONL(br *bufio.Reader, tail *ring) error {
	for {
		line, err := readLine(br)
		if m, ok := jsonlMessage(line); ok {
			tail.add(m)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read the transcript: %w", err)
		}
	}
}

// readLine reads one line; a line longer than maxLine comes back empty
// (read to its end and dropped).
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		if len(line)+len(part) <= maxLine {
			line = append(line, part...)
		} else {
			line = line[:0:0]
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			if err != nil {
				return nil, err
			}
			return nil, nil
		}
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// jsonlMessage is the message of one transcript line, if it holds text of
// the user or the assistant.
func jsonlMessage(line []byte) (Message, bool) {
	var e jsonlEntry
	if json.Unmarshal(line, &e) != nil || e.Message == nil || e.IsMeta || e.IsSidechain {
		return Message{}, false
	}
	role := e.Message.Role
	if role == "" {
		role = e.Type
	}
	if role != RoleUser && role != RoleAssistant {
		return Message{}, false
	}
	var text string
	var blocks []contentBlock
	switch {
	case json.Unmarshal(e.Message.Content, &text) == nil:
	case json.Unmarshal(e.Message.Content, &blocks) == nil:
		var parts []string
		for _, b := range blocks {
			if b.Type == "text" {
				parts = append(parts, b.Text)
			}
		}
		text = strings.Join(parts, "\n")
	}
	return message(role, text)
}

// message cleans text and makes it a message, if anything is left.
func message(role, text string) (Message, bool) {
	text = strings.ToValidUTF8(text, "")
	for _, re := range plumbing() {
		text = re.ReplaceAllString(text, "")
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return Message{}, false
	}
	if utf8.RuneCountInString(text) > MaxMessageRunes {
		text = string([]rune(text)[:MaxMessageRunes-1]) + "…"
	}
	return Message{Role: role, Text: text}, true
}

// roleLine matches the start of a plain transcript's message.
var roleLine = textutil.Regexp(`(?i)^\s*(user|human|me|assistant|ai|claude|agent|model|system|tool)\s*:\s?(.*)$`)

func plainRole(s string) string {
	switch strings.ToLower(s) {
	case "user", "human", "me":
		return RoleUser
	case "assistant", "ai", "claude", "agent", "model":
		return RoleAssistant
	}
	return "" // system, tool: plumbing
}

// parsePlain reads a plain transcript's messages into tail. A line over
// maxLine is dropped, and a message keeps its first maxMessageBytes.
func parsePlain(br *bufio.Reader, tail *ring) error {
	role, started := "", false
	var text strings.Builder
	flush := func() {
		if m, ok := message(role, text.String()); ok && role != "" {
			tail.add(m)
		}
		text.Reset()
	}
	write := func(s string) {
		if room := maxMessageBytes - text.Len(); room > 0 {
			text.WriteString(s[:min(room, len(s))])
		}
	}
	for {
		raw, err := readLine(br)
		line := strings.TrimRight(string(raw), "\r\n")
		if m := roleLine().FindStringSubmatch(line); m != nil {
			flush()
			role, started = plainRole(m[1]), true
			write(m[2])
		} else if started {
			write("\n")
			write(line)
		}
		if err == io.EOF {
			flush()
			return nil
		}
		if err != nil {
			return fmt.Errorf("read the transcript: %w", err)
		}
	}
}
