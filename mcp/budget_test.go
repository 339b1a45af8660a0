package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// TestFitAnswer: an answer that fits its budget as it is comes back
// unchanged with the result made to measure it (for the whole result),
// the same as result makes; one over it is cut, and no result comes back.
func TestFitAnswer(t *testing.T) {
	answerOf := func(n int) *query.Answer {
		a := &query.Answer{Query: "billing.Invoice", Count: n}
		for i := range n {
			a.Rationale = append(a.Rationale, query.Entry{SourceID: fmt.Sprintf("doc:docs/adr/%d.md#L1", i), Kind: query.EntryContent,
				Text: "Amounts are integer cents. " + strings.Repeat("Floating point sums drift over many invoices. ", 10)})
		}
		return a
	}
	tests := []struct {
		name    string
		n       int
		z       sizing
		measure bool   // the result comes back
		note    string // in the note; "" for none
	}{
		{"fits the default budget", 3, sizing{maxTokens: defaultMaxTokens, whole: true, f: query.FormatJSON}, true, ""},
		{"fits, structured content only", 3, sizing{maxTokens: defaultMaxTokens, whole: true, brief: true, f: query.FormatJSON}, true, ""},
		{"fits, in TOON", 3, sizing{maxTokens: defaultMaxTokens, whole: true, f: query.FormatTOON}, true, ""},
		{"fits max_tokens, which counts the text", 3, sizing{maxTokens: 2000, f: query.FormatJSON}, false, ""},
		{"over the default budget", 200, sizing{maxTokens: defaultMaxTokens, whole: true, f: query.FormatJSON}, false, "cut to fit"},
		{"over max_tokens", 3, sizing{maxTokens: 300, f: query.FormatJSON}, false, "cut to fit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := answerOf(tt.n)
			before, _ := json.Marshal(a)
			res, err := fitAnswer(a, tt.z)
			if err != nil {
				t.Fatal(err)
			}
			if (res != nil) != tt.measure {
				t.Fatalf("fitAnswer gave a result: %v, want %v", res != nil, tt.measure)
			}
			after, _ := json.Marshal(a)
			if (tt.note == "") != bytes.Equal(before, after) || !strings.Contains(a.Note, tt.note) {
				t.Errorf("note %q (answer changed: %v), want one with %q", a.Note, !bytes.Equal(before, after), tt.note)
			}
			if res == nil {
				return
			}
			want, err := result(a, tt.z.f, tt.z.brief)
			if err != nil {
				t.Fatal(err)
			}
			g, _ := json.Marshal(res)
			w, _ := json.Marshal(want)
			if !bytes.Equal(g, w) {
				t.Errorf("the result measured:\n%s\nwant result's:\n%s", g, w)
			}
		})
	}
}

// FuzzSizeBound: sizeBound is never shorter than the result as JSON, for
// an answer holding any text, in either format, for either kind of client.
func FuzzSizeBound(f *testing.F) {
	for _, s := range []string{"", "plain words", `quotes " and \ back`, "<b>&amp;</b>", "tab\tnew\nline\x01\x1f",
		"caf\u00e9 \u2028 \u2029 \u65e5\u672c", "bad \xff\xfe utf-8 \xe2\x80", "\u007f\u0080\u009b[31m"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, brief bool) {
		a := &query.Answer{Query: text, Note: text, Rationale: []query.Entry{{SourceID: text, Text: text + text}}, Count: 1}
		for _, form := range []query.Format{query.FormatJSON, query.FormatTOON} {
			res, err := result(a, form, brief)
			if err != nil {
				return // not every text can be written in every format
			}
			b, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			if bound := sizeBound(res); bound < len(b) {
				t.Errorf("%s: sizeBound = %d, shorter than the %d bytes of\n%s", form, bound, len(b), b)
			}
		}
	})
}
