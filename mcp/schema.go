package mcp

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// A tool's input schema is made from its parameters struct, the type its
// handler decodes the arguments into, so that no argument can be accepted
// without being advertised (nor advertised without being read). The
// generator follows encoding/json's view of the struct: fields of embedded
// structs are promoted, exported or not (mcp-go's generator skips an
// unexported embedded struct, which hid every memory field). Each field's
// tags say the rest:
//
//	json:"name,omitempty"  the argument; without omitempty it is required
//	desc:"..."             its one-line description
//	default:"3"            the value taken when it is left out
//	enum:"a,b,c"           the values allowed
//	min:"1" max:"5"        bounds of a number
//	maxlen:"200"           the most characters of a string
//
// An argument whose name, type, values and default say all there is (such
// as format or limit) needs no description; the server instructions say
// once what the shared ones mean. An embedded struct tagged schema:"brief"
// gives its fields without their descriptions: the memory fields are
// described once, in store_memory, and the other memory tools say so.
//
// Go types map to JSON types: string, integer (int), number (float64),
// boolean (bool), array of string ([]string); a pointer is the type it
// points to, set when the argument is given.

// param is one argument of a tool, as its schema declares it and the
// validator checks it.
type param struct {
	name     string
	typ      string // string, integer, number, boolean or array
	items    string // an array's item type
	enum     []string
	min, max *float64
	maxLen   int
	desc     string
	def      any // the default, of the argument's JSON type; nil for none
	required bool
}

// paramsOf lists the arguments of the parameters struct t, in field order.
// It panics on a field it cannot describe: a tool is registered at start,
// so a bad tag is found by any test that starts a server.
func paramsOf(t reflect.Type) []param {
	var out []param
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			ps := paramsOf(f.Type)
			if f.Tag.Get("schema") == "brief" {
				for i := range ps {
					ps[i].desc = ""
				}
			}
			out = append(out, ps...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			panic(fmt.Sprintf("mcp: %s.%s has no json name", t, f.Name))
		}
		out = append(out, paramOf(t, f, name, opts))
	}
	return out
}

func paramOf(t reflect.Type, f reflect.StructField, name, opts string) param {
	p := param{name: name, desc: f.Tag.Get("desc"), required: !strings.Contains(","+opts+",", ",omitempty,")}
	ft := f.Type
	if ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	p.typ = jsonTypeOf(ft)
	if ft.Kind() == reflect.Slice {
		p.items = jsonTypeOf(ft.Elem())
	}
	if p.typ == "" || p.items == "array" || (p.typ == "array" && p.items == "") {
		panic(fmt.Sprintf("mcp: %s.%s: no JSON type for %s", t, f.Name, f.Type))
	}
	if e := f.Tag.Get("enum"); e != "" {
		p.enum = strings.Split(e, ",")
	}
	p.min, p.max = bound(t, f, "min"), bound(t, f, "max")
	if d, ok := f.Tag.Lookup("default"); ok {
		p.def = defaultOf(t, f, p.typ, d)
	}
	if s := f.Tag.Get("maxlen"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			panic(fmt.Sprintf("mcp: %s.%s: maxlen %q: %v", t, f.Name, s, err))
		}
		p.maxLen = n
	}
	return p
}

func bound(t reflect.Type, f reflect.StructField, tag string) *float64 {
	s := f.Tag.Get(tag)
	if s == "" {
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(fmt.Sprintf("mcp: %s.%s: %s %q: %v", t, f.Name, tag, s, err))
	}
	return &v
}

// defaultOf is the default d, written in a tag, as a value of JSON type typ.
func defaultOf(t reflect.Type, f reflect.StructField, typ, d string) any {
	var v any
	var err error
	switch typ {
	case "string":
		v = d
	case "integer":
		v, err = strconv.Atoi(d)
	case "number":
		v, err = strconv.ParseFloat(d, 64)
	case "boolean":
		v, err = strconv.ParseBool(d)
	default:
		err = fmt.Errorf("no default for a %s", typ)
	}
	if err != nil {
		panic(fmt.Sprintf("mcp: %s.%s: default %q: %v", t, f.Name, d, err))
	}
	return v
}

func jsonTypeOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "integer"
	case reflect.Float64:
		return "number"
	case reflect.Bool:
		return "boolean"
	case reflect.Slice:
		return "array"
	}
	return ""
}

// propSchema is one property of an input schema; the field order is the
// order of the keys in tools/list.
type propSchema struct {
	Type        string      `json:"type"`
	Items       *propSchema `json:"items,omitempty"`
	Enum        []string    `json:"enum,omitempty"`
	Minimum     *float64    `json:"minimum,omitempty"`
	Maximum     *float64    `json:"maximum,omitempty"`
	MaxLength   int         `json:"maxLength,omitempty"`
	Default     any         `json:"default,omitempty"`
	Description string      `json:"description,omitempty"`
}

// inputSchema is the JSON Schema of a tool taking ps: an object of those
// properties, in their order, and no others.
func inputSchema(ps []param) json.RawMessage {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	var required []string
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		prop := propSchema{Type: p.typ, Enum: p.enum, Minimum: p.min, Maximum: p.max, MaxLength: p.maxLen, Default: p.def, Description: p.desc}
		if p.items != "" {
			prop.Items = &propSchema{Type: p.items}
		}
		b.WriteString(mustJSON(p.name) + ":" + mustJSON(prop))
		if p.required {
			required = append(required, p.name)
		}
	}
	b.WriteString("}")
	if len(required) > 0 {
		b.WriteString(`,"required":` + mustJSON(required))
	}
	b.WriteString(`,"additionalProperties":false}`)
	return json.RawMessage(b.String())
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // plain strings, numbers and slices of them
	}
	return string(data)
}
