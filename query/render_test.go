package query

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
)

// JSON is indented for people and compact for agents; both carry the same
// answer.
func TestRenderJSONLayout(t *testing.T) {
	a := &Answer{Query: "Invoice.Finalize", Candidates: []SymbolRef{}, Count: 1,
		Rationale: []Entry{{SourceID: "doc:docs/adr/0001.md#L3", Kind: "content", Text: "Finalize books <revenue> once."}}}
	tests := []struct {
		name  string
		o     RenderOptions
		lines int
	}{
		{"indented", RenderOptions{}, 22},
		{"compact", RenderOptions{Compact: true}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Render(&b, a, FormatJSON, tt.o); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if got := strings.Count(out, "\n"); got != tt.lines {
				t.Errorf("%d lines, want %d:\n%s", got, tt.lines, out)
			}
			var back Answer
			if err := json.Unmarshal([]byte(out), &back); err != nil || back.Rationale[0].Text != a.Rationale[0].Text {
				t.Errorf("does not decode to the answer: %v\n%s", err, out)
			}
			if !strings.Contains(out, "<revenue>") {
				t.Errorf("HTML was escaped:\n%s", out)
			}
		})
	}
}

// A commit entry's location column names its file when it has one, and
// otherwise the commit (a question's commit hit touched no one file); it is
// never empty, in the full answer nor in a summary's sources.
func TestRenderCommitLocation(t *testing.T) {
	const hash = "5632927aa1b2c3d4e5f60718293a4b5c6d7e8f90"
	tests := []struct {
		name  string
		entry Entry
		want  string // the entry's first line, after its number and signal
	}{
		{"question hit", Entry{Kind: EntryCommit, Signal: "lexical", Section: "init", AssetKind: "commit", Commit: hash, Author: "a", Date: "2026-12-02T17:58:25Z"},
			"commit 5632927  § init  commit"},
		{"blamed file", Entry{Kind: EntryCommit, Signal: "commit", Path: "billing/invoice.go", Section: "init", AssetKind: "commit", Commit: hash},
			"billing/invoice.go  § init  commit"},
		{"document", Entry{Kind: EntryContent, Signal: "lexical", Path: "docs/adr/0001.md", Line: 7, Section: "Context", AssetKind: "adr"},
			"docs/adr/0001.md:7  § Context  adr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &Answer{Query: "why is it so", Kind: AnswerQuestion, Rationale: []Entry{tt.entry}}
			var b strings.Builder
			if err := Render(&b, a, FormatText, RenderOptions{}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), " "+tt.entry.Signal+" ") || !strings.Contains(b.String(), tt.want+"\n") {
				t.Errorf("want %q in\n%s", tt.want, b.String())
			}
			a.Summary = "It is so [1]."
			b.Reset()
			if err := Render(&b, a, FormatText, RenderOptions{}); err != nil {
				t.Fatal(err)
			}
			if want := "[1] " + strings.Split(tt.want, "  ")[0] + "  § "; !strings.Contains(b.String(), want) {
				t.Errorf("summary sources: want %q in\n%s", want, b.String())
			}
		})
	}
}

// A commit entry's text is the prose of its message: trailers, pointer
// lines and separators are never its excerpt, whatever the detail matched,
// while its refs still come from the whole message.
func TestCommitEntryText(t *testing.T) {
	tests := []struct {
		name, body, detail, want string
	}{
		{"prose then trailers", "The cap was off by one.\n\nReported-by: Bob\nSigned-off-by: Ada <a@x>\nCloses #12", "", "The cap was off by one."},
		{"detail in a trailer", "The cap was off by one.\n\nReviewed-by: Budget Team <b@x>", "Budget", "The cap was off by one."},
		{"trailers only", "Signed-off-by: Ada <a@x>\nChange-Id: I0123456789abcdef", "", ""},
		{"squash separator", "Fix cap (#3)\n\n---------\n\nCo-authored-by: Bob <b@x>", "", "Fix cap (#3)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := history.Commit{Hash: "c0ffee0000000000000000000000000000000000", Subject: "Fix the cap", Body: tt.body}
			e := entryOf(ranked{hit: hit{source: commitSource(c), signal: graph.SignalCommit, detail: tt.detail}}, nil)
			if e.Text != tt.want {
				t.Errorf("text %q, want %q", e.Text, tt.want)
			}
			if strings.Contains(tt.body, "#12") && !slices.Contains(e.Refs, "#12") {
				t.Errorf("refs %v lost #12", e.Refs)
			}
		})
	}
}
