package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/internal/typeschema"
	"github.com/gortex/gortex/query"
)

// handler is a tool's work: its decoded parameters in, its answer out,
// answered from one snapshot. An error becomes an isError result.
type handler[P, R any] func(ctx context.Context, sn *Snapshot, p P) (*out[R], error)

// out is a tool's answer: the value, the format its text is written in,
// and whether it is an error all the same (why of an unknown name).
type out[R any] struct {
	v       R
	f       query.Format
	isError bool
	res     *mcpgo.CallToolResult // when not nil: v's result, made when its size was measured
}

// answer is the answer v, written in format f.
func answer[R any](v R, f query.Format) (*out[R], error) { return &out[R]{v: v, f: f}, nil }

// toolDefs define every tool addTools registers, in its order; ToolNames
// reads them, and a test holds the two (and doc.go, the README and gortex
// mcp --help) to each other.
var toolDefs = []func() mcpgo.Tool{whyTool, storeMemoryTool, queryMemoriesTool, updateMemoryTool, supersedeMemoryTool,
	forgetMemoryTool, searchTool, listDocsTool, docOutlineTool, readDocSectionTool, indexStatusTool, reindexTool,
	auditTool, proposeMemoryTool, checkTool, coversTool, specsTool}

// ToolNames are the names of the tools a Server serves, in the order it
// registers them.
func ToolNames() []string {
	names := make([]string, len(toolDefs))
	for i, def := range toolDefs {
		names[i] = def().Name
	}
	return names
}

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
	register(s, checkTool(), s.checkChange)
	register(s, coversTool(), s.covers)
	register(s, specsTool(), s.specs)
}

// register adds tool t to s: its input schema is made from P (see
// schema.go) and its output schema from R (internal/typeschema), the arguments
// are checked against the one and decoded into P (a wrong one is named in
// the error), the current snapshot is fetched (index_status and reindex
// fetch their own), h runs, and its answer is sent as text and as
// structuredContent (result).
func register[P, R any](s *Server, t mcpgo.Tool, h handler[P, R]) {
	fresh := t.Name != "index_status" && t.Name != "reindex"
	ps := paramsOf(reflect.TypeFor[P]())
	t.InputSchema, t.RawInputSchema = mcpgo.ToolInputSchema{}, inputSchema(ps)
	t.OutputSchema, t.RawOutputSchema = mcpgo.ToolOutputSchema{}, typeschema.Of(reflect.TypeFor[R](), false)
	s.mcp.AddTool(t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		var p P
		if err := bindArgs(req, ps, &p); err != nil {
			return errorResult(err), nil
		}
		s.adoptClientRoots(ctx)
		if s.unrooted != nil { // read after rootOnce: no race with its writer
			return errorResult(s.unrooted), nil
		}
		sn := s.snapshot(s.sess.Last())
		if fresh {
			var err error
			if sn, err = s.current(ctx); err != nil {
				return errorResult(err), nil
			}
		}
		brief := structuredOnly(ctx, req)
		o, err := h(context.WithValue(ctx, briefKey{}, brief), sn, p)
		if err != nil {
			return errorResult(err), nil
		}
		res := o.res
		if res == nil {
			if res, err = result(o.v, o.f, brief); err != nil {
				return errorResult(err), nil
			}
		}
		res.IsError = o.isError
		return res, nil
	})
}

// result is the tool result of v: its text in format f, and v as JSON in
// structuredContent. The JSON text and the structured content are the
// same bytes; a TOON text carries the same data, in TOON. With brief (a
// client that reads the structured content alone, StructuredOnly), a JSON
// text is one line that says where the answer is.
func result(v any, f query.Format, brief bool) (*mcpgo.CallToolResult, error) {
	var js, b strings.Builder
	if err := query.Encode(&js, v, query.FormatJSON, wire); err != nil {
		return nil, err
	}
	raw := strings.TrimSuffix(js.String(), "\n")
	switch {
	case f == query.FormatJSON && brief:
		b.WriteString(briefText(len(raw)))
	case f == query.FormatJSON:
		b.WriteString(js.String())
	default:
		if err := query.Encode(&b, v, f, wire); err != nil {
			return nil, err
		}
	}
	res := mcpgo.NewToolResultText(b.String())
	res.RawStructuredContent = json.RawMessage(raw)
	res.StructuredContent = res.RawStructuredContent
	return res, nil
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

// wire is how every answer is written: JSON without indentation, which an
// agent pays for in tokens and never reads for layout.
var wire = query.RenderOptions{Compact: true}

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

// A tool's annotations carry only the hints that differ from the MCP
// defaults (readOnlyHint false, destructiveHint true, idempotentHint false,
// openWorldHint true): a client reads a hint left out as its default, and
// tools/list is in every session's context.

// readOnly marks a tool that only reads the repository: it changes
// nothing, and reaches nothing outside the repository (destructiveHint and
// idempotentHint mean nothing for a tool that changes nothing).
func readOnly() mcpgo.ToolOption {
	return func(t *mcpgo.Tool) {
		t.Annotations = mcpgo.ToolAnnotation{ReadOnlyHint: mcpgo.ToBoolPtr(true), OpenWorldHint: mcpgo.ToBoolPtr(false)}
	}
}

// writes marks a tool that writes files of the repository or of the user's
// memory store: destructive when it may change or remove what was there
// (false: it only adds), idempotent when calling it again with the same
// arguments changes nothing more. Nothing outside the machine is reached.
func writes(destructive, idempotent bool) mcpgo.ToolOption {
	return func(t *mcpgo.Tool) {
		t.Annotations = mcpgo.ToolAnnotation{OpenWorldHint: mcpgo.ToBoolPtr(false)}
		if !destructive {
			t.Annotations.DestructiveHint = mcpgo.ToBoolPtr(false)
		}
		if idempotent {
			t.Annotations.IdempotentHint = mcpgo.ToBoolPtr(true)
		}
	}
}
