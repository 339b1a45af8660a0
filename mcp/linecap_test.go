package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

func TestLineCap(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // longer than the reader's buffer
	tests := []struct {
		name, in string
		max      int
		want     []string
	}{
		{"short lines pass", "a\nbb\n", 10, []string{"a\n", "bb\n"}},
		{"a line of max bytes passes", "0123456789\n", 11, []string{"0123456789\n"}},
		{"a longer line is cut and marked", "0123456789abc\nnext\n", 5, []string{"01234" + oversized, "next\n"}},
		{"a line longer than the buffer", long + "\n{}\n", 1 << 10, []string{long[:1<<10] + oversized, "{}\n"}},
		{"a long line passes under a large cap", long + "\n", 1 << 20, []string{long + "\n"}},
		{"the last line needs no newline", "a\nb", 10, []string{"a\n", "b"}},
		{"an unended long line just ends", "a\n" + long, 10, []string{"a\n", long[:10]}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := bufio.NewReader(newLineCap(iotestOneByte(strings.NewReader(tt.in)), tt.max, slog.New(slog.DiscardHandler)))
			var got []string
			for {
				line, err := r.ReadString('\n')
				if line != "" {
					got = append(got, line)
				}
				if err != nil {
					break
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("lines %.80q, want %.80q", got, tt.want)
			}
		})
	}
}

// iotestOneByte reads r in small pieces, as a pipe may deliver it.
func iotestOneByte(r io.Reader) io.Reader { return &smallReads{r} }

type smallReads struct{ r io.Reader }

func (s *smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), 7000)]) }

// Over stdio, a message larger than the limit is answered with a parse
// error without being held in memory, and the server reads on.
func TestStdioOversizedMessage(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Index first, so that the server's warm-up finds the index fresh and
	// writes nothing while the test's directory is removed.
	ctx, cancel := context.WithCancel(context.Background())
	warm := s.MCPServer().HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"name":"search","arguments":{"query":"cart"}}}`))
	if _, ok := warm.(mcpgo.JSONRPCResponse); !ok {
		t.Fatalf("search: %#v", warm)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan struct{})
	defer func() {
		cancel()
		inW.Close()
		<-served
	}()
	go func() {
		defer close(served)
		s.ServeStdio(ctx, inR, outW)
	}()
	go func() {
		big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"why","arguments":{"id":"` + strings.Repeat("A", DefaultMaxBody+10) + `"}}}`
		io.WriteString(inW, big+"\n")
		io.WriteString(inW, `{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n")
	}()
	dec := json.NewDecoder(outR)
	var replies []map[string]any
	done := make(chan struct{})
	go func() {
		defer close(done)
		for len(replies) < 2 {
			var m map[string]any
			if dec.Decode(&m) != nil {
				return
			}
			replies = append(replies, m)
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("no replies")
	}
	if len(replies) != 2 || replies[0]["error"] == nil || replies[1]["id"] != float64(2) || replies[1]["error"] != nil {
		t.Errorf("replies %v, want a parse error, then the ping's answer", replies)
	}
}
