package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
)

// toolParams are the parameter structs the handlers decode into, by tool.
var toolParams = map[string]any{
	"why": whyParams{}, "store_memory": storeMemoryParams{}, "query_memories": queryMemoriesParams{},
	"update_memory": updateMemoryParams{}, "supersede_memory": supersedeMemoryParams{},
	"forget_memory": forgetMemoryParams{}, "search": searchParams{}, "list_docs": listDocsParams{},
	"doc_outline": docOutlineParams{}, "read_doc_section": readDocSectionParams{},
	"index_status": indexStatusParams{}, "reindex": reindexParams{}, "audit": auditParams{},
	"propose_memory": proposeMemoryParams{},
	"check":          checkParams{}, "covers": coversParams{}, "specs": specsParams{},
}

// readOnlyTools change nothing; the others write files.
var readOnlyTools = []string{"why", "query_memories", "search", "list_docs", "doc_outline", "read_doc_section", "index_status", "audit", "check", "covers", "specs"}

// schemaProp is a property of an input schema as a client reads it.
type schemaProp struct {
	Type        string      `json:"type"`
	Items       *schemaProp `json:"items"`
	Enum        []string    `json:"enum"`
	Minimum     *float64    `json:"minimum"`
	Maximum     *float64    `json:"maximum"`
	Default     any         `json:"default"`
	Description string      `json:"description"`
}

type objectSchema struct {
	Type                 string                `json:"type"`
	Properties           map[string]schemaProp `json:"properties"`
	Required             []string              `json:"required"`
	AdditionalProperties *bool                 `json:"additionalProperties"`
}

// listTools returns the tools as tools/list sends them, with their schemas.
func listTools(t *testing.T) map[string]mcpgo.Tool {
	t.Helper()
	_, c := newServer(t)
	res, err := c.ListTools(context.Background(), mcpgo.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]mcpgo.Tool{}
	for _, tool := range res.Tools {
		out[tool.Name] = tool
	}
	return out
}

func schemaOf(t *testing.T, tool mcpgo.Tool) objectSchema {
	t.Helper()
	raw, err := json.Marshal(tool.InputSchema)
	if len(tool.RawInputSchema) > 0 {
		raw, err = tool.RawInputSchema, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var s objectSchema
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("%s: %v\n%s", tool.Name, err, raw)
	}
	return s
}

// fieldNames are the argument names encoding/json reads into a value of
// p's type: every field set, marshalled, the keys of the object.
func fieldNames(t *testing.T, p any) []string {
	t.Helper()
	v := reflect.New(reflect.TypeOf(p)).Elem()
	fill(v)
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(mustJSON(v.Interface())), &m); err != nil {
		t.Fatal(err)
	}
	return slices.Sorted(maps.Keys(m))
}

// fill sets every settable field of v to a value that is not zero.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() || v.Type().Field(i).Anonymous {
				fill(f)
			}
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.String:
		v.SetString("x")
	case reflect.Int:
		v.SetInt(1)
	case reflect.Float64:
		v.SetFloat(0.5)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Slice:
		v.Set(reflect.Append(reflect.MakeSlice(v.Type(), 0, 1), reflect.ValueOf("x")))
	}
}

// sample is a value that prop allows.
func sample(prop schemaProp) any {
	switch {
	case len(prop.Enum) > 0:
		return prop.Enum[len(prop.Enum)-1]
	case prop.Type == "array":
		return []string{"x"}
	case prop.Type == "boolean":
		return true
	case prop.Type == "string":
		return "x"
	case prop.Maximum != nil:
		return *prop.Maximum
	}
	return 1000
}

// Each tool's schema lists exactly the arguments its handler's parameters
// struct reads, each with a JSON type the struct's field decodes, a
// one-line description, and no property the struct would drop.
func TestSchemasMatchParams(t *testing.T) {
	tools := listTools(t)
	if got, want := slices.Sorted(maps.Keys(tools)), slices.Sorted(maps.Keys(toolParams)); !slices.Equal(got, want) {
		t.Fatalf("tools %v, parameters known for %v", got, want)
	}
	for name, p := range toolParams {
		t.Run(name, func(t *testing.T) {
			s := schemaOf(t, tools[name])
			if s.Type != "object" || s.AdditionalProperties == nil || *s.AdditionalProperties {
				t.Errorf("schema is not a closed object: %+v", s)
			}
			if got, want := slices.Sorted(maps.Keys(s.Properties)), fieldNames(t, p); !slices.Equal(got, want) {
				t.Errorf("schema properties %v, but the handler reads %v", got, want)
			}
			for arg, prop := range s.Properties {
				checkProp(t, tools[name], arg, prop, p)
			}
		})
	}
}

