package typeschema

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compile compiles a JSON Schema (draft 2020-12, the MCP default).
func compile(t *testing.T, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem:///s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem:///s.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, schema)
	}
	return s
}

// Types the output schema generator meets, and the schema it makes:
// encoding/json's view of each.
type (
	schemaLeaf struct {
		A string `json:"a"`
	}
	schemaTree struct {
		Name     string        `json:"name"`
		Children []*schemaTree `json:"children,omitempty"`
	}
	schemaEmbedded struct {
		schemaLeaf
		B int `json:"b,omitempty"`
	}
	schemaKinds struct {
		P     *schemaLeaf           `json:"p"`
		Q     *schemaLeaf           `json:"q,omitempty"`
		L     []string              `json:"l"`
		M     map[string]int        `json:"m"`
		When  time.Time             `json:"when"`
		Any   any                   `json:"any"`
		Twice []schemaLeaf          `json:"twice"`
		Skip  string                `json:"-"`
		N     *float64              `json:"n"`
		Named map[string]schemaLeaf `json:"named,omitempty"`
		hid   int
	}
)

func TestOf(t *testing.T) {
	tests := []struct {
		name string
		typ  reflect.Type
		want string
	}{
		{"leaf", reflect.TypeFor[schemaLeaf](), `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`},
		{"embedded fields are promoted", reflect.TypeFor[*schemaEmbedded](),
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"]}`},
		{"a recursive type is a $ref", reflect.TypeFor[schemaTree](),
			`{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/schemaTree"},{"type":"null"}]}}},"required":["name"],` +
				`"$defs":{"schemaTree":{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/schemaTree"},{"type":"null"}]}}},"required":["name"]}}}`},
		{"nil is null, a marshaler its output, twice used a $def", reflect.TypeFor[schemaKinds](),
			`{"type":"object","properties":{"p":{"anyOf":[{"$ref":"#/$defs/schemaLeaf"},{"type":"null"}]},"q":{"$ref":"#/$defs/schemaLeaf"},` +
				`"l":{"type":["array","null"],"items":{"type":"string"}},"m":{"type":["object","null"],"additionalProperties":{"type":"integer"}},` +
				`"when":{"type":"string"},"any":{},"twice":{"type":["array","null"],"items":{"$ref":"#/$defs/schemaLeaf"}},"n":{"type":["number","null"]},` +
				`"named":{"type":"object","additionalProperties":{"$ref":"#/$defs/schemaLeaf"}}},"required":["p","l","m","when","any","twice","n"],` +
				`"$defs":{"schemaLeaf":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(Of(tt.typ, false)); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			// The zero value and a filled one validate against the strict form.
			for _, v := range []reflect.Value{reflect.New(deref(tt.typ)), filled(deref(tt.typ))} {
				data, _ := json.Marshal(v.Interface())
				js := string(data)
				doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(js))
				if err := compile(t, Of(tt.typ, true)).Validate(doc); err != nil {
					t.Errorf("%s: %v", js, err)
				}
			}
		})
	}
}

// filled is a pointer to a value of t with every field set, one level of
// slices, maps and pointers deep.
func filled(t reflect.Type) reflect.Value {
	v := reflect.New(t)
	e := v.Elem()
	for i := range t.NumField() {
		f := e.Field(i)
		if !f.CanSet() {
			continue
		}
		switch f.Kind() {
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
			f.SetMapIndex(reflect.New(f.Type().Key()).Elem(), reflect.New(f.Type().Elem()).Elem())
		case reflect.String:
			f.SetString("x")
		case reflect.Interface:
			f.Set(reflect.ValueOf(1))
		}
	}
	return v
}
