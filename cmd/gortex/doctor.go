package main

import (
	"context"
	"flag"
	"fmt"
	"os/exec"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/memory"
)

// The statuses of a doctor check.
const (
	statusPass = "pass"
	statusWarn = "warn"
	statusFail = "fail"
	statusSkip = "skip"
	statusInfo = "info" // advice: nothing is wrong
)

// check is one line of gortex doctor.
type check struct {
	Name    string `json:"name"`
	Status  string `json:"status"`
	Message string `json:"message"`
	Fix     string `json:"fix"` // what to run or change; "" when nothing is to be done
}

// doctorReport is gortex doctor --json.
type doctorReport struct {
	Checks []check `json:"checks"`
}

type doctorOpts struct {
	dir    string
	asJSON bool
}

func runDoctor(ctx context.Context, e env, args []string) int {
	var o doctorOpts
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	fs.BoolVar(&o.asJSON, "json", false, `print {"checks":[{"name","status","message","fix"}]}`)
	setUsage(fs, "doctor")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if !noArgs(e, "doctor", pos, dirHint) {
		return exitUsage
	}
	root, err := cli.Root(o.dir)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex doctor:", err)
		return exitError
	}
	rep := doctorReport{Checks: newDoctor(root).run(ctx)}
	if o.asJSON {
		if err := writeJSON(e.stdout, rep); err != nil {
			fmt.Fprintln(e.stderr, "gortex doctor:", err)
			return exitError
		}
	} else {
		writeChecks(e, rep.Checks)
	}
	for _, c := range rep.Checks {
		if c.Status == statusFail {
			return exitError
		}
	}
	return exitOK
}

func writeChecks(e env, checks []check) {
	var rows [][]string
	for _, c := range checks {
		rows = append(rows, []string{c.Status, c.Name, c.Message})
		if c.Fix != "" {
			rows = append(rows, []string{"fix: " + c.Fix})
		}
	}
	writeTable(e.stdout, rows)
}

// doctor runs the checks in order; later checks use what earlier ones
// found (the index, the configuration, the chosen backend).
type doctor struct {
	root   string
	idx    *indexer.Index // nil when there is no usable index
	stores []*memory.Store
	cfg    llm.Config
	cfgErr error
	chosen *llm.LLM // nil for none, or when no backend could be chosen
}

func newDoctor(root string) *doctor { return &doctor{root: root} }

func (d *doctor) run(ctx context.Context) []check {
	d.cfg, d.cfgErr = llm.LoadConfig(d.root)
	var out []check
	for _, c := range []struct {
		name string
		run  func(context.Context) (status, message, fix string)
	}{
		{"git", d.git},
		{"index", d.index},
		{"parse", d.parse},
		{"memories", d.memories},
		{"anchors", d.anchors},
		{"llm", d.llm},
		{"mcp", d.mcp},
		{"agents", d.agents},
		{"badge", d.badge},
		{"privacy", d.privacy},
	} {
		status, msg, fix := c.run(ctx)
		out = append(out, check{Name: c.name, Status: status, Message: msg, Fix: fix})
	}
	return out
}

func (d *doctor) git(ctx context.Context) (string, string, string) {
	if _, err := exec.LookPath("git"); err != nil {
		return statusWarn, "git is not installed: answers have no commit history", "install git (https://git-scm.com)"
	}
	if !gitRepo(ctx, d.root) {
		return statusWarn, d.root + " is not a git repository: answers have no commit history", "git init, and commit the code"
	}
	return statusPass, d.root + " is a git repository", ""
}
