package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gortex/gortex/orgstore"
)

// TokenEnv holds the bearer token of `gortex mcp --http` when --token is
// not given, so that it stays out of the process list and shell history.
const TokenEnv = "GORTEX_MCP_TOKEN"

// ProjectDirEnv is the environment variable a client may set to the
// project it runs gortex for (Claude Code sets it for the processes it
// starts).
const ProjectDirEnv = "CLAUDE_PROJECT_DIR"

// The limits of `gortex mcp --http` when no flag sets them: the mcp
// package's DefaultTimeout, DefaultMaxBody, DefaultSessionIdle and
// DefaultMaxSessions, written here so that gortex prints them in its help
// without linking that package (cmd/gortex-mcp's test holds them equal).
const (
	DefaultTimeout     = 5 * time.Minute
	DefaultMaxBody     = 1 << 20
	DefaultSessionIdle = 30 * time.Minute
	DefaultMaxSessions = 256
)

// MCPTools and ServeTools name the tools of gortex mcp and gortex serve, in
// the order their help lists them (mcp.ToolNames and orgserve.ToolNames;
// cmd/gortex-mcp's test holds them equal).
var (
	MCPTools = []string{"why", "store_memory", "query_memories", "update_memory", "supersede_memory", "forget_memory",
		"search", "list_docs", "doc_outline", "read_doc_section", "index_status", "reindex", "audit", "propose_memory", "check",
		"covers", "specs"}
	ServeTools = []string{"why", "search", "covers", "check", "query_memories", "store_memory", "list_repos"}
)

// DBHelp is the help of every --db flag.
const DBHelp = "the organisation's PostgreSQL store (postgres://USER@HOST/DB; default $" + orgstore.EnvDB + "; a password is best kept in ~/.pgpass or $PGPASSWORD)"

// DBURL is the store's connection string: the flag's, else $GORTEX_DB.
func DBURL(flagged string) string {
	if flagged != "" {
		return flagged
	}
	return os.Getenv(orgstore.EnvDB)
}

// Origins is a repeatable --allow-origin flag.
type Origins struct{ Vals []string }

func (o *Origins) String() string { return strings.Join(o.Vals, ",") }

func (o *Origins) Set(v string) error {
	o.Vals = append(o.Vals, v)
	return nil
}

// MCPFlags are the flags of gortex mcp.
type MCPFlags struct {
	Dir, HTTP, Token string
	Origins          Origins
	Timeout, Idle    time.Duration
	MaxBody          int64
	MaxSessions      int
	Verbose          bool
}

// Define defines f's flags in fs.
func (f *MCPFlags) Define(fs *flag.FlagSet) {
	fs.StringVar(&f.Dir, "dir", "", "repository root (default: the client's MCP root, else $"+ProjectDirEnv+", else the project around the working directory)")
	fs.StringVar(&f.HTTP, "http", "", "serve streamable HTTP on this host:port (e.g. 127.0.0.1:8765; port 0 picks one) instead of stdio")
	fs.StringVar(&f.Token, "token", os.Getenv(TokenEnv), "bearer token required of every HTTP request, loopback too (default $"+TokenEnv+", else one made at start and printed on stderr)")
	fs.Var(&f.Origins, "allow-origin", "a browser origin (scheme://host:port) allowed besides localhost (repeatable)")
	fs.DurationVar(&f.Timeout, "timeout", DefaultTimeout, "bound on one HTTP request, tool call included")
	fs.Int64Var(&f.MaxBody, "max-body", DefaultMaxBody, "bound on an HTTP request body, in bytes")
	fs.DurationVar(&f.Idle, "session-idle", DefaultSessionIdle, "an HTTP session unused this long expires (its client gets 404 and starts another)")
	fs.IntVar(&f.MaxSessions, "max-sessions", DefaultMaxSessions, "bound on the HTTP sessions open at once (an initialize beyond it gets 503)")
	fs.BoolVar(&f.Verbose, "v", false, "log every refresh of the index on stderr")
}

// ServeFlags are the flags of gortex serve.
type ServeFlags struct {
	DB, HTTP string
	Origins  Origins
}

// Define defines f's flags in fs.
func (f *ServeFlags) Define(fs *flag.FlagSet) {
	fs.StringVar(&f.DB, "db", "", DBHelp)
	fs.StringVar(&f.HTTP, "http", "127.0.0.1:8766", "serve streamable HTTP on this host:port (port 0 picks one)")
	fs.Var(&f.Origins, "allow-origin", "an origin (scheme://host:port) allowed besides localhost (repeatable)")
}

// ErrArgs is the error of Parse for arguments gortex would have refused.
var ErrArgs = errors.New("gortex checks these arguments before it runs gortex-mcp")

// Parse parses the arguments gortex handed over to gortex-mcp, which it
// has checked: flags only, as fs defines them. Anything else wraps ErrArgs.
func Parse(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(discard{})
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %v", ErrArgs, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", ErrArgs, fs.Arg(0))
	}
	return nil
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
