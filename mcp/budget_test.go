package mcp

import (
	"strings"
	"testing"

	"github.com/gortex/gortex/query"
)

// items is a result of texts for fitTo: rendered as JSON, the last ones
// droppable.
type items struct {
	Texts []string `json:"texts"`
}

func TestFitTo(t *testing.T) {
	long := func(lead string) string {
		return lead + " " + strings.Repeat("More words that can go when the budget is tight. ", 12)
	}
	texts := []string{long("The first entry holds."), long("The second entry holds too."), long("A third."), long("And a fourth one.")}
	leads := []string{"The first entry holds.", "The second entry holds too.", "A third.", "And a fourth one."}
	tests := []struct {
		name      string
		maxTokens int
		droppable bool
		kept      int    // entries left
		leads     bool   // each kept text starts with its first sentence
		note      string // in the note; "" for no note
	}{
		{"fits", 2000, true, 4, true, ""},
		{"shortened", 400, true, 4, true, "text of 4 of 4 kept shortened to no less than its first sentence"},
		// The note takes about 48 tokens; the first sentences of all four
		// entries 26, of three 21, of two 17, of one 10.
		{"dropped", 66, true, 2, true, "2 entries of 4 dropped from the end"},
		{"first sentence only", 59, true, 1, true, "3 entries of 4 dropped"},
		{"one entry left", 56, true, 1, false, "even below the first sentence"},
		{"nothing may be dropped", 67, false, 4, false, "even below the first sentence"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := items{Texts: append([]string(nil), texts...)}
			ptrs := make([]*string, len(v.Texts))
			for i := range v.Texts {
				ptrs[i] = &v.Texts[i]
			}
			z := sizing{maxTokens: tt.maxTokens, f: query.FormatJSON}
			render := func() (string, error) { return z.render(&v) }
			var drop func(int)
			if tt.droppable {
				drop = func(n int) { v.Texts = v.Texts[:n] }
			}
			note, err := fitTo(z, &v, ptrs, drop)
			if err != nil {
				t.Fatal(err)
			}
			out, _ := render()
			if got := estimateTokens(out) + estimateTokens(note); got > tt.maxTokens {
				t.Errorf("%d tokens with the note, more than %d", got, tt.maxTokens)
			}
			if len(v.Texts) != tt.kept {
				t.Errorf("%d entries kept, want %d", len(v.Texts), tt.kept)
			}
			for i, s := range v.Texts {
				if tt.leads && !strings.HasPrefix(s, leads[i]) {
					t.Errorf("entry %d lost its first sentence: %q", i, s)
				}
				if s == "" && i == 0 {
					t.Errorf("the first entry has no text")
				}
			}
			if (tt.note == "") != (note == "") || !strings.Contains(note, tt.note) {
				t.Errorf("note %q, want one with %q", note, tt.note)
			}
		})
	}
}
