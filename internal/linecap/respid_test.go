package linecap

import (
	"bytes"
	"encoding/json"
	"testing"
)

// decodedID is what the MCP server read of each line it wrote before
// ResponseID: the whole line decoded, the id of a message with no method.
func decodedID(line []byte) (json.RawMessage, bool) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(line, &m) != nil || m.Method != "" {
		return nil, false
	}
	return ValidID(m.ID), true
}

// TestResponseID: the id read by stepping over the members is the one the
// whole line decoded gives, for the server's responses and for what it
// leaves to the decoder.
func TestResponseID(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		id         string // "" for none
		fast       bool   // decided without decoding
	}{
		{"a result", `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"a\":\"b\\\\\"}"}],"structuredContent":{"a":[1,2,{"b":"}"}]}}}` + "\n", "7", true},
		{"a string id", `{"jsonrpc":"2.0","id":"x-1","result":{}}`, `"x-1"`, true},
		{"an id after the result", `{"result":{"id":3},"id":4}`, "4", true},
		{"the last of two ids", `{"id":1,"id":2}`, "2", true},
		{"an id in other case", `{"ID":5}`, "5", true},
		{"spaces", " { \"id\" : 12 , \"error\" : { \"code\" : -32600 } } \n", "12", true},
		{"a null id", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700}}`, "", true},
		{"no id", `{"jsonrpc":"2.0","result":{}}`, "", true},
		{"an empty object", `{}`, "", true},
		{"a request", `{"jsonrpc":"2.0","id":9,"method":"roots/list"}`, "", false},
		{"an escaped key", `{"\u0069d":8}`, "8", false},
		{"bytes after it", `{"id":1}{"id":2}`, "", false},
		{"cut short", `{"id":1,"result":{"a":"b`, "", false},
		{"no object", `[1]`, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, undecided := responseID([]byte(tc.line))
			if undecided == tc.fast {
				t.Errorf("undecided = %v, want %v", undecided, !tc.fast)
			}
			got, _ := ResponseID([]byte(tc.line))
			if string(got) != tc.id {
				t.Errorf("id %q, want %q", got, tc.id)
			}
			want, wok := decodedID([]byte(tc.line))
			if _, ok := ResponseID([]byte(tc.line)); ok != wok || !bytes.Equal(got, want) {
				t.Errorf("fast %q %v, decoded %q %v", got, ok, want, wok)
			}
		})
	}
}

// FuzzResponseID: on any valid JSON, responseID with its fallback reads
// what decoding the whole line reads.
func FuzzResponseID(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":7,"result":{"text":"a\"}b"}}`, `{"id":"a","method":"x"}`, `{"ID":1,"id":[2]}`, `{"a":[{"b":"]"}],"id":-1.5e3}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if !json.Valid(line) {
			return // the server writes valid JSON; a line that is not is no message of its
		}
		got, gok := ResponseID(line)
		want, wok := decodedID(line)
		if gok != wok || !bytes.Equal(got, want) {
			t.Errorf("%q: fast %q %v, decoded %q %v", line, got, gok, want, wok)
		}
	})
}
