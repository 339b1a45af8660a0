package main

import (
	"fmt"
	"strings"

	"github.com/gortex/gortex/llm"
)

// whyMoreHelp is the part of gortex why --help after the flags: the other
// query kinds, the LLM summary, its configuration and its error codes.
func whyMoreHelp() string {
	var b strings.Builder
	b.WriteString(`
Query kinds, tried in this order:

  A file path: the reasoning of the file and of the symbols declared in it,
  memories anchored to it, documents naming it, and its git history (the
  commits owning its lines, its latest commits with their messages). A
  relative path is read from the working directory first, then from the
  repository root (./ and ../ from the working directory only); a path that
  names no file is answered with the files it may have meant (exit 2).
    gortex why internal/config/load.go
    gortex why ./invoice.go            (from billing/)

  A symbol or package (as above): its reasoning; for a symbol, then the
  commits that wrote its lines (git blame of its line range), with the
  issues and PRs they reference.
    gortex why billing.Invoice.Finalize
    gortex why example.com/shop/cart

  A directory, written as one (a trailing /, a leading ./ or ../): its
  package, or the packages below it as candidates.
    gortex why cart/
    gortex why ./machine

  A module no symbol is named after: a Rust crate or module (crate:: and
  self:: stand for the crate), a Python dotted module, a TypeScript module
  path. It answers with the module's file, or the package of the folder
  its symbols are in.
    gortex why vector_buffers
    gortex why crate::transforms::throttle
    gortex why flask.app

  A question in words (text with a space or a '?', which no symbol query
  has): a search of the design docs, memories and commit messages, ranked
  like symbol answers.
    gortex why "why use TOML for config?"
    gortex why "why was dynamic loading rejected"

Commits that only reformat (whitespace, gofmt, prettier, rustfmt, black and
other formatters, "style:" commits, revisions in .git-blame-ignore-revs) or
that change more than 100 files are left out.
Outside a git repository the answer comes from the rest of the graph.

LLM summary: when a backend is available, an LLM turns the entries into a
short answer citing them as [n], followed by the cited entries. It sees only
the entries the graph returned. With no backend, the graph's answer is
printed (exit status 0) and a hint on stderr says how to get one: once per
repository, never beside --json or --toon (every time at -v). --no-llm, or
GORTEX_LLM=none, turns the summary off; --llm NAME picks a backend.
Inside a coding agent (GORTEX_AGENT, CLAUDECODE or CURSOR_AGENT set), auto
prints the prepared context between [AGENT CONTEXT] and [/AGENT CONTEXT] for
the agent to answer (text output; --json and --toon print the answer as it is).
--json adds answer, cited, artifacts, suggestions and backend.

Configuration (every key optional): your own, $XDG_CONFIG_HOME/gortex/config.toml
(else ~/.config/gortex/config.toml), then the repository's .gortex/config.toml,
which may set llm and a lower max_cost_usd, but never base_url, acknowledged,
model or llm = "claude-cli": where the entries and your keys go, what runs and
what it costs are yours to say. A repository's llm applies only where yours
is unset.

`)
	for _, l := range strings.Split(strings.TrimRight(llm.ConfigTemplate, "\n"), "\n") {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("\nLLM errors (the graph's answer follows each):\n\n")
	for _, c := range llm.CodeHelp {
		fmt.Fprintf(&b, "  %s\n      %s\n", c.Code, c.Help)
	}
	b.WriteString("\nA reply that does not have the requested form is shown as received, with a warning.\n")
	return b.String()
}