func checkProp(t *testing.T, tool mcpgo.Tool, arg string, prop schemaProp, p any) {
	t.Helper()
	switch prop.Type {
	case "string", "integer", "number", "boolean":
	case "array":
		if prop.Items == nil || prop.Items.Type != "string" {
			t.Errorf("%s: an array of %+v, want of strings", arg, prop.Items)
		}
	default:
		t.Errorf("%s: type %q", arg, prop.Type)
	}
	if d := prop.Description; strings.Contains(d, "\n") || len(d) > 100 {
		t.Errorf("%s: description %q is not one short line", arg, d)
	}
	if prop.Description == "" && !explained(t, tool, arg, prop) {
		t.Errorf("%s: no description, and neither its default and the instructions nor store_memory explain it", arg)
	}
	if prop.Default != nil { // the server's own check takes it
		for _, pa := range paramsOf(reflect.TypeOf(p)) {
			if _, err := checkValue(pa, json.RawMessage(mustJSON(prop.Default))); pa.name == arg && err != nil {
				t.Errorf("%s: default %v: %v", arg, prop.Default, err)
			}
		}
	}
	// The sample value decodes, strictly, into the field the handler reads.
	dst := reflect.New(reflect.TypeOf(p))
	dec := json.NewDecoder(bytes.NewReader([]byte(mustJSON(map[string]any{arg: sample(prop)}))))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst.Interface()); err != nil {
		t.Errorf("%s: %v", arg, err)
	}
	if reflect.DeepEqual(dst.Elem().Interface(), reflect.Zero(dst.Elem().Type()).Interface()) {
		t.Errorf("%s: %v sets no field", arg, sample(prop))
	}
}

// explained reports whether an argument without a description is said
// once elsewhere: a default the server instructions explain (format,
// limit, the memory fields' values), an argument they define in a list
// item of its own (max_tokens, whose default depends on the client), or a
// memory field of a tool whose description points to store_memory, where
// the fields are described.
func explained(t *testing.T, tool mcpgo.Tool, arg string, prop schemaProp) bool {
	if prop.Default != nil && strings.Contains(instructions, "`"+arg+"`") {
		return true
	}
	if strings.Contains(instructions, "\n- `"+arg+"`:") {
		return true
	}
	return tool.Name != "store_memory" && slices.Contains(fieldNames(t, memoryFields{}), arg) &&
		strings.Contains(tool.Description, "fields as store_memory")
}

// A default the schema declares is the one the handler applies.
func TestSchemaDefaults(t *testing.T) {
	tools := listTools(t)
	tests := []struct {
		tool, arg string
		want      any
	}{
		{"why", "limit", float64(query.DefaultLimit)},
		{"why", "format", string(query.FormatJSON)},
		{"why", "scope", string(memory.ScopeBoth)},
		{"audit", "limit", float64(audit.DefaultLimit)},
		{"list_docs", "limit", float64(defaultDocLimit)},
		{"query_memories", "limit", float64(defaultMemoryLimit)},
		{"search", "limit", float64(defaultSearchLimit)},
		{"store_memory", "importance", float64(memory.DefaultImportance)},
		{"store_memory", "confidence", memory.DefaultConfidence},
		{"store_memory", "kind", string(memory.DefaultKind)},
		{"store_memory", "basis", string(memory.BasisUnknown)},
		{"store_memory", "source", string(memory.SourceAgent)},
		{"store_memory", "scope", string(memory.ScopeWorkspace)},
		{"propose_memory", "importance", float64(memory.DefaultImportance)},
		{"supersede_memory", "kind", string(memory.DefaultKind)},
	}
	for _, tt := range tests {
		t.Run(tt.tool+"/"+tt.arg, func(t *testing.T) {
			if got := schemaOf(t, tools[tt.tool]).Properties[tt.arg].Default; got != tt.want {
				t.Errorf("default %v (%T), the handler uses %v (%T)", got, got, tt.want, tt.want)
			}
		})
	}
}

