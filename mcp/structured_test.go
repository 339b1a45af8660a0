package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toon-format/toon-go"

	"github.com/gortex/gortex/audit"
	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/internal/typeschema"
	"github.com/gortex/gortex/query"
)

// answerTypes are the Go types of the tools' answers, by tool.
var answerTypes = map[string]reflect.Type{
	"why": reflect.TypeFor[*query.Answer](), "store_memory": reflect.TypeFor[writeResult](),
	"query_memories": reflect.TypeFor[memoryList](), "update_memory": reflect.TypeFor[writeResult](),
	"supersede_memory": reflect.TypeFor[writeResult](), "forget_memory": reflect.TypeFor[writeResult](),
	"search": reflect.TypeFor[docs.Result](), "list_docs": reflect.TypeFor[docPage](),
	"doc_outline": reflect.TypeFor[docs.Outline](), "read_doc_section": reflect.TypeFor[docs.Sections](),
	"index_status": reflect.TypeFor[status](), "reindex": reflect.TypeFor[status](),
	"audit": reflect.TypeFor[*audit.Report](), "propose_memory": reflect.TypeFor[writeResult](),
	"check": reflect.TypeFor[*change.Report](), "covers": reflect.TypeFor[*change.Coverage](),
	"specs": reflect.TypeFor[*change.Specs](),
}

// compileSchema compiles a JSON Schema (draft 2020-12, the MCP default).
func compileSchema(t *testing.T, name string, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := "mem:///" + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, schema)
	}
	return s
}

