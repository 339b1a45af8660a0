// Package cli is what gortex's two executables share: gortex, the command
// line, and gortex-mcp, which holds the MCP servers (gortex mcp, gortex
// serve) so that the MCP SDK and its JSON Schema compiler, whose package
// initialisation every run would pay for, are linked into no other
// command. gortex checks a serving command's arguments and prints its
// help; then it hands the same arguments over to gortex-mcp (Find, Exec,
// Run), which parses them with the same flags (MCPFlags, ServeFlags) and
// serves.
package cli

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/gortex/gortex/workspace"
)

// Root returns the repository root of a command: dir when given, else the
// project around the working directory (see workspace.FindRoot). Outside
// any project it refuses, saying how to point at one, so that nothing is
// indexed or written in a directory that is no project.
func Root(dir string) (string, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		root, err := workspace.FindRoot(wd)
		if errors.Is(err, workspace.ErrNoProject) {
			return "", fmt.Errorf("%w\n  run gortex inside a repository, point at one with --dir DIR, or index a directory with gortex index DIR", err)
		}
		return root, err
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("%s: %w", dir, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return filepath.Abs(dir)
}

// ServerLog is the diagnostics log of a long-running command (mcp, lsp,
// ui) on w: warnings and errors, and with verbose every refresh of the
// index too.
func ServerLog(w io.Writer, verbose bool) *slog.Logger {
	level := slog.LevelWarn
	if verbose {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: level}))
}

// BuildInfo is what a bug report needs to know of an executable.
type BuildInfo struct {
	Version  string // the stamped version, else the module's, else dev
	Revision string // the VCS commit it was built from; "" when unknown
	Time     string // the commit's time
	Modified bool   // the work tree had changes
	Go       string // the Go version and platform
}

// ReadBuildInfo reads the version and commit stamped into the executable
// (make build and make install set its main.version and main.commit) and
// the build information the Go toolchain embeds: a release tag for go
// install …@vX, a pseudo-version and the VCS revision for a build in a
// checkout.
func ReadBuildInfo(version, commit string) BuildInfo {
	b := BuildInfo{Version: version, Revision: commit, Modified: strings.HasSuffix(version, "-dirty"),
		Go: runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if b.Version == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		b.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}
