package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

// version and commit are stamped at build time by make build and make
// install (-ldflags "-X main.version=... -X main.commit=..."): from git
// describe --tags --always --dirty and git rev-parse HEAD. The toolchain's
// own VCS stamp is missing in a git worktree and with -buildvcs=false.
var (
	version = "dev"
	commit  = ""
)

// buildInfo is what a bug report needs to know of this binary.
type buildInfo struct {
	Version  string // the stamped version, else the module's, else dev
	Revision string // the VCS commit it was built from; "" when unknown
	Time     string // the commit's time
	Modified bool   // the work tree had changes
	Go       string // the Go version and platform
}

// readBuildInfo reads the stamped version and the build information the
// Go toolchain embeds: a release tag for go install …@vX, a pseudo-version
// and the VCS revision for a build in a checkout.
func readBuildInfo() buildInfo {
	b := buildInfo{Version: version, Revision: commit, Modified: strings.HasSuffix(version, "-dirty"),
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

func (b buildInfo) write(w io.Writer) {
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
	readBuildInfo().write(e.stdout)
	return exitOK
}
