package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/query"
	"github.com/gortex/gortex/workspace"
)

// llmOpts are gortex why's LLM flags.
type llmOpts struct {
	name    string // --llm; "" means GORTEX_LLM, then [why] llm, then auto
	off     bool   // --no-llm
	verbose int    // 1 for -v, 2 for -vv, 3 for -vvv
}

// llmEnvVar overrides [why] llm, and --llm and --no-llm override it: a
// script or CI job can turn the LLM off without touching the config.
const llmEnvVar = "GORTEX_LLM"

func addLLMFlags(fs *flag.FlagSet, o *llmOpts) {
	fs.StringVar(&o.name, "llm", "", "LLM backend that summarises the answer: "+strings.Join(llm.LLMNames, ", ")+
		" (default: $"+llmEnvVar+", else llm under [why] in your config, then in .gortex/config.toml, else auto)")
	fs.BoolVar(&o.off, "no-llm", false, "print the graph's answer alone; never call an LLM")
	level := func(n int) func(string) error {
		return func(string) error { o.verbose = max(o.verbose, n); return nil }
	}
	fs.BoolFunc("v", "say which LLM backend answers, from how many entries, at what estimated cost", level(1))
	fs.BoolFunc("vv", "-v and the full prompt", level(2))
	fs.BoolFunc("vvv", "-vv and the raw response, timings and token counts", level(3))
}

func (o llmOpts) valid() bool { return o.name == "" || slices.Contains(llm.LLMNames, o.name) }

// backendName is the backend asked for: --no-llm, --llm, GORTEX_LLM, the
// config, auto.
func (o llmOpts) backendName(cfg llm.Config) string {
	switch {
	case o.off:
		return llm.LLMNone
	case o.name != "":
		return o.name
	case os.Getenv(llmEnvVar) != "":
		return os.Getenv(llmEnvVar)
	case cfg.LLM != "":
		return cfg.LLM
	}
	return llm.LLMAuto
}

// whyLLM runs after the graph answered: it prints the answer's warnings,
// then lets an LLM summarise the entries of an answered query when a
// backend is chosen. It
// returns done when the command must end with code now (agent mode printed
// its context block); otherwise a is rendered as it stands. Every failure
// of the LLM layer is a warning on stderr and leaves the graph's answer.
func whyLLM(ctx context.Context, e env, w *workspace.Workspace, o whyOpts, a *query.Answer, answered bool) (int, bool) {
	for _, w := range a.Warnings {
		fmt.Fprintln(e.stderr, "gortex: warning:", w)
	}
	if !answered || a.Count == 0 {
		return 0, false
	}
	cfg, err := llm.LoadConfig(w.Root)
	if err != nil {
		fmt.Fprintf(e.stderr, "gortex: warning: %v; answering without an LLM\n", err)
		return 0, false
	}
	ignoredNotice(e.stderr, cfg)
	name := o.llm.backendName(cfg)
	if !slices.Contains(llm.LLMNames, name) {
		fmt.Fprintf(e.stderr, "gortex: warning: %s=%q is no backend (want one of %s); answering without an LLM\n",
			llmEnvVar, name, strings.Join(llm.LLMNames, ", "))
		return 0, false
	}
	chosen, err := llm.Select(ctx, cfg, name, llm.Env{})
	var nb *llm.NoBackendError
	switch {
	case errors.As(err, &nb) && nb.Name == llm.LLMAuto:
		noBackendHint(e, w.Root, cfg, o, nb)
		return 0, false
	case err != nil:
		reportLLMError(e, err, o.llm.verbose)
		return 0, false
	}
	if chosen == nil {
		return 0, false
	}
	p := buildPrompt(ctx, e, w, chosen, a)
	verboseBefore(e, o.llm.verbose, chosen, p)
	if chosen.Name == llm.LLMAgent {
		return agentMode(e, chosen, o, a, p)
	}
	if !chosen.Local {
		privacyNotice(e, cfg, chosen)
	}
	if usd, ok := llm.EstimateCost(chosen, p); ok && usd > cfg.MaxCostUSD {
		fmt.Fprintf(e.stderr, "gortex: warning: this answer may cost up to $%.4f with %s, above max_cost_usd = %.2f ([why] in your config or .gortex/config.toml)\n",
			usd, chosen.Model, cfg.MaxCostUSD)
	}
	reply, err := llm.Summarize(ctx, chosen, a, p)
	verboseAfter(e, o.llm.verbose, reply)
	switch {
	case errors.Is(err, llm.ErrMalformed):
		fmt.Fprintf(e.stderr, "gortex: warning: the %s reply does not have the requested form (%v); shown as received\n", chosen.Name, err)
	case err != nil:
		reportLLMError(e, err, o.llm.verbose)
	}
	return 0, false
}

