package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"github.com/gortex/gortex/indexer"
)

// tutorialText is gortex tutorial: a guided text, no prompts, each step a
// command to copy.
var tutorialText = template.Must(template.New("tutorial").Parse(`gortex in five minutes: run each command below from inside your repository.

1. Index it. A second run re-parses only what changed, and gortex why
   brings the index up to date by itself.

     gortex index

2. Ask why code is the way it is. A symbol by any unique suffix of its
   qualified name, a file, or a question in words:

     gortex why {{.Symbol}}
     gortex why {{.File}}
     gortex why "why was this designed this way?"

   The answer lists the memories, design docs, ADRs and commits behind it,
   most trustworthy first. --json and --toon print it for scripts and agents.

3. Record a decision where it applies, so the next person (or agent) finds
   it first:

     gortex remember --symbol {{.Symbol}} --kind decision --importance 4 \
       --title "What was decided" --body "What was decided, and why."

4. Keep memories true as the code moves. Renamed symbols are followed and
   recorded; one that is gone is reported stale (exit status 4, for CI):

     gortex memory check

5. Let your coding agent ask too: write the gortex block into AGENTS.md and
   CLAUDE.md and register the MCP server for Claude Code, Cursor and Codex:

     gortex init --mcp all
     gortex mcp          (what the agent runs; stdio, or --http ADDR)

Then: gortex doctor checks the set-up, gortex search WORDS and gortex docs
find and read the design docs, source <(gortex completion bash) completes
symbol names, and gortex help lists every command.
{{- if .Sample}}

(The names above are from gortex's example repository: index yours and run
gortex tutorial again to see your own.)
{{- end}}
`))

// tutorialExample are the names the tutorial's commands use.
type tutorialExample struct {
	Symbol, File string
	Sample       bool // the example repository's names, not the user's
}

func runTutorial(ctx context.Context, e env, args []string) int {
	var dir string
	fs := flag.NewFlagSet("tutorial", flag.ContinueOnError)
	fs.StringVar(&dir, "dir", "", dirHelp)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gortex tutorial [flags]

Print a short guided tour of gortex: index, why (a symbol, a file, a
question), remember, memory check, and the MCP server, each step with a
command to copy. Inside an indexed repository the examples name its own
symbols.

Flags:
`)
		printDefaults(fs)
	}
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintln(e.stderr, "gortex tutorial: no arguments expected")
		return exitUsage
	}
	if err := tutorialText.Execute(e.stdout, tutorialNames(dir)); err != nil {
		fmt.Fprintln(e.stderr, "gortex tutorial:", err)
		return exitError
	}
	return exitOK
}

// methodName is a Type.Method completion name of words long enough to
// read as an example (not A.F): the form the tutorial shows.
var methodName = regexp.MustCompile(`^[A-Z][A-Za-z0-9_]{4,}\.[A-Z][A-Za-z0-9_]{4,}$`)

// tutorialNames picks a method of the repository's index, read from the
// completion name list, and its README; the example repository's names
// when there is no index, no such method or no README.
func tutorialNames(dir string) tutorialExample {
	sample := tutorialExample{Symbol: "billing.Invoice.Finalize", File: "internal/ledger/ledger.go", Sample: true}
	root, err := resolveRoot(dir)
	if err != nil {
		return sample
	}
	// Upper-case names sort first: a method turns up early in the list.
	names, _ := indexer.CompleteNames(root, "", 5000)
	i := slices.IndexFunc(names, func(n string) bool { return methodName.MatchString(n) && !strings.HasPrefix(n, "Test") })
	file := readme(root)
	if i < 0 || file == "" {
		return sample
	}
	return tutorialExample{Symbol: names[i], File: filepath.Base(file)}
}
