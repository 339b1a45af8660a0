package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/reflection"
	"github.com/gortex/gortex/workspace"
)

type reflectOpts struct {
	dir        string
	transcript string // a file, "-" for stdin, "" for the latest Claude Code session of the repository
	llm        llmOpts
	asJSON     bool
}

func runReflect(ctx context.Context, e env, args []string) int {
	var o reflectOpts
	fs := flag.NewFlagSet("reflect", flag.ContinueOnError)
	fs.StringVar(&o.transcript, "transcript", "", "the session transcript: a Claude Code session .jsonl file or plain \"role: text\" lines; - reads stdin\n(default: the latest Claude Code session of this repository)")
	fs.StringVar(&o.llm.name, "llm", "", "LLM backend that reads the session: "+strings.Join(llm.LLMNames, ", ")+
		" (default: $"+llmEnvVar+", else llm under [why] in .gortex/config.toml, else auto)")
	fs.BoolVar(&o.asJSON, "json", false, "print the result as JSON")
	fs.StringVar(&o.dir, "dir", "", dirHelp)
	setUsage(fs, "reflect", "tail", strconv.Itoa(reflection.TailMessages), "max_notes", strconv.Itoa(reflection.MaxNotes),
		"duplicate", strconv.FormatFloat(memory.DuplicateThreshold, 'f', 2, 64), "agent_vars", strings.Join(llm.AgentVars, ", "))
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	switch {
	case !noArgs(e, "reflect", args, "give the transcript with --transcript"):
		return exitUsage
	case !o.llm.valid():
		fmt.Fprintf(e.stderr, "gortex reflect: --llm %q: want one of %s\n", o.llm.name, strings.Join(llm.LLMNames, ", "))
		return exitUsage
	}
	return reflectRun(ctx, e, o)
}

func reflectRun(ctx context.Context, e env, o reflectOpts) int {
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "gortex reflect: %s; nothing was written\n", oneLine(err.Error()))
		return exitError
	}
	root, err := cli.Root(o.dir)
	if err != nil {
		return fail(err)
	}
	msgs, key, err := readTranscript(root, o.transcript)
	if err != nil {
		return fail(err)
	}
	chosen, err := reflectBackend(ctx, e.stderr, root, o)
	if err != nil {
		return fail(err)
	}
	show := !o.asJSON && chosen.Name != llm.LLMAgent
	bar := newProgress(e, show) // an index build, when there is none yet
	w, err := openWorkspaceShowing(ctx, e, root, memory.ScopeBoth, bar)
	bar.done()
	if err != nil {
		return fail(err)
	}
	live := liveMemories(w)
	if chosen.Name == llm.LLMAgent {
		p := reflection.BuildPrompt(msgs, titlesOf(live))
		p.User = strings.TrimRight(p.User, "\n") + "\n\n" + agentReflectTask
		fmt.Fprint(e.stdout, p.AgentContext()) // as why prints it: no message closes the block

		return exitOK
	}
	if !chosen.Local {
		fmt.Fprintf(e.stderr, "gortex: reflect sends the last %d messages of the transcript to %s (%s, model %s)\n", len(msgs), chosen.Provider, chosen.Name, chosen.Model)
	}
	bar = newProgress(e, show)
	bar.update("reading the session with "+modelOrName(chosen), 0, -1)
	out, err := reflection.Run(ctx, reflection.Input{Messages: msgs, Key: key, Backend: chosen.Backend,
		Proposals: memory.OpenProposals(root), Live: live, Resolve: w.Resolver(), Root: root,
		Author: "gortex reflect (" + modelOrName(chosen) + ")"})
	bar.done()
	if err != nil {
		return fail(err)
	}
	return printReflection(e, o.asJSON, chosen, out)
}

// agentReflectTask closes the agent-mode block: the agent, not gortex,
// answers, through the review queue.
const agentReflectTask = "Answer by calling the gortex MCP tool propose_memory once per note (at most two), with its title, body, kind, symbols and files; do not call store_memory. A person reviews the proposals with gortex memory review."

// reflectBackend chooses the backend as why does: --llm, $GORTEX_LLM, the
// [why] config, auto. None is an error here: reflection needs a model.
func reflectBackend(ctx context.Context, stderr io.Writer, root string, o reflectOpts) (*llm.LLM, error) {
	cfg, err := llm.LoadConfig(root)
	if err != nil {
		return nil, err
	}
	ignoredNotice(stderr, cfg)
	name := o.llm.backendName(cfg)
	if !slices.Contains(llm.LLMNames, name) {
		return nil, fmt.Errorf("%s=%q is no backend (want one of %s)", llmEnvVar, name, strings.Join(llm.LLMNames, ", "))
	}
	chosen, err := llm.Select(ctx, cfg, name, llm.Env{})
	var nb *llm.NoBackendError
	switch {
	case errors.As(err, &nb):
		return nil, fmt.Errorf("%v: reflect needs a model: %s", nb, nb.Setup())
	case err != nil:
		return nil, err
	case chosen == nil:
		return nil, fmt.Errorf("no LLM backend (llm = %s); choose one with --llm", name)
	}
	return chosen, nil
}

