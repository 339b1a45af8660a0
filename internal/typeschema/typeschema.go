// Package typeschema makes the JSON Schema of the values encoding/json
// writes for a Go type: the output schemas of the MCP tools, made from
// their answers' types (mcp/tool.go).
package typeschema

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
)

// A schema follows encoding/json's view of the type, so that what it
// declares is what json.Marshal writes:
//
//	struct        an object of its fields (embedded structs' promoted);
//	              a field without omitempty is always written: required
//	slice, map    an array, an object of values; a nil one is null
//	pointer       the type it points to, or null
//	string, bool, the integer kinds, the float kinds: their JSON types
//	time.Time or a TextMarshaler: a string; any other Marshaler or an
//	interface: any value
//
// An MCP client receives every tool's output schema in tools/list, so the
// schema is kept compact (mcp/schema_test.go: maxOutputSchemas): no
// descriptions (the tool reference, docs/mcp.md, says what the fields
// mean), a named struct used twice or more in one value is written once
// under $defs (a $ref reaches only its own document, so nothing is shared
// between tools), and objects are left open: additionalProperties:false
// would cost 27 characters an object and tell a client nothing it needs.
// Tests validate against the strict form, objects closed, so that a field
// the schema misses cannot pass.

// gen makes one schema; strict closes every object.
type gen struct {
	strict bool
	uses   map[reflect.Type]int // named structs, how often the answer holds them
	defs   map[string]any
	names  map[reflect.Type]string
}

// Of is the schema of the values of type t, which must be a struct or a
// pointer to one (an MCP output schema is an object). It panics on a type
// it cannot describe (a map keyed by a number, a field with the string
// option): answer types are fixed at build time, and any test that starts
// an MCP server makes them all.
func Of(t reflect.Type, strict bool) json.RawMessage {
	g := &gen{strict: strict, uses: map[reflect.Type]int{}, defs: map[string]any{}, names: map[reflect.Type]string{}}
	g.count(deref(t), map[reflect.Type]bool{})
	root := deref(t)
	if root.Kind() != reflect.Struct {
		panic(fmt.Sprintf("typeschema: an answer of type %s is no object", t))
	}
	s := g.object(root)
	if len(g.defs) > 0 {
		s = append(s, kv{"$defs", g.defs})
	}
	return json.RawMessage(mustJSON(s))
}

// kv is one key of a schema; a schema is written as ordered keys, so that
// tools/list is the same on every start.
type kv struct {
	k string
	v any
}

type ordered []kv

func (o ordered) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(mustJSON(e.k) + ":" + mustJSON(e.v))
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

var (
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
)

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// special reports whether encoding/json writes t through a marshaler of
// its own, and the schema of what it writes.
func special(t reflect.Type) (ordered, bool) {
	pt := reflect.PointerTo(t)
	switch {
	case t == reflect.TypeFor[time.Time](): // RFC 3339
		return ordered{{"type", "string"}}, true
	case t.Implements(jsonMarshaler) || pt.Implements(jsonMarshaler):
		return ordered{}, true
	case t.Implements(textMarshaler) || pt.Implements(textMarshaler):
		return ordered{{"type", "string"}}, true
	}
	return nil, false
}

// count counts, in g.uses, the named structs t holds, each path once.
func (g *gen) count(t reflect.Type, onPath map[reflect.Type]bool) {
	t = deref(t)
	if _, ok := special(t); ok {
		return
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		g.count(t.Elem(), onPath)
	case reflect.Struct:
		if t.Name() != "" {
			g.uses[t]++
			if onPath[t] {
				g.uses[t]++ // recursive: only a $ref can hold it
				return
			}
			if g.uses[t] > 1 {
				return
			}
			onPath[t] = true
			defer delete(onPath, t)
		}
		for _, f := range fieldsOf(t) {
			g.count(f.typ, onPath)
		}
	}
}

// field is one key encoding/json writes for a struct.
type field struct {
	name      string
	typ       reflect.Type
	omitempty bool
}

