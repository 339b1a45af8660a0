package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/gortex/gortex/cmd/internal/cli"
)

// version and commit are stamped at build time by make build and make
// install (-ldflags "-X main.version=... -X main.commit=..."): from git
// describe --tags --always --dirty and git rev-parse HEAD. The toolchain's
// own VCS stamp is missing in a git worktree and with -buildvcs=false.
var (
	version = "dev"
	commit  = ""
)

// readBuildInfo is the build information of this executable.
func readBuildInfo() cli.BuildInfo { return cli.ReadBuildInfo(version, commit) }

// writeBuildInfo writes b as gortex version prints it.
func writeBuildInfo(w io.Writer, b cli.BuildInfo) {
	rev := "unknown (built without VCS information)"
	if b.Revision != "" {
		rev = b.Revision
		if b.Modified {
			rev += " (modified)"
		}
		if b.Time != "" {
			rev += ", " + b.Time
		}
	}
	fmt.Fprintln(w, "gortex", b.Version)
	fmt.Fprintln(w, "  commit ", rev)
	fmt.Fprintln(w, "  go     ", b.Go)
}

func runVersion(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	setUsage(fs, "version")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintln(e.stderr, "gortex version: no arguments expected")
		return exitUsage
	}
	writeBuildInfo(e.stdout, readBuildInfo())
	return exitOK
}
