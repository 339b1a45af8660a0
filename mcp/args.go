package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// argError says which argument of a call is wrong and why.
type argError struct {
	arg, why string
}

func (e *argError) Error() string { return fmt.Sprintf("argument %s: %s", e.arg, e.why) }

func badArg(arg, format string, a ...any) error {
	return &argError{arg: arg, why: fmt.Sprintf(format, a...)}
}

// bindArgs checks a call's arguments against the tool's parameters ps (the
// checks its input schema declares) and decodes them into p. The first
// wrong argument is named in the error, with its value and what is allowed.
func bindArgs(req mcpgo.CallToolRequest, ps []param, p any) error {
	raw := req.Params.RawArguments
	if len(raw) == 0 {
		var err error
		if raw, err = json.Marshal(req.GetArguments()); err != nil {
			return fmt.Errorf("arguments: %w", err)
		}
	}
	args, err := checkArgs(raw, ps)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(mustJSON(args))))
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		return fmt.Errorf("arguments: %w", err) // checkArgs let through what the struct cannot hold: a bug
	}
	return nil
}

// checkArgs checks the arguments object raw against ps and returns them
// normalised (an argument given as null left out, an integer written 4.0
// as 4, a string where an array is declared as the array; see checkValue).
func checkArgs(raw []byte, ps []param) (map[string]json.RawMessage, error) {
	var args map[string]json.RawMessage
	if t := bytes.TrimSpace(raw); len(t) == 0 || string(t) == "null" {
		raw = []byte("{}")
	}
	if err := json.Unmarshal(raw, &args); err != nil {
		return nil, fmt.Errorf("arguments: want a JSON object of named arguments: %w", err)
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.name
	}
	var unknown []string
	for name := range args {
		if !slices.Contains(names, name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return nil, badArg(unknown[0], "no such argument; this tool takes %s", strings.Join(names, ", "))
	}
	for _, p := range ps {
		v, ok := args[p.name]
		if ok && string(bytes.TrimSpace(v)) == "null" {
			delete(args, p.name)
			ok = false
		}
		if !ok {
			if p.required {
				return nil, badArg(p.name, "missing; it is required (%s)", p.allowed())
			}
			continue
		}
		nv, err := checkValue(p, v)
		if err != nil {
			return nil, err
		}
		args[p.name] = nv
	}
	return args, nil
}

// checkValue checks one argument's value against p and returns it
// normalised. One leniency: a string given for an array is the array it
// spells in JSON (`["a","b"]`), else an array of that one string, as
// clients that do not read the schema send lists.
func checkValue(p param, raw json.RawMessage) (json.RawMessage, error) {
	v, err := decodeAny(raw)
	if err != nil {
		return nil, badArg(p.name, "not JSON: %v", err)
	}
	if s, ok := v.(string); ok && p.typ == "array" {
		v = []any{s}
		if t := strings.TrimSpace(s); strings.HasPrefix(t, "[") {
			if list, err := decodeAny([]byte(t)); err == nil {
				v = list
			}
		}
	}
	out, err := p.check(v)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(mustJSON(out)), nil
}

func decodeAny(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// check checks v (decoded with UseNumber) against p and returns the value
// to pass on.
func (p param) check(v any) (any, error) {
	switch p.typ {
	case "array":
		list, ok := v.([]any)
		if !ok {
			return nil, p.wrongType(v)
		}
		item := param{name: p.name, typ: p.items}
		for i, x := range list {
			if _, err := item.check(x); err != nil {
				return nil, badArg(p.name, "item %d is %s; want %s", i, describe(x), article(p.items))
			}
		}
		return list, nil
	case "string":
		s, ok := v.(string)
		switch {
		case !ok:
			return nil, p.wrongType(v)
		case len(p.enum) > 0 && !slices.Contains(p.enum, s):
			return nil, badArg(p.name, "%s is not allowed; use one of %s", strconv.Quote(s), strings.Join(p.enum, ", "))
		case p.maxLen > 0 && utf8.RuneCountInString(s) > p.maxLen:
			return nil, badArg(p.name, "%d characters; at most %d are allowed", utf8.RuneCountInString(s), p.maxLen)
		}
		return s, nil
	case "boolean":
		if _, ok := v.(bool); !ok {
			return nil, p.wrongType(v)
		}
		return v, nil
	}
	return p.checkNumber(v)
}

// checkNumber checks an integer or number argument.
func (p param) checkNumber(v any) (any, error) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, p.wrongType(v)
	}
	f, err := n.Float64()
	if err != nil || math.IsInf(f, 0) {
		return nil, badArg(p.name, "%s is out of range; want %s", n, p.allowed())
	}
	if p.typ == "integer" && (f != math.Trunc(f) || math.Abs(f) > 1<<53) {
		return nil, badArg(p.name, "got %s; want %s", n, p.allowed())
	}
	if (p.min != nil && f < *p.min) || (p.max != nil && f > *p.max) {
		return nil, badArg(p.name, "%s is out of range; want %s", n, p.allowed())
	}
	if p.typ == "integer" {
		return int64(f), nil
	}
	return f, nil
}

func (p param) wrongType(v any) error {
	return badArg(p.name, "got %s; want %s", describe(v), p.allowed())
}

// allowed says what p takes: "an integer from 1 to 5", "one of json, toon",
// "an array of strings".
func (p param) allowed() string {
	switch {
	case len(p.enum) > 0:
		return "a string, one of " + strings.Join(p.enum, ", ")
	case p.typ == "array":
		return "an array of " + p.items + "s"
	case p.min != nil && p.max != nil:
		return fmt.Sprintf("%s from %s to %s", article(p.typ), num(*p.min), num(*p.max))
	case p.min != nil:
		return fmt.Sprintf("%s of at least %s", article(p.typ), num(*p.min))
	case p.max != nil:
		return fmt.Sprintf("%s of at most %s", article(p.typ), num(*p.max))
	}
	return article(p.typ)
}

func article(typ string) string {
	if typ == "integer" || typ == "array" || typ == "object" {
		return "an " + typ
	}
	return "a " + typ
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// describe shows a value as an error message quotes it: the value,
// shortened, and its JSON type.
func describe(v any) string {
	typ := "object"
	switch v.(type) {
	case string:
		typ = "string"
	case json.Number:
		typ = "number"
	case bool:
		typ = "boolean"
	case []any:
		typ = "array"
	case nil:
		return "null"
	}
	s := mustJSON(v)
	if r := []rune(s); len(r) > 60 {
		s = string(r[:59]) + "…"
	}
	return s + " (" + article(typ) + ")"
}
