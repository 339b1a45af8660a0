package lsp

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/gortex/gortex/history"
)

func TestBufferHunks(t *testing.T) {
	tests := []struct {
		name          string
		buffer, saved string
		want          []history.Hunk
	}{
		{name: "same", buffer: "a\nb\nc\n", saved: "a\nb\nc\n"},
		{name: "line rewritten", buffer: "a\nB\nc\n", saved: "a\nb\nc\n",
			want: []history.Hunk{{OldStart: 2, OldLines: 1, NewStart: 2, NewLines: 1}}},
		{name: "line added in the buffer", buffer: "a\nb\nx\nc\n", saved: "a\nb\nc\n",
			want: []history.Hunk{{OldStart: 3, OldLines: 1, NewStart: 2, NewLines: 0}}},
		{name: "line deleted in the buffer", buffer: "a\nc\n", saved: "a\nb\nc\n",
			want: []history.Hunk{{OldStart: 1, OldLines: 0, NewStart: 2, NewLines: 1}}},
		{name: "carriage returns are line ends", buffer: "a\r\nb\r\n", saved: "a\nb\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := bufferHunks(tt.buffer, tt.saved)
			if len(got) != len(tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("hunk %d: got %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestDiagnostics(t *testing.T) {
	se := start(t, fixture(t))
	const file = "cart/pricing.go"
	text := se.open(file)
	if d := se.diagnostics(t, file, 1); len(d) != 0 {
		t.Fatalf("diagnostics on an unchanged buffer: %+v", d)
	}
	tests := []struct {
		name     string
		old, new string
		want     string // a diagnostic's message; "" for none
		line     string // the buffer line it starts on
	}{
		{name: "an invariant's method changed", old: "return Total(c.Items)", new: "return Total(c.Items) + 1",
			want: "invariant: Cart totals are integer cents — ADR 0004", line: "\treturn Total(c.Items) + 1"},
		{name: "a line added to it", old: "func (c *Cart) Total() int64 {\n", new: "func (c *Cart) Total() int64 {\n\t// rounding?\n",
			want: "invariant: Cart totals are integer cents — ADR 0004", line: "\t// rounding?"},
		{name: "an ungoverned function changed", old: "n += it.Quantity", new: "n += 2 * it.Quantity"},
		{name: "the change undone", old: "", new: ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			buf := strings.Replace(text, tt.old, tt.new, 1)
			version := int32(i + 2)
			err := se.server.DidChange(context.Background(), &protocol.DidChangeTextDocumentParams{
				TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: se.uri(file)}, Version: version},
				ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: buf}}})
			if err != nil {
				t.Fatal(err)
			}
			d := se.diagnostics(t, file, uint32(version))
			if tt.want == "" {
				if len(d) != 0 {
					t.Fatalf("want no diagnostic, got %+v", d)
				}
				return
			}
			if len(d) != 1 {
				t.Fatalf("want one diagnostic, got %+v", d)
			}
			if d[0].Message != tt.want || d[0].Severity != protocol.DiagnosticSeverityInformation || d[0].Source != "gortex" {
				t.Errorf("got %+v, want %q", d[0], tt.want)
			}
			if got := lineOf(buf, int(d[0].Range.Start.Line)); got != tt.line {
				t.Errorf("on line %q, want %q", got, tt.line)
			}
		})
	}
}

// diagnostics waits for the diagnostics published for rel's buffer at
// version.
func (se *session) diagnostics(t *testing.T, rel string, version uint32) []protocol.Diagnostic {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case p := <-se.rec.ch:
			if p.URI == se.uri(rel) && p.Version == version {
				return p.Diagnostics
			}
		case <-deadline:
			t.Fatalf("no diagnostics for %s at version %d", rel, version)
		}
	}
}
