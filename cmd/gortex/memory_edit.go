package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/memory"
)

func runMemoryEdit(ctx context.Context, e env, args []string) int {
	var o writeOpts
	fs := flag.NewFlagSet("memory edit", flag.ContinueOnError)
	o.register(fs, string(memory.ScopeBoth), "where to look for ID: workspace, global or both")
	setUsage(fs, "memory-edit", "max_title", strconv.Itoa(memory.MaxTitleLen), "max_body", strconv.Itoa(memory.MaxBodyLen), "fields", fieldsHelp())
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(args) != 1 {
		fmt.Fprintln(e.stderr, "gortex memory edit: give exactly one ID")
		return exitUsage
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !changesField(set) {
		return memoryEditorRun(ctx, e, args[0], o)
	}
	return memoryEditRun(ctx, e, args[0], o, func(n string) bool { return set[n] })
}

// memoryEditorRun finds memory ref and opens it in the editor.
func memoryEditorRun(ctx context.Context, e env, ref string, o writeOpts) int {
	root, err := cli.Root(o.dir)
	var stores []*memory.Store
	if err == nil {
		stores, err = openStores(root, o.scope)
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory edit:", err)
		return exitError
	}
	st, m, err := findMemory(ctx, stores, ref)
	if err != nil {
		return memoryExit(e, "memory edit", err)
	}
	return editInEditor(ctx, e, st, m, root, o.asJSON)
}

func changesField(set map[string]bool) bool {
	for n := range set {
		if n != "dir" && n != "scope" && n != "json" {
			return true
		}
	}
	return false
}

func memoryEditRun(ctx context.Context, e env, ref string, o writeOpts, set func(string) bool) int {
	root, err := cli.Root(o.dir)
	var stores []*memory.Store
	if err == nil {
		stores, err = openStores(root, o.scope)
	}
	if err == nil {
		err = o.fields.readBody()
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory edit:", err)
		return exitError
	}
	st, _, err := findMemory(ctx, stores, ref)
	if err != nil {
		return memoryExit(e, "memory edit", err)
	}
	// Resolve new anchors before taking the store's lock: it may index.
	probe := &memory.Memory{}
	o.fields.apply(probe, set)
	if err := memory.ResolveAnchors(root, probe, anchorResolver(ctx, e, root)); err != nil {
		return memoryExit(e, "memory edit", err)
	}
	res, err := st.Edit(ctx, ref, func(m *memory.Memory) error {
		o.fields.apply(m, set)
		if set("symbol") {
			m.Symbols = probe.Symbols
		}
		if set("file") {
			m.Files = probe.Files
		}
		return nil
	})
	if err != nil {
		return memoryExit(e, "memory edit", err)
	}
	return printResult(e, o.asJSON, res)
}

// inherits are the fields (by flag name) a replacement takes over from
// the memory it supersedes unless a flag sets them: what the decision is
// about and how much it weighs; the text, pinning and authorship are its
// own.
var inherits = map[string]bool{"kind": true, "importance": true, "confidence": true, "basis": true, "tag": true, "symbol": true, "file": true}

// inherited is the replacement of old as the flags in set shape it: old's
// inherited fields, then the flags. Anchors of a kind no flag sets are
// old's, resolved as they are; with neither --symbol nor --file,
// Store.Supersede takes all of them over itself.
func inherited(old *memory.Memory, f *fieldFlags, set map[string]bool) *memory.Memory {
	m := &memory.Memory{Kind: old.Kind, Importance: old.Importance, Confidence: old.Confidence, Basis: old.Basis,
		Tags: slices.Clone(old.Tags)}
	f.apply(m, func(name string) bool { return set[name] || !inherits[name] })
	switch {
	case set["symbol"] && !set["file"]:
		m.Files = slices.Clone(old.Files)
	case set["file"] && !set["symbol"]:
		m.Symbols = slices.Clone(old.Symbols)
	}
	return m
}

func runMemorySupersede(ctx context.Context, e env, args []string) int {
	var o writeOpts
	fs := flag.NewFlagSet("memory supersede", flag.ContinueOnError)
	o.register(fs, string(memory.ScopeWorkspace), "the store of ID, where the new memory goes too: workspace or global")
	fs.BoolVar(&o.force, "force", false, "store it even when it repeats another live memory")
	setUsage(fs, "memory-supersede", "max_title", strconv.Itoa(memory.MaxTitleLen), "max_body", strconv.Itoa(memory.MaxBodyLen), "fields", fieldsHelp())
	args, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(args) != 1 {
		fmt.Fprintln(e.stderr, "gortex memory supersede: give exactly one ID, the memory to replace")
		return exitUsage
	}
	if o.scope != string(memory.ScopeWorkspace) && o.scope != string(memory.ScopeGlobal) {
		fmt.Fprintln(e.stderr, "gortex memory supersede: --scope is workspace or global")
		return exitUsage
	}
	st, root, err := writeStore(o)
	if err == nil {
		err = o.fields.readBody()
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory supersede:", err)
		return exitError
	}
	old, err := st.Get(ctx, args[0])
	if err != nil {
		return memoryExit(e, "memory supersede", err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	m := inherited(old, &o.fields, set)
	res, err := st.Supersede(ctx, args[0], m, memory.AddOptions{Force: o.force, Resolve: anchorResolver(ctx, e, root), Root: root})
	if err != nil {
		return memoryExit(e, "memory supersede", err)
	}
	return printResult(e, o.asJSON, res)
}