// readTranscript reads the transcript's tail and the key that identifies
// it: the file's absolute path, or a hash of stdin's text. Stdin is read
// as it comes, never held whole.
func readTranscript(root, name string) ([]reflection.Message, string, error) {
	if name == "-" {
		h := sha256.New()
		msgs, err := reflection.ParseTranscript(io.TeeReader(io.LimitReader(stdin, reflection.MaxTranscriptBytes), h), reflection.TailMessages)
		if err != nil {
			return nil, "", fmt.Errorf("read the transcript from stdin: %w", err)
		}
		return msgs, "stdin:" + hex.EncodeToString(h.Sum(nil)), nil
	}
	path := name
	if path == "" {
		var err error
		if path, err = latestSession(root); err != nil {
			return nil, "", err
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", fmt.Errorf("open the transcript: %w", err)
	}
	defer f.Close()
	abs, _ := filepath.Abs(path)
	msgs, err := reflection.ParseTranscript(f, reflection.TailMessages)
	return msgs, "file:" + abs, err
}

// latestSession is the newest Claude Code session file of the repository
// at root: Claude Code keeps them in ~/.claude/projects/ (or
// $CLAUDE_CONFIG_DIR/projects/), in a directory named after the project's
// path with every character but letters and digits replaced by '-'.
func latestSession(root string) (string, error) {
	base := os.Getenv("CLAUDE_CONFIG_DIR")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no transcript given and no home directory: %w", err)
		}
		base = filepath.Join(home, ".claude")
	}
	dir := filepath.Join(base, "projects", strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return r
		}
		return '-'
	}, root))
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		return "", fmt.Errorf("no transcript given and no Claude Code session in %s; give one with --transcript", dir)
	}
	mtime := func(p string) int64 {
		fi, err := os.Stat(p)
		if err != nil {
			return 0
		}
		return fi.ModTime().UnixNano()
	}
	sort.Slice(files, func(i, j int) bool { return mtime(files[i]) > mtime(files[j]) })
	return files[0], nil
}

func liveMemories(w *workspace.Workspace) []*memory.Memory {
	var out []*memory.Memory
	for _, m := range w.Memories.All() {
		if m.Live() {
			out = append(out, m)
		}
	}
	return out
}

func titlesOf(mems []*memory.Memory) []string {
	out := make([]string, len(mems))
	for i, m := range mems {
		out[i] = m.Title
	}
	return out
}

// oneLine collapses a message to one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// reflectResult is gortex reflect --json's output.
type reflectResult struct {
	Backend  string            `json:"backend"`
	Proposed []proposedNote    `json:"proposed"`
	Dropped  []reflection.Drop `json:"dropped"`
}

type proposedNote struct {
	ID    memory.ID   `json:"id"`
	Path  string      `json:"path"`
	Title string      `json:"title"`
	Kind  memory.Kind `json:"kind"`
}

func printReflection(e env, asJSON bool, chosen *llm.LLM, out reflection.Outcome) int {
	res := reflectResult{Backend: chosen.Name, Proposed: []proposedNote{}, Dropped: out.Dropped}
	if res.Dropped == nil {
		res.Dropped = []reflection.Drop{}
	}
	for _, r := range out.Proposed {
		res.Proposed = append(res.Proposed, proposedNote{ID: r.ID, Path: r.Path, Title: r.Memory.Title, Kind: r.Memory.Kind})
	}
	if asJSON {
		if err := query.Encode(e.stdout, res, query.FormatJSON, query.RenderOptions{}); err != nil {
			fmt.Fprintln(e.stderr, "gortex reflect:", err)
			return exitError
		}
		return exitOK
	}
	for _, p := range res.Proposed {
		fmt.Fprintf(e.stdout, "proposed %s  %s  %s\n", p.ID, p.Path, p.Title)
	}
	for _, d := range res.Dropped {
		title := d.Title
		if title == "" {
			title = "(untitled)"
		}
		fmt.Fprintf(e.stdout, "dropped  %s: %s\n", title, d.Reason)
	}
	switch len(res.Proposed) {
	case 0:
		fmt.Fprintln(e.stdout, "nothing proposed")
	default:
		fmt.Fprintf(e.stdout, "%d proposed; review with gortex memory review\n", len(res.Proposed))
	}
	return exitOK
}
