package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/gortex/gortex/memory"
)

func runMemoryEdit(ctx context.Context, e env, args []string) int {
	var o writeOpts
	fs := flag.NewFlagSet("memory edit", flag.ContinueOnError)
	o.register(fs, string(memory.ScopeBoth), "where to look for ID: workspace, global or both")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: gortex memory edit [flags] ID

Change the fields given by flags and leave the others; --symbol, --file and
--tag replace the whole list. The updated time is set to now. Caps: title
%d characters, body %d characters.

%s
Flags:
`, memory.MaxTitleLen, memory.MaxBodyLen, fieldsHelp)
		fs.PrintDefaults()
	}
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
		fmt.Fprintln(e.stderr, "gortex memory edit: nothing to change; give a field flag such as --body or --importance")
		return exitUsage
	}
	return memoryEditRun(ctx, e, args[0], o, func(n string) bool { return set[n] })
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
	root, err := resolveRoot(o.dir)
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

func runMemorySupersede(ctx context.Context, e env, args []string) int {
	var o writeOpts
	fs := flag.NewFlagSet("memory supersede", flag.ContinueOnError)
	o.register(fs, string(memory.ScopeWorkspace), "the store of ID, where the new memory goes too: workspace or global")
	fs.BoolVar(&o.force, "force", false, "store it even when it repeats another live memory")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: gortex memory supersede [flags] ID

Record a memory that replaces memory ID: the new one says supersedes: ID,
the old one superseded_by: NEW. gortex why then ranks the old one after
every live entry and marks it. Without --symbol and --file the new memory
takes the old one's anchors. Caps: title %d characters, body %d characters.

%s
Flags:
`, memory.MaxTitleLen, memory.MaxBodyLen, fieldsHelp)
		fs.PrintDefaults()
	}
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
	m := &memory.Memory{}
	o.fields.apply(m, all)
	res, err := st.Supersede(ctx, args[0], m, memory.AddOptions{Force: o.force, Resolve: anchorResolver(ctx, e, root), Root: root})
	if err != nil {
		return memoryExit(e, "memory supersede", err)
	}
	return printResult(e, o.asJSON, res)
}
