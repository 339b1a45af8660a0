package indexer

import (
	"cmp"
	"runtime/debug"
	"sync"
)

// rulesID names the gortex build that extracts and links: the version
// make stamps (stampedBuild, from git describe), else the module version
// and, for a build from a git checkout with VCS stamping, the commit (with
// "+dirty" for uncommitted changes). An index another build wrote is
// rebuilt by the next update, since its unchanged files hold what that
// build's rules made. It is "" when the binary records none of them (go
// test, a plain go build without VCS data): the check is off. It is read
// on first use: the build information is parsed only by an index update.
var rulesID = sync.OnceValue(func() string { return cmp.Or(stampedBuild, buildID()) })

// stampedBuild is set at link time by make (-X).
var stampedBuild string

func buildID() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	v := bi.Main.Version
	if v == "(devel)" {
		v = ""
	}
	switch {
	case rev != "":
		return v + "@" + rev + dirty
	case v != "":
		return v
	}
	return ""
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
