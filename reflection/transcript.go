package reflection

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"
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
	// MaxTranscriptBytes bounds what is read of a transcript at all.
	MaxTranscriptBytes = 256 << 20
)

// plumbing matches the harness's own text inside user messages: system
// reminders and local command echoes, which the user did not write.
var plumbing = []*regexp.Regexp{
	regexp.MustCompile(`(?s)<system-reminder>.*?</system-reminder>`),
	regexp.MustCompile(`(?s)<local-command-stdout>.*?</local-command-stdout>`),
	regexp.MustCompile(`(?s)<command-(?:name|message|args)>.*?</command-(?:name|message|args)>`),
}

// ParseTranscript reads a session transcript: Claude Code's session JSONL
// (one JSON object per line, as ~/.claude/projects/*/*.jsonl holds them)
// when the first non-blank line starts with '{', else plain text of "role:
// text" lines (a line without a role continues the message before it). It
// keeps the text of user and assistant messages only: tool calls, tool
// results, thinking, system and meta lines and side chains are dropped,
// and so are lines that do not parse. It returns the messages in order.
func ParseTranscript(r io.Reader) ([]Message, error) {
	br := bufio.NewReaderSize(io.LimitReader(r, MaxTranscriptBytes), 64<<10)
	head, err := br.Peek(4096)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, fmt.Errorf("read the transcript: %w", err)
	}
	if first := bytes.TrimLeft(head, " \t\r\n\ufeff"); len(first) > 0 && first[0] == '{' {
		return parseJSONL(br)
	}
	return parsePlain(br)
}

// Tail returns the last n messages of ms.
func Tail(ms []Message, n int) []Message {
	if len(ms) > n {
		return ms[len(ms)-n:]
	}
	return ms
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

func parseJSONL(br *bufio.Reader) ([]Message, error) {
	var out []Message
	for {
		line, err := readLine(br)
		if m, ok := jsonlMessage(line); ok {
			out = append(out, m)
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("read the transcript: %w", err)
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
	for _, re := range plumbing {
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
var roleLine = regexp.MustCompile(`(?i)^\s*(user|human|me|assistant|ai|claude|agent|model|system|tool)\s*:\s?(.*)$`)

func plainRole(s string) string {
	switch strings.ToLower(s) {
	case "user", "human", "me":
		return RoleUser
	case "assistant", "ai", "claude", "agent", "model":
		return RoleAssistant
	}
	return "" // system, tool: plumbing
}

func parsePlain(br *bufio.Reader) ([]Message, error) {
	var out []Message
	role, started := "", false
	var text strings.Builder
	flush := func() {
		if m, ok := message(role, text.String()); ok && role != "" {
			out = append(out, m)
		}
		text.Reset()
	}
	for {
		line, err := br.ReadString('\n')
		line = strings.TrimRight(line, "\r\n")
		if m := roleLine.FindStringSubmatch(line); m != nil {
			flush()
			role, started = plainRole(m[1]), true
			text.WriteString(m[2])
		} else if started {
			text.WriteString("\n" + line)
		}
		if err == io.EOF {
			flush()
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("read the transcript: %w", err)
		}
	}
}
