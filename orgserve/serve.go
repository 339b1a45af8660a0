// Package orgserve is gortex serve: the MCP tools answered from an
// organisation's store (package orgstore) over streamable HTTP, for many
// agents at once. Every request carries a bearer token that the store maps
// to the repositories it may read; the tools answer from those alone.
package orgserve

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/internal/httpguard"
	"github.com/gortex/gortex/orgstore"
	"github.com/gortex/gortex/query"
)

// Options configure the server.
type Options struct {
	// Addr is host:port to listen on; an empty host means 127.0.0.1.
	Addr string
	// AllowOrigins are origins accepted besides the loopback ones.
	AllowOrigins []string
	// Version is said to clients.
	Version string
	// MaxBody bounds a request body (0: 1 MiB); Timeout one request (0: one minute).
	MaxBody int64
	Timeout time.Duration
}

const endpointPath = "/mcp"

type grantKey struct{}

// grantOf is the grant the request's token carries.
func grantOf(ctx context.Context) (orgstore.Grant, bool) {
	g, ok := ctx.Value(grantKey{}).(orgstore.Grant)
	return g, ok
}

// Server answers the tools from a store.
type Server struct {
	st  *orgstore.Store
	mcp *server.MCPServer
}

// New returns a server over st.
func New(st *orgstore.Store, version string) *Server {
	if version == "" {
		version = "dev"
	}
	s := &Server{st: st, mcp: server.NewMCPServer("gortex-org", version, server.WithToolCapabilities(false),
		server.WithInstructions("gortex answers why code exists from the design documents, ADRs, memories and commits of every repository of the organisation your token may read. Call why before changing a symbol; each entry says the repository it lives in."))}
	s.addTools()
	return s
}

// Handler is the MCP endpoint behind httpguard's checks (a loopback Host
// on a loopback address, the Origin, a token the store knows, the body
// size, a deadline).
func (s *Server) Handler(ctx context.Context, o Options) http.Handler {
	if o.MaxBody <= 0 {
		o.MaxBody = 1 << 20
	}
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	h := server.NewStreamableHTTPServer(s.mcp,
		server.WithEndpointPath(endpointPath),
		server.WithDisableStreaming(true),
		server.WithStateLess(true),
		server.WithHTTPContextFunc(func(c context.Context, r *http.Request) context.Context {
			if g, ok := grantOf(r.Context()); ok {
				return context.WithValue(c, grantKey{}, g)
			}
			return c
		}),
	)
	context.AfterFunc(ctx, func() { h.Shutdown(context.WithoutCancel(ctx)) })
	mux := http.NewServeMux()
	mux.Handle(endpointPath, h)
	return httpguard.Handler(httpguard.Options{
		Authorize: func(r *http.Request, tok string) (*http.Request, bool) {
			g, ok, err := s.st.GrantOf(r.Context(), tok)
			if err != nil || !ok {
				return r, false
			}
			return r.WithContext(context.WithValue(r.Context(), grantKey{}, g)), true
		},
		Unauthorized: "(a token from gortex token add)",
		Addr:         o.Addr, AllowOrigins: o.AllowOrigins, MaxBody: o.MaxBody, Timeout: o.Timeout,
	}, mux)
}

// ServeHTTP serves until ctx is done; ready is called with the
// endpoint's URL once it listens.
func (s *Server) ServeHTTP(ctx context.Context, o Options, ready func(url string)) error {
	addr, err := httpguard.ListenAddr(o.Addr)
	if err != nil {
		return err
	}
	o.Addr = addr
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if ready != nil {
		ready("http://" + ln.Addr().String() + endpointPath)
	}
	// No read or write deadline of the server's own: the handler's
	// httpguard.Timeout bounds each request.
	return httpguard.Serve(ctx, ln, s.Handler(ctx, o), 0, 0)
}

// ToolNames are the tools served, in order.
func ToolNames() []string {
	return []string{"why", "search", "covers", "check", "query_memories", "store_memory", "list_repos"}
}