// ignoredNotice tells the user what the repository's config set that only
// their own may (where keys go, what runs, what it costs): it was not
// applied.
func ignoredNotice(w io.Writer, cfg llm.Config) {
	if len(cfg.Ignored) > 0 {
		fmt.Fprintf(w, "gortex: warning: %s sets %s, which only your own config (%s) or the environment may set; ignored\n",
			cfg.RepoPath, strings.Join(cfg.Ignored, ", "), orUnknown(cfg.UserPath))
	}
}

// buildPrompt builds the prompt of a for the chosen backend and tells the
// user when some entries did not fit.
func buildPrompt(ctx context.Context, e env, w *workspace.Workspace, chosen *llm.LLM, a *query.Answer) llm.Prompt {
	in := llm.PromptInput{Answer: a, Budget: llm.EntryBudget(chosen.Window), ForAgent: chosen.Name == llm.LLMAgent,
		Full: func(en query.Entry) string { return w.FullText(graph.NodeID(en.SourceID)) }}
	if !in.ForAgent {
		in.Recent, _ = w.History.Recent(ctx, recentCommits)
	}
	p := llm.BuildPrompt(in)
	if p.Truncated {
		w := fmt.Sprintf("only %d of %d entries fit the %d-token budget of %s; the summary is based on those", p.Included, p.Total, p.Budget, modelOrName(chosen))
		a.Warnings = append(a.Warnings, w)
		fmt.Fprintln(e.stderr, "gortex: warning:", w)
	}
	return p
}

// recentCommits is how many of the project's latest commits the prompt
// to a model shows as context (agent mode shows none).
const recentCommits = 5

func modelOrName(chosen *llm.LLM) string {
	if chosen.Model != "" {
		return chosen.Model
	}
	return chosen.Name
}

// agentMode prints the prepared context for the coding agent that runs
// gortex, which writes the answer itself. JSON and TOON already are that
// context, so they are printed as they are, with backend "agent".
func agentMode(e env, chosen *llm.LLM, o whyOpts, a *query.Answer, p llm.Prompt) (int, bool) {
	if (llm.Env{}).AgentSession() == "" {
		fmt.Fprintf(e.stderr, "gortex: warning: agent mode, but no agent session is detected (%s unset); printing the context anyway\n",
			strings.Join(llm.AgentVars, ", "))
	}
	a.Backend = llm.LLMAgent
	if o.format != query.FormatText {
		return 0, false
	}
	fmt.Fprint(e.stdout, p.AgentContext())
	return exitOK, true
}

// privacyNotice tells, once per backend, that the entries leave the
// machine, and records that it did in the config.
func privacyNotice(e env, cfg llm.Config, chosen *llm.LLM) {
	if slices.Contains(cfg.Acknowledged, chosen.Name) {
		return
	}
	fmt.Fprintf(e.stderr, "gortex: notice: to summarise answers, gortex sends their entries (excerpts of your docs, memories and commit messages) to %s (%s, model %s).\n"+
		"  This notice is shown once; it is recorded under [why] in %s.\n"+
		"  To keep everything on this machine, use a local model (llm = \"ollama\", or --llm ollama), or --no-llm.\n",
		chosen.Provider, chosen.Name, chosen.Model, orUnknown(cfg.UserPath))
	if err := llm.Acknowledge(cfg.Acknowledged, chosen.Name); err != nil {
		fmt.Fprintln(e.stderr, "gortex: warning: could not record the notice:", err)
	}
}

