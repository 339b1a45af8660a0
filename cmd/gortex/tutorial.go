package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sync"
	"text/template"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/indexer"
)

// tutorialText is gortex tutorial: a guided text, no prompts, each step a
// command to copy.
var tutorialText = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("tutorial").Parse(`gortex in five minutes: run each command below from inside your repository.

1. Index it. A second run re-parses only what changed, and gortex why
   brings the index up to date by itself.

     gortex index

2. Ask why code is the way it is. A symbol by any unique suffix of its
   qualified name, a file, or a question in words:

     gortex why {{.Symbol}}
     gortex why {{.File}}
     gortex why "{{.Question}}"

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
{{- if not .Found}}

(Type.Method and path/to/file stand for names of your repository: index it
and run gortex tutorial again to see examples from it that answer.)
{{- end}}
`))
})

func runTutorial(ctx context.Context, e env, args []string) int {
	var dir string
	fs := flag.NewFlagSet("tutorial", flag.ContinueOnError)
	fs.StringVar(&dir, "dir", "", dirHelp)
	setUsage(fs, "tutorial")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintln(e.stderr, "gortex tutorial: no arguments expected")
		return exitUsage
	}
	if err := tutorialText().Execute(e.stdout, tutorialNames(ctx, e, dir)); err != nil {
		fmt.Fprintln(e.stderr, "gortex tutorial:", err)
		return exitError
	}
	return exitOK
}

// tutorialNames picks the examples from the repository's index (see
// chooseExample); placeholders when there is no index yet: the tutorial
// does not build one.
func tutorialNames(ctx context.Context, e env, dir string) example {
	root, err := cli.Root(dir)
	if err != nil {
		return placeholderExample
	}
	if _, err := os.Stat(indexer.IndexDir(root)); err != nil {
		return placeholderExample
	}
	w, err := openWorkspace(ctx, e, root, "")
	if err != nil {
		return placeholderExample
	}
	return chooseExample(ctx, w)
}
