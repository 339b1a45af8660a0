package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

func TestLineCap(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // longer than the reader's buffer
	withID := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":"` + long + "\"}}\n"
	stringID := `{"method":"tools/call", "id" : "req-1","params":"` + long + "\"}\n"
	idLate := `{"method":"x","params":"` + long + `","id":9}` + "\n"
	tests := []struct {
		name, in string
		max      int
		want     []string
		dropped  []string // the ids (or "" for none) of the lines over max, with their size
	}{
		{"short lines pass", "a\nbb\n", 10, []string{"a\n", "bb\n"}, nil},
		{"a line of max bytes passes", "0123456789\n", 11, []string{"0123456789\n"}, nil},
		{"a longer line is dropped", "0123456789abc\nnext\n", 5, []string{"next\n"}, []string{" 14"}},
		{"a line longer than the buffer", long + "\n{}\n", 1 << 10, []string{"{}\n"}, []string{fmt.Sprint(" ", len(long)+1)}},
		{"a long line passes under a large cap", long + "\n", 1 << 20, []string{long + "\n"}, nil},
		{"the last line needs no newline", "a\nb", 10, []string{"a\n", "b"}, nil},
		{"an unended long line is dropped", "a\n" + long, 10, []string{"a\n"}, []string{fmt.Sprint(" ", len(long))}},
		{"the id of a long request", withID, 1 << 10, nil, []string{fmt.Sprint("7 ", len(withID))}},
		{"a string id after the method", stringID, 1 << 10, nil, []string{fmt.Sprint(`"req-1" `, len(stringID))}},
		{"an id after the cut", idLate, 1 << 10, nil, []string{fmt.Sprint(" ", len(idLate))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lc := newLineCap(iotestOneByte(strings.NewReader(tt.in)), tt.max, slog.New(slog.DiscardHandler))
			var dropped []string
			lc.tooLong = func(id json.RawMessage, n int) { dropped = append(dropped, fmt.Sprint(string(id), " ", n)) }
			ends := 0
			lc.atEnd = func() { ends++ }
			r := bufio.NewReader(lc)
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
			if strings.Join(dropped, "|") != strings.Join(tt.dropped, "|") {
				t.Errorf("dropped %q, want %q", dropped, tt.dropped)
			}
			if ends != 1 {
				t.Errorf("atEnd ran %d times, want once", ends)
			}
		})
	}
}

// iotestOneByte reads r in small pieces, as a pipe may deliver it.
func iotestOneByte(r io.Reader) io.Reader { return &smallReads{r} }

type smallReads struct{ r io.Reader }

func (s *smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), 7000)]) }

// Over stdio, a message larger than the limit is answered with an error
// carrying its own id (not "id": null, which leaves the client waiting for
// its answer), without being held in memory, and the server reads on.
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
	if len(replies) != 2 || replies[0]["error"] == nil || replies[0]["id"] != float64(1) || replies[1]["id"] != float64(2) || replies[1]["error"] != nil {
		t.Errorf("replies %.300v, want an error for id 1, then the ping's answer", replies)
	}
}