func (s *Server) addTools() {
	ro := mcpgo.WithReadOnlyHintAnnotation(true)
	s.add(mcpgo.NewTool("why", ro,
		mcpgo.WithDescription("Why this code exists: the reasoning of every repository your token may read that explains a symbol, best first; each entry names its repository. Call it before changing, deleting or moving code."),
		mcpgo.WithString("id", mcpgo.Required(), mcpgo.Description("Symbol: import path and name (github.com/acme/billing/invoice.Finalize), module and name (billing/invoice.Finalize), a stable ID, or a name.")),
		mcpgo.WithString("repo", mcpgo.Description("The repository to look in, when a name is in several.")),
		mcpgo.WithNumber("limit", mcpgo.Description("Most entries (1-30, default 10)."))), s.why)
	s.add(mcpgo.NewTool("search", ro,
		mcpgo.WithDescription("Find symbols by name, and document sections, memories and commits by their words, across the repositories your token may read."),
		mcpgo.WithString("query", mcpgo.Required(), mcpgo.Description("Words.")),
		mcpgo.WithNumber("limit", mcpgo.Description("Most results of each kind (1-30, default 10)."))), s.search)
	s.add(mcpgo.NewTool("covers", ro,
		mcpgo.WithDescription("The code a document (or one section) explains, in every repository your token may read: is this ADR implemented, and where?"),
		mcpgo.WithString("doc", mcpgo.Required(), mcpgo.Description("PATH or PATH#SECTION (heading or L<line>).")),
		mcpgo.WithString("repo", mcpgo.Description("The repository of the document, when several have the path.")),
		mcpgo.WithNumber("limit", mcpgo.Description("Most targets, strongest first (1-30, default 30).")),
		mcpgo.WithNumber("min_score", mcpgo.Description("Leave out targets whose link scores under this (0-1)."))), s.covers)
	s.add(mcpgo.NewTool("check", ro,
		mcpgo.WithDescription("The reasoning that governs the symbols a diff touches, the diff taken against the repository's published commit."),
		mcpgo.WithString("repo", mcpgo.Required(), mcpgo.Description("The repository the diff is of.")),
		mcpgo.WithString("diff", mcpgo.Required(), mcpgo.Description("A unified diff (git diff) against the published commit."))), s.check)
	s.add(mcpgo.NewTool("query_memories", ro,
		mcpgo.WithDescription("Memories (recorded decisions, invariants, ...) of the organisation and of the repositories your token may read."),
		mcpgo.WithString("repo", mcpgo.Description("One repository's, or \""+orgstore.OrgRepo+"\" for the organisation's; all when omitted.")),
		mcpgo.WithString("query", mcpgo.Description("Words the memories hold.")),
		mcpgo.WithNumber("limit", mcpgo.Description("Most memories (default 20)."))), s.queryMemories)
	s.add(mcpgo.NewTool("store_memory",
		mcpgo.WithDescription("Record a decision, invariant or constraint for the organisation (or for one repository your token may read), anchored to the symbols it is about."),
		mcpgo.WithString("title", mcpgo.Required()),
		mcpgo.WithString("body", mcpgo.Required(), mcpgo.Description("What was decided and why.")),
		mcpgo.WithString("kind", mcpgo.Description("decision, invariant, constraint, incident, convention, gotcha or reference.")),
		mcpgo.WithArray("anchors", mcpgo.WithStringItems(), mcpgo.Description("Symbols (import path and name) and files it is about.")),
		mcpgo.WithNumber("importance", mcpgo.Description("1-5, default 3.")),
		mcpgo.WithString("repo", mcpgo.Description("The repository it belongs to; the organisation's when omitted."))), s.storeMemory)
	s.add(mcpgo.NewTool("list_repos", ro,
		mcpgo.WithDescription("The published repositories your token may read, with the commit each was published at.")), s.listRepos)
}

type handler func(ctx context.Context, g orgstore.Grant, req mcpgo.CallToolRequest) (any, error)

