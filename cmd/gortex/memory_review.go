package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/repofs"
)

type reviewOpts struct {
	writeOpts
	accept, reject, edit string
}

func runMemoryReview(ctx context.Context, e env, args []string) int {
	var o reviewOpts
	fs := flag.NewFlagSet("memory review", flag.ContinueOnError)
	o.register(fs, string(memory.ScopeWorkspace), "where an accepted memory goes: workspace or global")
	fs.StringVar(&o.accept, "accept", "", "make proposal ID a memory (field flags change it first)")
	fs.StringVar(&o.reject, "reject", "", "delete proposal ID")
	fs.StringVar(&o.edit, "edit", "", "edit proposal ID in $VISUAL or $EDITOR (default vi)")
	fs.BoolVar(&o.force, "force", false, "with --accept: store it even when it repeats a live memory")
	setUsage(fs, "memory-review", "fields", fieldsHelp())
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	actions := 0
	for _, a := range []string{o.accept, o.reject, o.edit} {
		if a != "" {
			actions++
		}
	}
	switch {
	case !noArgs(e, "memory review", args, "give the ID with --accept, --reject or --edit"):
		return exitUsage
	case actions > 1:
		fmt.Fprintln(e.stderr, "gortex memory review: give one of --accept, --reject, --edit")
		return exitUsage
	case o.accept == "" && changesField(withoutReviewFlags(set)):
		fmt.Fprintln(e.stderr, "gortex memory review: field flags go with --accept")
		return exitUsage
	case o.scope != string(memory.ScopeWorkspace) && o.scope != string(memory.ScopeGlobal):
		fmt.Fprintln(e.stderr, "gortex memory review: --scope is workspace or global")
		return exitUsage
	}
	root, err := cli.Root(o.dir)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory review:", err)
		return exitError
	}
	props := memory.OpenProposals(root)
	switch {
	case o.accept != "":
		return reviewAccept(ctx, e, root, props, o, func(n string) bool { return set[n] })
	case o.reject != "":
		m, err := props.Forget(ctx, o.reject)
		if err != nil {
			return memoryExit(e, "memory review", err)
		}
		return printResult(e, o.asJSON, memory.Result{ID: m.ID, Status: "rejected", Path: m.Path})
	case o.edit != "":
		return reviewEdit(ctx, e, root, props, o)
	}
	return reviewList(ctx, e, props, o.asJSON)
}

// withoutReviewFlags drops the flags of review itself from set.
func withoutReviewFlags(set map[string]bool) map[string]bool {
	out := map[string]bool{}
	for n := range set {
		switch n {
		case "accept", "reject", "edit", "force":
		default:
			out[n] = true
		}
	}
	return out
}

func reviewList(ctx context.Context, e env, props *memory.Store, asJSON bool) int {
	ps, probs, err := props.List(ctx, memory.Filter{})
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory review:", err)
		return exitError
	}
	warnProblems(e, probs)
	if asJSON {
		if ps == nil {
			ps = []*memory.Memory{}
		}
		if err := writeJSON(e.stdout, ps); err != nil {
			fmt.Fprintln(e.stderr, "gortex memory review:", err)
			return exitError
		}
		return exitOK
	}
	if len(ps) == 0 {
		fmt.Fprintln(e.stdout, "no proposals")
		return exitOK
	}
	for _, p := range ps {
		fmt.Fprintf(e.stdout, "%s  %s  basis %s  from %s  %s\n", p.ID, p.Kind, p.Basis, p.Source, p.Title)
		var anchors []string
		for _, a := range p.Symbols {
			anchors = append(anchors, a.Written)
		}
		anchors = append(anchors, p.Files...)
		if len(anchors) > 0 {
			fmt.Fprintf(e.stdout, "    about %s\n", strings.Join(anchors, ", "))
		}
		fmt.Fprintf(e.stdout, "    %s\n", firstLine(p.Body))
	}
	fmt.Fprintf(e.stdout, "\n%d proposals; accept one with --accept ID, reject it with --reject ID, edit it with --edit ID\n", len(ps))
	return exitOK
}

// firstLine is the first line of s, surrounding space trimmed.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

func reviewAccept(ctx context.Context, e env, root string, props *memory.Store, o reviewOpts, set func(string) bool) int {
	st, _, err := writeStore(o.writeOpts)
	if err == nil {
		err = o.fields.readBody()
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory review:", err)
		return exitError
	}
	res, err := props.Accept(ctx, o.accept, st, func(m *memory.Memory) error {
		o.fields.apply(m, set)
		return nil
	}, memory.AddOptions{Force: o.force, Resolve: anchorResolver(ctx, e, root), Root: root})
	if err != nil {
		return memoryExit(e, "memory review", err)
	}
	return printResult(e, o.asJSON, res)
}

// reviewEdit opens a copy of the proposal in the editor and, when the
// edited text is a valid proposal, writes it back (under the store's lock,
// keeping its ID and creation time); otherwise the proposal is unchanged.
func reviewEdit(ctx context.Context, e env, root string, props *memory.Store, o reviewOpts) int {
	p, err := props.Get(ctx, o.edit)
	if err != nil {
		return memoryExit(e, "memory review", err)
	}
	orig, err := repofs.ReadIn(root, filepath.FromSlash(p.Path), memory.MaxFileSize) // as the store read it
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory review:", err)
		return exitError
	}
	edited, err := editText(ctx, orig)
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex memory review: %v; the proposal is unchanged\n", err)
		return exitError
	}
	m, err := memory.ParseProposal(edited)
	if err == nil {
		err = memory.ResolveAnchors(root, m, anchorResolver(ctx, e, root))
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex memory review: the edited proposal is refused (%s); it is unchanged\n", oneLine(err.Error()))
		return exitError
	}
	res, err := props.Edit(ctx, string(p.ID), func(cur *memory.Memory) error {
		*cur = *m
		return nil
	})
	if err != nil {
		return memoryExit(e, "memory review", err)
	}
	return printResult(e, o.asJSON, res)
}

// editText lets the user's editor change text, through a temporary file.
func editText(ctx context.Context, text []byte) ([]byte, error) {
	f, err := os.CreateTemp("", "gortex-proposal-*.md")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	_, err = f.Write(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	editor := strings.Fields(os.Getenv("VISUAL"))
	if len(editor) == 0 {
		editor = strings.Fields(os.Getenv("EDITOR"))
	}
	if len(editor) == 0 {
		editor = []string{"vi"}
	}
	cmd := exec.CommandContext(ctx, editor[0], append(editor[1:], f.Name())...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("editor %s: %w", editor[0], err)
	}
	return os.ReadFile(f.Name())
}
