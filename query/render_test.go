package query

import (
	"encoding/json"
	"strings"
	"testing"
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
