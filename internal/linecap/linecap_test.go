package linecap

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
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
			lc := New(iotestOneByte(strings.NewReader(tt.in)), tt.max, slog.New(slog.DiscardHandler))
			var dropped []string
			lc.TooLong = func(id json.RawMessage, n int) { dropped = append(dropped, fmt.Sprint(string(id), " ", n)) }
			ends := 0
			lc.AtEnd = func() { ends++ }
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
// FuzzLineCap reads arbitrary client input through the stdio reader with
// a small cap: every line passed on is at most the cap, every line over it
// is answered once with a valid id or none, the two together account for
// every line, and the end is reported once.
func FuzzLineCap(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n"), uint8(16))
	f.Add([]byte(`{"id":"a\"b","method":"tools/call","params":{"x":"`+strings.Repeat("y", 300)+`"}}`), uint8(40))
	f.Add([]byte("\n\n{\"id\":[1],\"x\":1}\n{\"id\":-1.5e3}\n"), uint8(5))
	f.Fuzz(func(t *testing.T, in []byte, max uint8) {
		limit := int(max) + 1
		lc := New(bytes.NewReader(in), limit, slog.New(slog.DiscardHandler))
		passed, dropped, ends := 0, 0, 0
		lc.OnLine = func(line []byte) {
			passed++
			if len(line) > limit {
				t.Fatalf("a line of %d bytes passed a cap of %d", len(line), limit)
			}
		}
		lc.TooLong = func(id json.RawMessage, n int) {
			dropped++
			if n <= limit || id != nil && !json.Valid(id) {
				t.Fatalf("dropped %d bytes (cap %d) with id %q", n, limit, id)
			}
		}
		lc.AtEnd = func() { ends++ }
		out, err := io.ReadAll(lc)
		if err != nil || ends != 1 {
			t.Fatalf("read: %v; atEnd ran %d times", err, ends)
		}
		lines := bytes.Count(in, []byte("\n"))
		if len(in) > 0 && in[len(in)-1] != '\n' {
			lines++
		}
		if passed+dropped != lines || len(out) > len(in) {
			t.Fatalf("%d lines passed and %d dropped of %d; %d bytes out of %d", passed, dropped, lines, len(out), len(in))
		}
	})
}