// The memory tools advertise every memory field, with the enums and
// bounds the memory package enforces.
func TestMemoryFieldSchemas(t *testing.T) {
	tools := listTools(t)
	strs := func(xs ...any) []string {
		var out []string
		for _, x := range xs {
			out = append(out, reflect.ValueOf(x).String())
		}
		return out
	}
	asAny := func(v any) []any {
		rv := reflect.ValueOf(v)
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = rv.Index(i).Interface()
		}
		return out
	}
	want := map[string]schemaProp{
		"title": {Type: "string"}, "body": {Type: "string"},
		"kind":    {Type: "string", Enum: strs(asAny(memory.Kinds)...)},
		"symbols": {Type: "array"}, "files": {Type: "array"}, "tags": {Type: "array"},
		"importance": {Type: "integer", Minimum: ptr(1.0), Maximum: ptr(5.0)},
		"confidence": {Type: "number", Minimum: ptr(0.0), Maximum: ptr(1.0)},
		"basis":      {Type: "string", Enum: strs(asAny(memory.Bases)...)},
		"pinned":     {Type: "boolean"},
		// A caller may claim any source but reflection, which only the
		// review queue sets on what it accepts.
		"source": {Type: "string", Enum: strs(asAny(slices.DeleteFunc(slices.Clone(memory.Sources),
			func(s memory.Source) bool { return s == memory.SourceReflection }))...)},
		"author": {Type: "string"},
	}
	// Who recorded a memory, and how, is not changed in place.
	provenance := []string{"source", "author"}
	for _, tool := range []string{"store_memory", "propose_memory", "update_memory", "supersede_memory"} {
		props := schemaOf(t, tools[tool]).Properties
		for arg, w := range want {
			got, ok := props[arg]
			switch {
			case tool == "update_memory" && slices.Contains(provenance, arg):
				if ok {
					t.Errorf("%s takes %s", tool, arg)
				}
			case !ok:
				t.Errorf("%s: no %s", tool, arg)
			case got.Type != w.Type:
				t.Errorf("%s.%s: type %s, want %s", tool, arg, got.Type, w.Type)
			case len(w.Enum) > 0 && !sameSet(got.Enum, w.Enum):
				t.Errorf("%s.%s: enum %v, want %v", tool, arg, got.Enum, w.Enum)
			case w.Minimum != nil && (got.Minimum == nil || *got.Minimum != *w.Minimum || *got.Maximum != *w.Maximum):
				t.Errorf("%s.%s: bounds %v–%v, want %v–%v", tool, arg, got.Minimum, got.Maximum, *w.Minimum, *w.Maximum)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// Read-only tools say so; write tools say what they change. A hint left
// out means the MCP default, so each is read as a client reads it.
func TestToolAnnotations(t *testing.T) {
	tools := listTools(t)
	hint := func(b *bool, def bool) bool {
		if b == nil {
			return def
		}
		return *b
	}
	tests := []struct {
		tool                                         string
		readOnly, destructive, idempotent, openWorld bool
	}{
		{"store_memory", false, true, false, false},
		{"update_memory", false, true, false, false},
		{"supersede_memory", false, false, false, false},
		{"forget_memory", false, true, true, false},
		{"propose_memory", false, false, false, false},
		{"reindex", false, false, true, false},
	}
	for _, name := range readOnlyTools {
		// destructiveHint and idempotentHint mean nothing when readOnlyHint is true.
		tests = append(tests, struct {
			tool                                         string
			readOnly, destructive, idempotent, openWorld bool
		}{name, true, true, false, false})
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			a := tools[tt.tool].Annotations
			got := [4]bool{hint(a.ReadOnlyHint, false), hint(a.DestructiveHint, true), hint(a.IdempotentHint, false), hint(a.OpenWorldHint, true)}
			want := [4]bool{tt.readOnly, tt.destructive, tt.idempotent, tt.openWorld}
			if got != want {
				t.Errorf("readOnly, destructive, idempotent, openWorld = %v, want %v", got, want)
			}
		})
	}
	if n := len(tests); n != len(toolParams) {
		t.Errorf("%d tools have expected hints, %d tools exist", n, len(toolParams))
	}
}

// maxToolsList bounds the tools/list result as a model reads it, every
// tool's definition together without its output schema, in characters: it
// is in every session's context. The seventeen tools took 14,282 before
// what they share was said once (the memory fields in store_memory,
// defaults as schema defaults, hints only where they differ from the MCP
// defaults); they took 11,889 then, and 12,618 once every list tool took
// limit and max_tokens (and list_docs a cursor), so that no default answer
// passes 10,000 tokens. A new tool must make room, not grow the bound.
const maxToolsList = 12700

// maxOutputSchemas bounds the tools' output schemas together, in
// characters, apart: they are for the client, which checks structuredContent
// against them, not for the model (the tool definitions a model API takes
// have a name, a description and an input schema, and no output schema; a
// host passes only those). They took 14,639 when made (outschema.go): as
// compact as JSON Schema lets them be, with no descriptions and a type
// used twice in one answer written once under $defs; a $ref reaches only
// its own document, so no two tools can share one, and the five memory
// writes and index_status and reindex each carry their own. The bound keeps
// an answer type from growing unseen; it leaves room for about thirty
// more fields.
const maxOutputSchemas = 16000

// toolsListSizes are the characters of tools/list, of its output schemas
// (each "outputSchema" key and value), and of the rest.
func toolsListSizes(t *testing.T, s *Server) (all, outputSchemas int) {
	t.Helper()
	reply := s.MCPServer().HandleMessage(context.Background(), json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	resp, ok := reply.(mcpgo.JSONRPCResponse)
	if !ok {
		t.Fatalf("tools/list: %#v", reply)
	}
	js := mustJSON(resp.Result)
	var r struct {
		Tools []struct {
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	for _, tool := range r.Tools {
		if len(tool.OutputSchema) > 0 {
			outputSchemas += len([]rune(`,"outputSchema":` + string(tool.OutputSchema)))
		}
	}
	return len([]rune(js)), outputSchemas
}

func TestToolsListSize(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	all, out := toolsListSizes(t, s)
	if n := all - out; n > maxToolsList {
		t.Errorf("tools/list without its output schemas is %d characters, more than %d", n, maxToolsList)
	}
	if out > maxOutputSchemas {
		t.Errorf("the output schemas are %d characters, more than %d", out, maxOutputSchemas)
	}
	t.Logf("tools/list: %d characters, %d of them output schemas", all, out)
}

// A client that does not read the schema sends a list as a string; the
// arguments are checked and normalised before they are decoded.
func TestCheckArgs(t *testing.T) {
	ps := paramsOf(reflect.TypeFor[storeMemoryParams]())
	tests := []struct {
		name, args, want string // want: the normalised value of the argument named first in args
	}{
		{"array as JSON text", `{"body":"b","symbols":"[\"Cart.Total\"]"}`, `["Cart.Total"]`},
		{"array as one string", `{"body":"b","symbols":"Cart.Total"}`, `["Cart.Total"]`},
		{"array", `{"body":"b","symbols":["a","b"]}`, `["a","b"]`},
		{"integer written as a float", `{"body":"b","importance":4.0}`, `4`},
		{"null is left out", `{"body":"b","kind":null}`, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, err := checkArgs([]byte(tt.args), ps)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]json.RawMessage
			json.Unmarshal([]byte(tt.args), &m)
			delete(m, "body")
			for arg := range m {
				if got := string(args[arg]); got != tt.want {
					t.Errorf("%s = %s, want %s", arg, got, tt.want)
				}
			}
		})
	}
}

// FuzzCheckArgs: no input panics the checker, and what it accepts decodes
// into the parameters struct.
func FuzzCheckArgs(f *testing.F) {
	for _, s := range []string{`{"body":"x","symbols":"[1]"}`, `{"importance":1e400}`, `{"tags":[null]}`, `[]`, `{"confidence":-0}`} {
		f.Add(s)
	}
	ps := paramsOf(reflect.TypeFor[storeMemoryParams]())
	f.Fuzz(func(t *testing.T, raw string) {
		args, err := checkArgs([]byte(raw), ps)
		if err != nil {
			return
		}
		var p storeMemoryParams
		dec := json.NewDecoder(strings.NewReader(mustJSON(args)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("%s accepted as %s, which does not decode: %v", raw, mustJSON(args), err)
		}
	})
}