// Every tool declares the output schema made from its answer's type, and
// every answer's structuredContent validates against it, and against the
// strict form of it (objects closed, so that a field the schema misses
// fails); the text says the same as the structured content, in JSON or
// TOON. Each tool is called as an agent would on the change fixture, the
// memory tools on a memory store_memory made.
func TestStructuredOutput(t *testing.T) {
	_, c := changeServer(t)
	lt, err := c.ListTools(context.Background(), mcpgo.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]json.RawMessage{}
	for _, tool := range lt.Tools {
		var m struct {
			OutputSchema json.RawMessage `json:"outputSchema"`
		}
		if err := json.Unmarshal([]byte(mustJSON(tool)), &m); err != nil {
			t.Fatal(err)
		}
		declared[tool.Name] = m.OutputSchema
	}
	for name := range toolParams {
		if len(declared[name]) == 0 || answerTypes[name] == nil {
			t.Errorf("%s: declared output schema %s, answer type %v", name, declared[name], answerTypes[name])
		}
	}

	tests := []struct {
		tool    string
		args    map[string]any
		isError bool // an error all the same, whose structured content is the answer
	}{
		{tool: "index_status"},
		{tool: "why", args: map[string]any{"id": "cart.Cart.Total", "explain": true}},
		{tool: "why", args: map[string]any{"id": "cart.Cart.Total", "format": "toon"}},
		{tool: "why", args: map[string]any{"id": "docs/adr/0001-integer-cents.md"}},
		{tool: "why", args: map[string]any{"id": "how are refunds paid back?"}},
		{tool: "why", args: map[string]any{"id": "Nowhere.Nothing"}, isError: true},
		{tool: "store_memory", args: map[string]any{"body": "Totals never use float64: a cent is never split.", "symbols": []string{"cart/cart.go::Cart.Total"}, "tags": []string{"money"}}},
		{tool: "store_memory", args: map[string]any{"body": "Totals never use float64: a cent is never split."}}, // a duplicate
		{tool: "query_memories", args: map[string]any{}},
		{tool: "query_memories", args: map[string]any{"tag": "money", "format": "toon"}},
		{tool: "update_memory", args: map[string]any{"id": "$id", "importance": 4}},
		{tool: "supersede_memory", args: map[string]any{"id": "$id", "body": "Totals are int64 cents; rounding goes down."}},
		{tool: "propose_memory", args: map[string]any{"body": "Discounts round down to the cent.", "files": []string{"cart/cart.go"}}},
		{tool: "search", args: map[string]any{"query": "cents"}},
		{tool: "search", args: map[string]any{"query": "ledger", "format": "toon"}},
		{tool: "list_docs", args: map[string]any{}},
		{tool: "list_docs", args: map[string]any{"limit": 2, "format": "toon"}},
		{tool: "doc_outline", args: map[string]any{"path": "docs/adr/0001-integer-cents.md"}},
		{tool: "doc_outline", args: map[string]any{"path": "docs/adr/0001-integer-cents.md", "format": "toon"}},
		{tool: "read_doc_section", args: map[string]any{"ids": []string{"docs/adr/0001-integer-cents.md#Decision"}}},
		{tool: "read_doc_section", args: map[string]any{"ids": []string{"docs/adr/0001-integer-cents.md#Decision"}, "format": "toon"}},
		{tool: "audit", args: map[string]any{}},
		{tool: "audit", args: map[string]any{"format": "toon"}},
		{tool: "check", args: map[string]any{"paths": []string{"cart/cart.go"}}},
		{tool: "covers", args: map[string]any{"doc": "docs/adr/0001-integer-cents.md"}},
		{tool: "specs", args: map[string]any{"task": "change how cart totals are rounded"}},
		{tool: "reindex", args: map[string]any{}},
		{tool: "index_status", args: map[string]any{"format": "toon"}},
		{tool: "forget_memory", args: map[string]any{"id": "$id"}},
	}
	called := map[string]bool{}
	var memID string
	for _, tt := range tests {
		args := map[string]any{}
		for k, v := range tt.args {
			if v == "$id" {
				v = memID
			}
			args[k] = v
		}
		t.Run(tt.tool+"/"+mustJSON(tt.args), func(t *testing.T) {
			res := call(t, c, tt.tool, args)
			if res.IsError != tt.isError {
				t.Fatalf("isError %v: %s", res.IsError, text(res))
			}
			called[tt.tool] = true
			structured := []byte(mustJSON(res.StructuredContent))
			if res.StructuredContent == nil {
				t.Fatalf("no structuredContent; text %s", text(res))
			}
			sc, err := jsonschema.UnmarshalJSON(bytes.NewReader(structured))
			if err != nil {
				t.Fatal(err)
			}
			if err := compileSchema(t, tt.tool, declared[tt.tool]).Validate(sc); err != nil {
				t.Errorf("structuredContent does not validate against the declared outputSchema: %v\n%s", err, structured)
			}
			strict := typeschema.Of(answerTypes[tt.tool], true)
			if err := compileSchema(t, tt.tool+"-strict", strict).Validate(sc); err != nil {
				t.Errorf("structuredContent does not validate against the strict outputSchema: %v\n%s", err, structured)
			}
			if got := typeschema.Of(answerTypes[tt.tool], false); !reflect.DeepEqual(textValue(t, string(got), false), textValue(t, string(declared[tt.tool]), false)) {
				t.Errorf("declared outputSchema is not made from %v", answerTypes[tt.tool])
			}
			if fromText := textValue(t, text(res), args["format"] == "toon"); !reflect.DeepEqual(fromText, sc) {
				t.Errorf("the text says\n%v\nstructuredContent\n%v", fromText, sc)
			}
			if tt.tool == "store_memory" && memID == "" {
				memID = decode[writeResult](t, string(structured)).ID
			}
		})
	}
	for name := range toolParams {
		if !called[name] {
			t.Errorf("%s was not called", name)
		}
	}
}

// textValue is what a result's text says, as JSON values: JSON as it is,
// TOON decoded and written as JSON.
func textValue(t *testing.T, s string, isTOON bool) any {
	t.Helper()
	if isTOON {
		v, err := toon.DecodeString(strings.TrimSuffix(s, "\n"))
		if err != nil {
			t.Fatalf("decode the TOON text: %v\n%s", err, s)
		}
		s = mustJSON(v)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	if err != nil {
		t.Fatalf("decode the text: %v\n%s", err, s)
	}
	return v
}
