package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseGold(t *testing.T) {
	const ok = `{"repo":"r","commit":"","symbol":"m/p.T.M","file":"p/t.go","line":3,"doc":"d.md","section":"S","difficulty":"exact","justification":"j"}`
	tests := []struct {
		name    string
		in      string
		want    []Pair
		wantErr string
	}{
		{name: "one line", in: ok + "\n", want: []Pair{{Repo: "r", Symbol: "m/p.T.M", File: "p/t.go", Line: 3,
			Doc: "d.md", Section: "S", Difficulty: "exact", Justification: "j"}}},
		{name: "blank lines and CRLF", in: "\n" + ok + "\r\n\n",
			want: []Pair{{Repo: "r", Symbol: "m/p.T.M", File: "p/t.go", Line: 3, Doc: "d.md", Section: "S", Difficulty: "exact", Justification: "j"}}},
		{name: "also", in: `{"symbol":"s","doc":"d.md","section":"S","difficulty":"semantic","also":[{"doc":"e.md","section":"T"}]}`,
			want: []Pair{{Symbol: "s", Doc: "d.md", Section: "S", Difficulty: "semantic", Also: []Ref{{Doc: "e.md", Section: "T"}}}}},
		{name: "empty file", in: "\n\n", wantErr: "no pairs"},
		{name: "not JSON", in: ok + "\n{oops\n", wantErr: "line 2: invalid character"},
		{name: "missing section", in: `{"symbol":"s","doc":"d.md","difficulty":"exact"}`, wantErr: `line 1: missing "section"`},
		{name: "blank symbol", in: `{"symbol":" ","doc":"d.md","section":"S","difficulty":"exact"}`, wantErr: `line 1: missing "symbol"`},
		{name: "misspelt field", in: "\n" + `{"symbol":"s","doc":"d.md","section":"S","difficulty":"exact","als":[]}`, wantErr: `line 2: json: unknown field "als"`},
		{name: "line as string", in: `{"symbol":"s","doc":"d.md","section":"S","difficulty":"exact","line":"7"}`, wantErr: "line 1: json: cannot unmarshal"},
		{name: "also without section", in: `{"symbol":"s","doc":"d.md","section":"S","difficulty":"exact","also":[{"doc":"e.md"}]}`, wantErr: `line 1: also[0]: needs both`},
		{name: "two objects", in: ok + ok, wantErr: "line 1: trailing data"},
		{name: "array", in: `[]`, wantErr: "line 1: json: cannot unmarshal array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseGold([]byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestTargets(t *testing.T) {
	p := Pair{Doc: "a.md", Section: "A", Also: []Ref{{Doc: "b.md", Section: "B"}}}
	want := []Ref{{Doc: "a.md", Section: "A"}, {Doc: "b.md", Section: "B"}}
	if got := p.Targets(); !reflect.DeepEqual(got, want) {
		t.Errorf("Targets = %v, want %v", got, want)
	}
	if len(p.Also) != 1 || cap(p.Also) != 1 {
		t.Errorf("Targets changed p.Also: %v", p.Also)
	}
}

// FuzzParseGold checks that no input makes the parser panic, and that a
// line marshalled from a Pair with its required fields parses back to it.
func FuzzParseGold(f *testing.F) {
	f.Add(`{"symbol":"s","doc":"d.md","section":"S","difficulty":"exact"}`, "m/p.T.M", "designs/a.md", "Code  Definition", "exact", 12)
	f.Add("{\"symbol\":1}\n\n[", "", "d", "s", "x", -1)
	f.Add("\xff\n{}", "s", "d", "\t", "semantic", 0)
	f.Fuzz(func(t *testing.T, raw, symbol, doc, section, difficulty string, line int) {
		_, _ = ParseGold([]byte(raw))
		p := Pair{Symbol: symbol, Doc: doc, Section: section, Difficulty: difficulty, Line: line,
			Also: []Ref{{Doc: doc, Section: section}}}
		for _, s := range []string{symbol, doc, section, difficulty} {
			if strings.TrimSpace(s) == "" || !utf8.ValidString(s) {
				return // not a valid gold line; only the no-panic property applies
			}
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseGold(b)
		if err != nil {
			t.Fatalf("ParseGold(%s): %v", b, err)
		}
		if len(got) != 1 || !reflect.DeepEqual(got[0], p) {
			t.Fatalf("ParseGold(%s) = %+v, want %+v", b, got, p)
		}
	})
}