func (s *Server) add(t mcpgo.Tool, h handler) {
	s.mcp.AddTool(t, func(ctx context.Context, req mcpgo.CallToolRequest) (res *mcpgo.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = mcpgo.NewToolResultError(fmt.Sprintf("internal error in %s", t.Name)), nil
			}
		}()
		g, ok := grantOf(ctx)
		if !ok {
			return mcpgo.NewToolResultError("no grant: the request carried no token the store knows"), nil
		}
		v, err := h(ctx, g, req)
		if err != nil {
			return mcpgo.NewToolResultError(err.Error()), nil
		}
		var b bytes.Buffer
		if err := query.Encode(&b, v, query.FormatJSON, query.RenderOptions{Compact: true}); err != nil {
			return mcpgo.NewToolResultError(err.Error()), nil
		}
		return mcpgo.NewToolResultText(b.String()), nil
	})
}

func limitOf(req mcpgo.CallToolRequest, def int) (int, error) {
	n := req.GetInt("limit", def)
	if n < 1 || n > orgstore.MaxLimit {
		return 0, fmt.Errorf("limit %d: want 1 to %d", n, orgstore.MaxLimit)
	}
	return n, nil
}

func (s *Server) why(ctx context.Context, g orgstore.Grant, req mcpgo.CallToolRequest) (any, error) {
	limit, err := limitOf(req, query.DefaultLimit)
	if err != nil {
		return nil, err
	}
	id := req.GetString("id", "")
	if strings.TrimSpace(id) == "" {
		return nil, fmt.Errorf("id: empty; give a symbol such as github.com/acme/billing/invoice.Finalize")
	}
	return s.st.Why(ctx, g, orgstore.WhyQuery{Text: id, Repo: req.GetString("repo", ""), Limit: limit})
}

func (s *Server) search(ctx context.Context, g orgstore.Grant, req mcpgo.CallToolRequest) (any, error) {
	limit, err := limitOf(req, 10)
	if err != nil {
		return nil, err
	}
	return s.st.Search(ctx, g, req.GetString("query", ""), limit)
}

func (s *Server) covers(ctx context.Context, g orgstore.Grant, req mcpgo.CallToolRequest) (any, error) {
	limit, err := limitOf(req, change.CoversLimit)
	if err != nil {
		return nil, err
	}
	floor := req.GetFloat("min_score", 0)
	if floor < 0 || floor > 1 {
		return nil, fmt.Errorf("min_score %g: want 0 to 1", floor)
	}
	c, err := s.st.Covers(ctx, g, orgstore.CoversQuery{Repo: req.GetString("repo", ""), Doc: req.GetString("doc", "")})
	if err != nil {
		return nil, err
	}
	c.Cut(limit, floor)
	return c, nil
}

func (s *Server) check(ctx context.Context, g orgstore.Grant, req mcpgo.CallToolRequest) (any, error) {
	diffs, err := history.ParseDiff(strings.NewReader(req.GetString("diff", "")))
	if err != nil {
		return nil, fmt.Errorf("diff: %w", err)
	}
	return s.st.Check(ctx, g, req.GetString("repo", ""), diffs)
}

func (s *Server) queryMemories(ctx context.Context, g orgstore.Grant, req mcpgo.CallToolRequest) (any, error) {
	limit, err := limitOf(req, 20)
	if err != nil {
		return nil, err
	}
	ms, err := s.st.Memories(ctx, g, orgstore.MemoryQuery{Repo: req.GetString("repo", ""), Text: req.GetString("query", ""), Limit: limit})
	if ms == nil {
		ms = []orgstore.StoredMemory{}
	}
	return map[string]any{"count": len(ms), "memories": ms}, err
}

func (s *Server) storeMemory(ctx context.Context, g orgstore.Grant, req mcpgo.CallToolRequest) (any, error) {
	m, err := s.st.AddMemory(ctx, g, orgstore.NewMemory{Repo: req.GetString("repo", ""), Title: req.GetString("title", ""),
		Body: req.GetString("body", ""), Kind: req.GetString("kind", ""), Anchors: req.GetStringSlice("anchors", nil),
		Importance: req.GetInt("importance", 0), Author: "agent"})
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": m.ID, "repo": m.Repo, "status": "stored"}, nil
}

func (s *Server) listRepos(ctx context.Context, g orgstore.Grant, req mcpgo.CallToolRequest) (any, error) {
	rs, err := s.st.Repos(ctx, g)
	if rs == nil {
		rs = []orgstore.RepoInfo{}
	}
	return map[string]any{"count": len(rs), "repos": rs}, err
}