// fieldsOf lists the keys encoding/json writes for struct t, in order,
// promoting embedded structs' fields; a name given twice at one depth is
// dropped by encoding/json, and a tool's answer must not have one.
func fieldsOf(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		tag, hasTag := f.Tag.Lookup("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		ft := f.Type
		if f.Anonymous && name == "" && deref(ft).Kind() == reflect.Struct {
			if _, ok := special(deref(ft)); !ok {
				out = append(out, fieldsOf(deref(ft))...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" || !hasTag {
			name = f.Name
		}
		if strings.Contains(","+opts+",", ",string,") {
			panic(fmt.Sprintf("typeschema: %s.%s: the string option is not described", t, f.Name))
		}
		out = append(out, field{name: name, typ: ft, omitempty: strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")})
	}
	seen := map[string]bool{}
	for _, f := range out {
		if seen[f.name] {
			panic(fmt.Sprintf("typeschema: %s writes %q twice", t, f.name))
		}
		seen[f.name] = true
	}
	return out
}

// object is the schema of struct t, written out.
func (g *gen) object(t reflect.Type) ordered {
	props := ordered{}
	var required []string
	for _, f := range fieldsOf(t) {
		props = append(props, kv{f.name, g.of(f.typ, !f.omitempty)})
		if !f.omitempty {
			required = append(required, f.name)
		}
	}
	s := ordered{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s = append(s, kv{"required", required})
	}
	if g.strict {
		s = append(s, kv{"additionalProperties", false})
	}
	return s
}

// of is the schema of a value of type t; nullable when a nil one is
// written as null (a field with omitempty leaves a nil one out).
func (g *gen) of(t reflect.Type, nullable bool) any {
	if t.Kind() == reflect.Pointer {
		s := g.of(t.Elem(), false)
		if !nullable {
			return s
		}
		return orNull(s)
	}
	if s, ok := special(t); ok {
		return s
	}
	or := func(typ string, more ...kv) ordered {
		var ty any = typ
		if nullable {
			ty = []string{typ, "null"}
		}
		return append(ordered{{"type", ty}}, more...)
	}
	switch t.Kind() {
	case reflect.String:
		return ordered{{"type", "string"}}
	case reflect.Bool:
		return ordered{{"type", "boolean"}}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return ordered{{"type", "integer"}}
	case reflect.Float32, reflect.Float64:
		return ordered{{"type", "number"}}
	case reflect.Interface:
		return ordered{}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return or("string")
		}
		return or("array", kv{"items", g.of(t.Elem(), true)})
	case reflect.Array:
		return ordered{{"type", "array"}, {"items", g.of(t.Elem(), true)}}
	case reflect.Map:
		if k := t.Key().Kind(); k != reflect.String && !t.Key().Implements(textMarshaler) {
			panic(fmt.Sprintf("typeschema: no schema for %s: a map keyed by %s", t, k))
		}
		return or("object", kv{"additionalProperties", g.of(t.Elem(), true)})
	case reflect.Struct:
		if t.Name() == "" || g.uses[t] < 2 {
			return g.object(t)
		}
		name := g.defName(t)
		if _, done := g.defs[name]; !done {
			g.defs[name] = nil // taken before the walk: a recursive type refers to it
			g.defs[name] = g.object(t)
		}
		return ordered{{"$ref", "#/$defs/" + name}}
	}
	panic(fmt.Sprintf("typeschema: no schema for %s", t))
}

// orNull is schema s, or null.
func orNull(s any) any {
	o, ok := s.(ordered)
	switch {
	case !ok:
		panic(fmt.Sprintf("typeschema: schema %v", s))
	case len(o) == 0: // any value
		return o
	case o[0].k == "type":
		if typ, ok := o[0].v.(string); ok {
			return append(ordered{{"type", []string{typ, "null"}}}, o[1:]...)
		}
		return o // nullable already
	}
	return ordered{{"anyOf", []any{o, ordered{{"type", "null"}}}}}
}

// defName is the $defs name of t: its name, or its package's and its
// name when another type of the answer has the same.
func (g *gen) defName(t reflect.Type) string {
	if n, ok := g.names[t]; ok {
		return n
	}
	n := t.Name()
	for other, on := range g.names {
		if on == n && other != t {
			n = strings.ReplaceAll(t.String(), ".", "_")
		}
	}
	g.names[t] = n
	return n
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // strings, booleans, ordered keys and slices of them
	}
	return string(data)
}
