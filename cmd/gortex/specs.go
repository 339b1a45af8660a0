package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/gortex/gortex/change"
	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

func runSpecs(ctx context.Context, e env, args []string) int {
	var o llmOpts
	var dir string
	var asJSON bool
	var limit int
	fs := flag.NewFlagSet("specs", flag.ContinueOnError)
	fs.IntVar(&limit, "limit", change.RelatedLimit, "list at most this many related documents, strongest first (0: all)")
	fs.BoolVar(&asJSON, "json", false, "print the answer as one JSON object")
	fs.StringVar(&dir, "dir", "", dirHelp)
	addLLMFlags(fs, &o)
	setUsage(fs, "specs")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	switch {
	case len(pos) == 0 || strings.TrimSpace(pos[0]) == "":
		fmt.Fprintln(e.stderr, "gortex specs: give the task, e.g. \"change how refunds are split\"")
		return exitUsage
	case !o.valid():
		fmt.Fprintf(e.stderr, "gortex specs: --llm %q: want one of %s\n", o.name, strings.Join(llm.LLMNames, ", "))
		return exitUsage
	}
	w, ok := openDir(ctx, e, "specs", dir, memory.ScopeBoth)
	if !ok {
		return exitError
	}
	paths, err := repoPaths(w.Root, pos[1:])
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex specs:", err)
		return exitUsage
	}
	sp, err := specsOf(ctx, e, w, o, pos[0], paths, limit)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex specs:", err)
		return exitError
	}
	if asJSON {
		err = query.Encode(e.stdout, sp, query.FormatJSON, query.RenderOptions{})
	} else {
		_, err = fmt.Fprint(e.stdout, specsText(sp))
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex specs:", err)
		return exitError
	}
	return exitOK
}

// specsOf answers from the graph, then lets a chosen backend run the
// loop; every failure of the LLM layer is a warning and leaves the
// graph's answer.
func specsOf(ctx context.Context, e env, w *workspace.Workspace, o llmOpts, task string, paths []string, limit int) (*change.Specs, error) {
	lib := docs.New(w)
	var sr query.Searcher
	if ci, err := w.OpenContent(); err == nil {
		defer ci.Close()
		sr = ci
	} else {
		fmt.Fprintln(e.stderr, "gortex: warning: the content index could not be opened; the task's words are not searched")
	}
	chosen := specsBackend(ctx, e, w, o)
	related := limit
	if chosen != nil {
		related = 0 // the model reads every candidate, as before the cap
	}
	g, err := change.GraphSpecs(ctx, lib, w.Store(), sr, task, paths, related)
	if err != nil {
		return nil, err
	}
	if chosen == nil {
		return g, nil
	}
	sp, err := change.AgentSpecs(ctx, lib, backendModel{chosen.Backend}, chosen.Name, g, paths)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex: warning:", sp.Note)
	}
	return sp, nil
}

// specsBackend is the backend o chooses that can run the loop, or nil.
func specsBackend(ctx context.Context, e env, w *workspace.Workspace, o llmOpts) *llm.LLM {
	cfg, err := llm.LoadConfig(w.Root)
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex: warning: %v; answering from the graph\n", err)
		return nil
	}
	ignoredNotice(e.stderr, cfg)
	chosen, err := llm.Select(ctx, cfg, o.backendName(cfg), llm.Env{})
	if err != nil {
		if o.name != "" {
			reportLLMError(e, err, o.verbose)
		}
		return nil
	}
	if chosen == nil || chosen.Backend == nil {
		return nil
	}
	if !chosen.Local {
		privacyNotice(e, cfg, chosen)
	}
	return chosen
}

// backendModel drives an llm.Backend turn by turn.
type backendModel struct{ b llm.Backend }

func (m backendModel) Complete(ctx context.Context, system, user string) (string, error) {
	r, err := m.b.Complete(ctx, llm.Prompt{System: system, User: user})
	return r.Text, err
}

func specsText(sp *change.Specs) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Read before: %s\n", sp.Task)
	for _, group := range []struct {
		name  string
		specs []change.Spec
	}{{"direct", sp.Direct}, {"related", sp.Related}} {
		fmt.Fprintf(&b, "\n%s (%d)\n", group.name, len(group.specs))
		for _, s := range group.specs {
			fmt.Fprintf(&b, "  %s  (%s) %s\n      %s\n", s.ID, s.Kind, s.Title, s.Reason)
		}
	}
	fmt.Fprintf(&b, "\nanswered by: %s\n", sp.Backend)
	if sp.Note != "" {
		fmt.Fprintf(&b, "note: %s\n", sp.Note)
	}
	return b.String()
}
