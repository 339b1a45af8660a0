package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/workspace"
)

// exitStale is the exit status of `gortex memory check` when an anchor is
// stale or a memory file is unreadable, so CI can fail on it.
const exitStale = 4

// stdin is where `--body -` reads from; tests replace it.
var stdin io.Reader = os.Stdin

// memoryUsage is gortex memory's usage: its commands.
func memoryUsage() string { return usageText("memory", nil) }

var memoryCommands = map[string]func(ctx context.Context, e env, args []string) int{
	"add":       func(ctx context.Context, e env, args []string) int { return runMemoryAdd(ctx, e, "memory add", args) },
	"list":      runMemoryList,
	"show":      runMemoryShow,
	"edit":      runMemoryEdit,
	"supersede": runMemorySupersede,
	"forget":    runMemoryForget,
	"check":     runMemoryCheck,
	"review":    runMemoryReview,
}

func runMemory(ctx context.Context, e env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, memoryUsage())
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(e.stdout, memoryUsage())
		return exitOK
	}
	run, ok := memoryCommands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "gortex memory: unknown command %q%s\n\n%s", args[0], didYouMean(args[0], slices.Collect(maps.Keys(memoryCommands))), memoryUsage())
		return exitUsage
	}
	return run(ctx, e, args[1:])
}

// runRemember is `gortex remember`, the short form of `gortex memory add`.
func runRemember(ctx context.Context, e env, args []string) int {
	return runMemoryAdd(ctx, e, "remember", args)
}

// openStores opens the stores a --scope value names, workspace first: the
// memory commands' flag, read as typed text here.
func openStores(root, scope string) ([]*memory.Store, error) {
	stores, err := memory.OpenStores(root, memory.Scope(scope))
	if errors.Is(err, memory.ErrScope) {
		return nil, fmt.Errorf("--scope %q: one of workspace, global, both", scope)
	}
	return stores, err
}

// findMemory looks ref up in each store in turn.
func findMemory(ctx context.Context, stores []*memory.Store, ref string) (*memory.Store, *memory.Memory, error) {
	return memory.Find(ctx, stores, ref)
}

// warnProblems reports unreadable memory files on stderr; they are skipped.
func warnProblems(e env, probs []memory.Problem) {
	for _, p := range probs {
		fmt.Fprintf(e.stderr, "gortex: warning: skipped %v\n", p)
	}
}

// anchorResolver resolves anchors against root's index, loading (and if
// need be building) it on first use.
func anchorResolver(ctx context.Context, e env, root string) memory.AnchorResolver {
	var resolve memory.AnchorResolver
	var loadErr error
	return func(text string) (*graph.Node, []*graph.Node, error) {
		if resolve == nil && loadErr == nil {
			var s *graph.Store
			if s, loadErr = freshStore(ctx, e, root); loadErr == nil {
				resolve = workspace.Resolver(s)
			}
		}
		if loadErr != nil {
			return nil, nil, fmt.Errorf("load the index: %w", loadErr)
		}
		return resolve(text)
	}
}

// memoryExit maps a memory error to an exit status, after printing it.
func memoryExit(e env, cmd string, err error) int {
	fmt.Fprintf(e.stderr, "gortex %s: %v\n", cmd, err)
	var ae *memory.AnchorError
	switch {
	case errors.As(err, &ae) && len(ae.Candidates) > 0:
		return exitAmbiguous
	case errors.As(err, &ae), errors.Is(err, memory.ErrNotFound):
		return exitUnknown
	case errors.Is(err, memory.ErrAmbiguous):
		return exitAmbiguous
	}
	return exitError
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// listFlag is a repeatable string flag; with split set, each value may
// also hold several items separated by commas.
type listFlag struct {
	vals  []string
	split bool
}

func (l *listFlag) String() string { return strings.Join(l.vals, ",") }

func (l *listFlag) Set(v string) error {
	items := []string{v}
	if l.split {
		items = strings.Split(v, ",")
	}
	for _, it := range items {
		if it = strings.TrimSpace(it); it != "" {
			l.vals = append(l.vals, it)
		}
	}
	return nil
}
