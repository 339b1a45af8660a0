package mcp

import (
	"context"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// StructuredOnly is the experimental capability a client declares to say
// that it reads a result's structuredContent, so that the text need not
// repeat it. The MCP specification asks a tool that returns structured
// content to return the serialized JSON in a text block as well, for
// clients that do not read it (a SHOULD, "for backwards compatibility"),
// and it has no capability of its own for this: every answer went over
// the wire twice, 2.1 times its text's size on cluster-api (every tool
// with its default arguments, through the official TypeScript SDK). A
// client that declares it, in initialize's capabilities or, in the
// stateless revision, in a request's, gets one line of text instead of
// the JSON; a text asked for in another format (TOON) is sent as before.
// The server lists it among its own experimental capabilities.
const StructuredOnly = "gortex/structuredContentOnly"

// structuredOnly reports whether the client of req declared StructuredOnly.
func structuredOnly(ctx context.Context, req mcpgo.CallToolRequest) bool {
	if m := req.Params.Meta; m != nil {
		if caps := m.ClientCapabilities(); caps != nil {
			_, ok := caps.Experimental[StructuredOnly]
			return ok
		}
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		_, ok := s.GetClientCapabilities().Experimental[StructuredOnly]
		return ok
	}
	return false
}

// briefText is the text of a result whose client reads its structured
// content alone.
func briefText(jsonLen int) string {
	return fmt.Sprintf("The answer is in structuredContent (%d bytes of JSON), as this client asked (%s).", jsonLen, StructuredOnly)
}
