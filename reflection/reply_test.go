package reflection

import (
	"errors"
	"strings"
	"testing"

	"github.com/gortex/gortex/memory"
)

func TestParseNotes(t *testing.T) {
	tests := []struct {
		name    string
		reply   string
		titles  []string
		dropped int
		err     bool
	}{
		{"plain object", `{"notes":[{"title":"A","body":"a holds"},{"title":"B","body":"b holds","kind":"invariant"}]}`, []string{"A", "B"}, 0, false},
		{"prose and a fence around it", "Here you go:\n```json\n{\"notes\": [{\"title\": \"A\", \"body\": \"a {holds} \\\"quoted\\\"\"}]}\n```\nHope that helps {really}.", []string{"A"}, 0, false},
		{"first balanced object wins", `{"notes":[{"title":"first","body":"x"}]} {"notes":[{"title":"second","body":"y"}]}`, []string{"first"}, 0, false},
		{"braces in prose before the object", `use {x} or {y: 1} then {"notes":[{"title":"A","body":"x"}]}`, []string{"A"}, 0, false},
		{"malformed notes dropped", `{"notes":[{"title":"ok","body":"x"},{"title":1,"body":"x"},{"title":"no body"},{"body":"x","kind":"wish"},{"body":"x","basis":"gut"},"text",{"title":"two\nlines","body":"x"}]}`, []string{"ok"}, 6, false},
		{"kind and basis in capitals", `{"notes":[{"title":"A","body":"x","kind":"Decision","basis":"MEASUREMENT"}]}`, []string{"A"}, 0, false},
		{"one note as the object", `{"title":"A","body":"x"}`, []string{"A"}, 0, false},
		{"no notes", `{"notes":[]}`, nil, 0, false},
		{"no object", "I found nothing worth keeping.", nil, 0, true},
		{"a cut reply keeps its first whole note", `{"notes":[{"title":"A","body":"x"},{"title":"B","bo`, []string{"A"}, 0, false},
		{"unbalanced", `{"notes":[{"title":"A","body":"x"`, nil, 0, true},
		{"notes is no array", `{"notes":"none"}`, nil, 0, true},
		{"an object without notes", `{"answer":"none"}`, nil, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			notes, dropped, err := ParseNotes(tt.reply)
			if (err != nil) != tt.err || (err != nil && !errors.Is(err, ErrMalformed)) {
				t.Fatalf("err %v, want error %v", err, tt.err)
			}
			var titles []string
			for _, n := range notes {
				titles = append(titles, n.Title)
				if n.Body == "" {
					t.Errorf("a note without a body: %+v", n)
				}
			}
			if strings.Join(titles, "|") != strings.Join(tt.titles, "|") || dropped != tt.dropped {
				t.Errorf("titles %q dropped %d, want %q %d", titles, dropped, tt.titles, tt.dropped)
			}
		})
	}
	notes, _, _ := ParseNotes(`{"notes":[{"title":"A","body":"x","kind":"Decision","basis":"MEASUREMENT"}]}`)
	if notes[0].Kind != memory.KindDecision || notes[0].Basis != memory.BasisMeasurement {
		t.Errorf("kind and basis not normalised: %+v", notes[0])
	}
}

func FuzzParseNotes(f *testing.F) {
	f.Add(`{"notes":[{"title":"A","body":"x"}]}`)
	f.Add("```json\n{\"notes\": [{\"body\": \"a \\\"}\\\" b\"}]}\n```")
	f.Add(`{{{{"notes":[]}`)
	f.Add(`{"title":"A","body":"x","symbols":["a.B"],"files":["a.go"],"tags":["t"]}`)
	f.Fuzz(func(t *testing.T, reply string) {
		notes, dropped, err := ParseNotes(reply)
		if err != nil && (len(notes) > 0 || dropped > 0) {
			t.Fatalf("notes %v dropped %d with error %v", notes, dropped, err)
		}
		for _, n := range notes {
			if strings.TrimSpace(n.Body) == "" || strings.ContainsAny(n.Title, "\r\n") {
				t.Fatalf("invalid note kept: %+v", n)
			}
		}
	})
}
