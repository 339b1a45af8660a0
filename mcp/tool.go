package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"runtime/debug"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/query"
)

// handler is a tool's work: its decoded parameters in, a result out,
// answered from one snapshot. An error becomes an isError result.
type handler[P any] func(ctx context.Context, sn *Snapshot, p P) (*mcpgo.CallToolResult, error)

// addTools registers every tool.
func (s *Server) addTools() {
	register(s, whyTool(), s.why)
	register(s, storeMemoryTool(), s.storeMemory)
	register(s, queryMemoriesTool(), s.queryMemories)
	register(s, updateMemoryTool(), s.updateMemory)
	register(s, supersedeMemoryTool(), s.supersedeMemory)
	register(s, forgetMemoryTool(), s.forgetMemory)
	register(s, searchTool(), s.search)
	register(s, listDocsTool(), s.listDocs)
	register(s, docOutlineTool(), s.docOutline)
	register(s, readDocSectionTool(), s.readDocSection)
	register(s, indexStatusTool(), s.indexStatus)
	register(s, reindexTool(), s.reindex)
	register(s, auditTool(), s.audit)
	register(s, proposeMemoryTool(), s.proposeMemory)
}

// register adds tool t to s: the arguments are decoded into P (strictly:
// an unknown or mistyped argument is named in the error), the current
// snapshot is fetched (index_status and reindex fetch their own), and h
// runs.
func register[P any](s *Server, t mcpgo.Tool, h handler[P]) {
	fresh := t.Name != "index_status" && t.Name != "reindex"
	t.RawInputSchema = plainTypes(t.RawInputSchema)
	s.mcp.AddTool(t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		var p P
		if err := bindArgs(req, &p); err != nil {
			return errorResult(err), nil
		}
		sn := s.snap.Load()
		if fresh {
			var err error
			if sn, err = s.current(ctx); err != nil {
				return errorResult(err), nil
			}
		}
		res, err := h(ctx, sn, p)
		if err != nil {
			return errorResult(err), nil
		}
		return res, nil
	})
}

// nullable matches the type the schema generator gives slices and
// pointers: "type":["null","array"].
var nullable = regexp.MustCompile(`"type":\["null","([a-z]+)"\]`)

// plainTypes rewrites nullable types as plain ones ("type":"array"): an
// argument is optional by being left out, and some clients reject type
// lists in tool schemas. The text is rewritten in place, so the order of
// the properties (the order of the struct's fields) stays.
func plainTypes(schema json.RawMessage) json.RawMessage {
	return nullable.ReplaceAll(schema, []byte(`"type":"$1"`))
}

// argError says which argument of a call is wrong and why.
type argError struct {
	arg, why string
}

func (e *argError) Error() string { return fmt.Sprintf("argument %s: %s", e.arg, e.why) }

func badArg(arg, format string, a ...any) error {
	return &argError{arg: arg, why: fmt.Sprintf(format, a...)}
}

// bindArgs decodes a call's arguments into p, refusing unknown ones.
func bindArgs(req mcpgo.CallToolRequest, p any) error {
	raw := req.Params.RawArguments
	if len(raw) == 0 {
		var err error
		if raw, err = json.Marshal(req.GetArguments()); err != nil {
			return fmt.Errorf("arguments: %w", err)
		}
	}
	if string(raw) == "null" {
		raw = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(p)
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		return badArg(te.Field, "got a JSON %s, want %s", te.Value, jsonType(te.Type.Kind().String()))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return badArg(name, "no such argument (see the tool's input schema)")
	}
	return fmt.Errorf("arguments: %w", err)
}

// jsonType names a Go kind as JSON calls it.
func jsonType(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"):
		return "an integer"
	case strings.HasPrefix(kind, "float"):
		return "a number"
	case kind == "slice":
		return "an array"
	case kind == "bool":
		return "a boolean"
	}
	return "a " + kind
}

func errorResult(err error) *mcpgo.CallToolResult { return mcpgo.NewToolResultError(err.Error()) }

// recoverPanics turns a panic in a tool handler into an isError result for
// that call (and a log record with the stack); the server keeps serving.
func recoverPanics(log *slog.Logger) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcpgo.CallToolRequest) (res *mcpgo.CallToolResult, err error) {
			defer func() {
				if r := recover(); r != nil {
					log.Error("panic in a tool handler", "tool", req.Params.Name, "panic", r, "stack", string(debug.Stack()))
					res = mcpgo.NewToolResultError(fmt.Sprintf("internal error in %s: %v (the server keeps serving; this is a bug in gortex)", req.Params.Name, r))
					err = nil
				}
			}()
			return next(ctx, req)
		}
	}
}

// parseFormat reads a format argument: json (the default) or toon.
func parseFormat(s string) (query.Format, error) {
	switch s {
	case "", string(query.FormatJSON):
		return query.FormatJSON, nil
	case string(query.FormatTOON):
		return query.FormatTOON, nil
	}
	return "", badArg("format", "%q is no format; use json or toon", s)
}

// encoded is a result holding v in format f.
func encoded(v any, f query.Format) (*mcpgo.CallToolResult, error) {
	var b strings.Builder
	if err := query.Encode(&b, v, f); err != nil {
		return nil, err
	}
	return mcpgo.NewToolResultText(b.String()), nil
}

// limitArg checks a limit argument: 0 means def, at most max.
func limitArg(name string, n, def, max int) (int, error) {
	switch {
	case n == 0:
		return def, nil
	case n < 0 || n > max:
		return 0, badArg(name, "%d is out of range 1–%d", n, max)
	}
	return n, nil
}
