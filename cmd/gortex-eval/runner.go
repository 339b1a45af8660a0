package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// whyLimit is the --limit every why query is asked with; recall@k is only
// meaningful for k up to it, and MRR counts hits within it.
const whyLimit = 10

// Exit codes of gortex why (cmd/gortex/app.go) that mean the symbol did not
// resolve: a bug to fix in resolution, not a ranking miss.
const (
	whyExitUnknown   = 2
	whyExitAmbiguous = 3
)

// Status says how a why query ended.
type Status string

const (
	StatusOK        Status = "ok"
	StatusUnknown   Status = "unknown"   // exit 2
	StatusAmbiguous Status = "ambiguous" // exit 3
	StatusFailed    Status = "failed"    // any other exit, or output that is not an answer
)

// answer is the part of gortex's JSON answer (query.Answer) the evaluation
// reads. It is declared here rather than imported so that the evaluation
// checks the contract agents see, field names included.
type answer struct {
	Candidates []json.RawMessage `json:"candidates"`
	Rationale  []struct {
		Path    string  `json:"path"`
		Section string  `json:"section"`
		Line    int     `json:"line"`
		Signal  string  `json:"signal"`
		Score   float64 `json:"score"`
		Rank    float64 `json:"rank"`
	} `json:"rationale"`
	Note string `json:"note"`
}

// whyRun is the outcome of one gortex why process.
type whyRun struct {
	status  Status
	note    string // why it did not answer, for unresolved and failed runs
	wall    time.Duration
	entries []Hit
}

// askWhy runs gortex why for symbol and times it, process start included:
// that is the latency a user or agent sees.
func askWhy(ctx context.Context, bin, corpus, symbol string) (whyRun, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "why", "--dir", corpus, "--json", "--limit", strconv.Itoa(whyLimit), symbol)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := whyRun{wall: time.Since(start)}
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	var a answer
	jsonErr := json.Unmarshal(stdout.Bytes(), &a)
	var exit *exec.ExitError
	switch {
	case err == nil && jsonErr == nil:
		r.status = StatusOK
		for _, e := range a.Rationale {
			r.entries = append(r.entries, Hit{Path: e.Path, Section: e.Section, Signal: e.Signal})
		}
	case errors.As(err, &exit) && exit.ExitCode() == whyExitUnknown:
		r.status, r.note = StatusUnknown, a.Note
	case errors.As(err, &exit) && exit.ExitCode() == whyExitAmbiguous:
		r.status, r.note = StatusAmbiguous, fmt.Sprintf("%d candidates", len(a.Candidates))
	case err != nil:
		r.status, r.note = StatusFailed, fmt.Sprintf("%v: %s", err, lastLine(stderr.String()))
	default:
		r.status, r.note = StatusFailed, fmt.Sprintf("parse answer: %v", jsonErr)
	}
	return r, nil
}

// indexCorpus runs gortex index on corpus and returns its wall time.
func indexCorpus(ctx context.Context, bin, corpus string, full bool) (time.Duration, error) {
	args := []string{"index", "--quiet"}
	if full {
		args = append(args, "--full")
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, append(args, corpus)...)
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("gortex index %s: %w: %s", corpus, err, lastLine(stderr.String()))
	}
	return time.Since(start), nil
}

// buildGortex builds cmd/gortex of the module enclosing the working
// directory into dir and returns the binary's path.
func buildGortex(ctx context.Context, dir string) (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	root, err := moduleRoot(wd)
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "gortex")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/gortex/gortex/cmd/gortex")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build gortex: %w\n%s", err, out)
	}
	return bin, nil
}

// moduleRoot walks up from dir to the nearest directory holding go.mod.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.mod in %s or above it; give -bin", dir)
		}
		d = parent
	}
}

// lastLine is the last non-blank line of s, the usual place of an error.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