// orUnknown names the user's config file, or says there is none.
func orUnknown(path string) string {
	if path == "" {
		return "no home directory"
	}
	return path
}

// noBackendHintFile, in the repository's cache directory, records that the
// no-backend hint was shown there: it is no setting, so it is kept out of
// every config.
const noBackendHintFile = "no-llm-hint"

// noBackendHint tells that auto found no backend and how to get one: once
// per repository, recorded as the privacy notice is, and only beside a
// text answer (a script reading --json or --toon has no use for it). At -v
// it is shown every time, with what each backend lacked.
func noBackendHint(e env, root string, cfg llm.Config, o whyOpts, nb *llm.NoBackendError) {
	cache := indexer.Cache(root)
	_, seen := cache.Stamped(noBackendHintFile)
	if o.llm.verbose == 0 && (seen || o.format != query.FormatText) {
		return
	}
	reportLLMError(e, nb, o.llm.verbose)
	if seen {
		return
	}
	fmt.Fprintln(e.stderr, "  This hint is shown once for this repository (-v shows it again).")
	if err := cache.Stamp(noBackendHintFile); err != nil {
		fmt.Fprintln(e.stderr, "gortex: warning: could not record the hint:", err)
	}
}

// reportLLMError prints an LLM failure with its code and help; the graph's
// answer follows it. At -v, a failed auto selection lists what each
// backend lacked.
func reportLLMError(e env, err error, verbose int) {
	var le *llm.LLMError
	var nb *llm.NoBackendError
	switch {
	case errors.As(err, &le):
		fmt.Fprintf(e.stderr, "gortex: %s: %s: %v\n  help: %s\n  the graph's answer follows\n", le.Code, le.Backend, le.Err, le.Help)
	case errors.As(err, &nb):
		fmt.Fprintf(e.stderr, "gortex: warning: %v; this is the graph's answer alone.\n  %s\n", nb, nb.Remedy())
		if verbose > 0 && nb.Name == llm.LLMAuto {
			for _, m := range nb.Missing {
				fmt.Fprintf(e.stderr, "  - %s\n", m)
			}
		}
	default:
		fmt.Fprintf(e.stderr, "gortex: warning: %v; this is the graph's answer alone\n", err)
	}
}

// verboseBefore reports the backend, entries, cost and (-vv) the prompt.
func verboseBefore(e env, level int, chosen *llm.LLM, p llm.Prompt) {
	if level < 1 {
		return
	}
	where := "sent to " + chosen.Provider
	if chosen.Local {
		where = "local only"
	}
	cost := "cost unknown"
	if usd, ok := llm.EstimateCost(chosen, p); ok {
		cost = fmt.Sprintf("estimated cost $%.4f", usd)
	}
	model := ""
	if chosen.Model != "" {
		model = "model " + chosen.Model + "; "
	}
	fmt.Fprintf(e.stderr, "gortex: llm: %s (%s%s), %s; %d of %d entries, ~%d prompt tokens, %s\n",
		chosen.Name, model, chosen.Reason, where, p.Included, p.Total, p.Tokens, cost)
	if level >= 2 {
		fmt.Fprintf(e.stderr, "gortex: prompt (system):\n%s\ngortex: prompt (user):\n%s\ngortex: end of prompt\n", p.System, p.User)
	}
}

// verboseAfter reports (-vvv) the raw response, timing and tokens.
func verboseAfter(e env, level int, r llm.Reply) {
	if level < 3 {
		return
	}
	fmt.Fprintf(e.stderr, "gortex: response (raw):\n%s\ngortex: end of response\n", r.Raw)
	fmt.Fprintf(e.stderr, "gortex: llm took %s; model %s; tokens: %d in, %d out\n", r.Elapsed.Round(1e6), r.Model, r.InputTokens, r.OutputTokens)
}
