package textindex

import (
	"encoding/json"
	"testing"
)

// unmarshalDate is what recordDate stands for: the record's date as
// encoding/json decodes it into a struct of that field alone.
func unmarshalDate(raw []byte) (int64, bool) {
	var rec struct {
		Date int64 `json:"d"`
	}
	if json.Unmarshal(raw, &rec) != nil {
		return 0, false
	}
	return rec.Date, true
}

// TestRecordDate: the date of a record as commitRec encodes it is read in
// one pass (scanDate is sure), and any record, well made or not, gets the
// date and the failure encoding/json gives it.
func TestRecordDate(t *testing.T) {
	enc := func(r commitRec) string {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct {
		name string
		raw  string
		sure bool
	}{
		{"a record", enc(commitRec{Hash: "ab12", Author: "A. Person", Date: 1700000000, Subject: "fix: x", Body: "why", Files: []string{"a.go", "b/c.go"}, Count: 2}), true},
		{"escapes, quotes and HTML in the text", enc(commitRec{Hash: "ab", Author: `"Q" <q@x>`, Date: 5, Subject: "a\tb\\c\u2028", Body: "line\nline \"quoted\" & <b>\x01"}), true},
		{"no files, date 0", enc(commitRec{Hash: "ab"}), true},
		{"a negative date", enc(commitRec{Hash: "ab", Date: -86400}), true},
		{"an empty object", `{}`, true},
		{"the last date counts", `{"d":1,"h":"x","d":2}`, true},
		{"the field's name in capitals", `{"D":7}`, true},
		{"null elsewhere", `{"f":null,"d":3}`, true},
		{"spaces", `{ "d": 4 }`, false},
		{"an escaped key", `{"\u0064":9}`, false},
		{"a fraction", `{"d":1.5}`, false},
		{"an exponent", `{"d":1e3}`, false},
		{"a leading zero", `{"d":012}`, false},
		{"too large", `{"d":92233720368547758070}`, false},
		{"a string date", `{"d":"5"}`, false},
		{"a null date", `{"d":5,"d":null}`, false},
		{"truncated", `{"h":"ab","d":5`, false},
		{"after the end", `{"d":5}x`, false},
		{"a control character", "{\"b\":\"a\x01\",\"d\":5}", false},
		{"a bad escape", `{"b":"a\q","d":5}`, false},
		{"a short \\u", `{"b":"\u12","d":5}`, false},
		{"a nested object", `{"x":{"d":1},"d":5}`, false},
		{"a list of numbers", `{"f":[1,2],"d":5}`, false},
		{"empty", ``, false},
		{"not an object", `[1]`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := []byte(tt.raw)
			want, wantOK := unmarshalDate(raw)
			if d, sure := scanDate(raw); sure != tt.sure || (sure && (!wantOK || d != want)) {
				t.Errorf("scanDate = %d, sure %v; want sure %v (encoding/json: %d, %v)", d, sure, tt.sure, want, wantOK)
			}
			if d, ok := recordDate(raw); d != want || ok != wantOK {
				t.Errorf("recordDate = %d, %v; encoding/json %d, %v", d, ok, want, wantOK)
			}
		})
	}
}

// FuzzRecordDate: a stored record is outside input; whatever its bytes,
// recordDate gives what encoding/json gives, and scanDate is sure only of
// records encoding/json accepts, with the same date.
func FuzzRecordDate(f *testing.F) {
	for _, s := range []string{`{"h":"ab","a":"x","d":1700000000,"s":"s","b":"b\n\"q\"","f":["a.go"],"n":1}`,
		`{}`, `{"d":-0}`, `{"D":1,"d":2}`, `{"f":[],"d":3}`, `{"b":"\u00e9\ud800","d":4}`, `{"d":1} `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		want, wantOK := unmarshalDate(raw)
		if d, sure := scanDate(raw); sure && (!wantOK || d != want) {
			t.Fatalf("scanDate(%q) = %d, sure; encoding/json %d, %v", raw, d, want, wantOK)
		}
		if d, ok := recordDate(raw); d != want || ok != wantOK {
			t.Fatalf("recordDate(%q) = %d, %v; encoding/json %d, %v", raw, d, ok, want, wantOK)
		}
	})
}
