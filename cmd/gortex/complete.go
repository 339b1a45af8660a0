package main

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gortex/gortex/docs"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/workspace"
)

// completeCommand is the hidden command the completion scripts call:
// gortex __complete WORD... CURRENT prints, one per line, what CURRENT
// (the word under the cursor, maybe "") may become after the words before
// it; a tab and a description may follow a candidate. Nothing printed
// lets the shell complete file names.
const completeCommand = "__complete"

// maxCompletions bounds the names printed for one word: more is no help
// at a prompt, and the shells ask before showing a hundred.
const maxCompletions = 500

// completer prints the candidates for the word under the cursor.
type completer struct {
	word string
	e    env
}

func (c *completer) say(s string) { fmt.Fprintln(c.e.stdout, s) }

// sayAll prints the candidates that start with the word.
func (c *completer) sayAll(cands ...string) {
	for _, s := range cands {
		if strings.HasPrefix(s, c.word) {
			c.say(s)
		}
	}
}

func complete(ctx context.Context, e env, args []string) int {
	if len(args) == 0 {
		args = []string{""}
	}
	c := &completer{word: args[len(args)-1], e: e}
	words := args[:len(args)-1]
	e.complete = c
	switch {
	case len(words) == 0 && strings.HasPrefix(c.word, "-"):
		c.sayAll("--help", "--version")
	case len(words) == 0, words[0] == "help" && len(words) == 1:
		c.commands()
	case words[0] == "help" && len(words) == 2 && words[1] == "memory":
		c.memoryCommands()
	case words[0] == "memory" && len(words) == 1 && !strings.HasPrefix(c.word, "-"):
		c.memoryCommands()
	default:
		for _, cmd := range commands {
			if cmd.name == words[0] {
				cmd.run(ctx, e, words[1:])
			}
		}
	}
	return exitOK
}

// commands prints every command with its line of help.
func (c *completer) commands() {
	for _, name := range commandNames() {
		if strings.HasPrefix(name, c.word) {
			c.say(name + "\t" + about[name][1])
		}
	}
}

func (c *completer) memoryCommands() {
	c.sayAll(slices.Sorted(maps.Keys(memoryCommands))...)
}

// command completes the arguments of the subcommand whose flags are fs,
// args being the words before the cursor: a flag's name, a flag's value,
// or a positional argument.
func (c *completer) command(fs *flag.FlagSet, args []string) {
	if strings.HasPrefix(c.word, "-") && !strings.Contains(c.word, "=") {
		fs.VisitAll(func(f *flag.Flag) {
			if name := "--" + f.Name; strings.HasPrefix(name, c.word) {
				c.say(name + "\t" + firstLine(f.Usage))
			}
		})
		return
	}
	if len(args) > 0 {
		if f := valueFlag(fs, args[len(args)-1]); f != nil {
			c.sayAll(flagValues(fs.Name(), f.Name)...)
			return
		}
	}
	pos := parsedPositionals(fs, args)
	if complete, ok := positionals[fs.Name()]; ok {
		complete(c, fs, pos)
	}
}

// valueFlag returns the flag of fs that arg names when it takes a value
// that is not in arg itself ("--scope", not "--scope=x" or "--json").
func valueFlag(fs *flag.FlagSet, arg string) *flag.Flag {
	name, ok := strings.CutPrefix(strings.TrimPrefix(arg, "-"), "-")
	if !ok {
		name = strings.TrimPrefix(arg, "-")
	}
	if name == arg || name == "" || strings.Contains(name, "=") {
		return nil
	}
	f := fs.Lookup(name)
	if f == nil {
		return nil
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return nil
	}
	return f
}

// parsedPositionals parses args into fs as far as they go, so that the
// flags given (--dir) hold their values, and returns the positional
// arguments.
func parsedPositionals(fs *flag.FlagSet, args []string) []string {
	var pos []string
	for len(args) > 0 {
		if fs.Parse(args) != nil {
			return pos
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	return pos
}

// flagValues are the values a flag of a command may take, when they are
// few.
func flagValues(cmd, flagName string) []string {
	switch {
	case flagName == "llm":
		return llm.LLMNames
	case flagName == "scope" && cmd == "search":
		return enumStrings(docs.Scopes)
	case flagName == "scope":
		return []string{string(memory.ScopeWorkspace), string(memory.ScopeGlobal), string(memory.ScopeBoth)}
	case flagName == "kind" && cmd == "docs":
		return []string{"adr", "rfc", "design", "spec", "readme", "changelog", "doc"}
	case flagName == "kind":
		return enumStrings(memory.Kinds)
	case flagName == "basis":
		return enumStrings(memory.Bases)
	case flagName == "source":
		return enumStrings(memory.Sources)
	}
	return nil
}

func enumStrings[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// positionals complete the positional arguments of a command, by the name
// of its flag set; pos are those before the cursor.
var positionals = map[string]func(c *completer, fs *flag.FlagSet, pos []string){
	"why": func(c *completer, fs *flag.FlagSet, pos []string) {
		if len(pos) == 0 {
			c.symbols(fs)
		}
	},
	"completion":       func(c *completer, _ *flag.FlagSet, pos []string) { c.sayAll(shells...) },
	"memory show":      memoryIDs,
	"memory edit":      memoryIDs,
	"memory supersede": memoryIDs,
	"memory forget":    memoryIDs,
}

// symbols prints the symbol names of the index that start with the word,
// read from the index's name list: the graph is never loaded, so that the
// answer comes at once on a large repository, and nothing is indexed.
func (c *completer) symbols(fs *flag.FlagSet) {
	root, ok := completionRoot(fs)
	if !ok || strings.HasPrefix(c.word, ".") || strings.HasPrefix(c.word, "/") {
		return // a path: the shell completes files
	}
	names, _ := indexer.CompleteNames(root, c.word, maxCompletions)
	for _, n := range names {
		c.say(n)
	}
}

// completionRoot is the repository the command line points at: its
// --dir, else the project around the working directory.
func completionRoot(fs *flag.FlagSet) (string, bool) {
	if f := fs.Lookup("dir"); f != nil && f.Value.String() != "" {
		return f.Value.String(), true
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	root, err := workspace.FindRoot(wd)
	return root, err == nil
}

// memoryIDs prints the IDs of the workspace memories that start with the
// word (file names only: no memory is read).
func memoryIDs(c *completer, fs *flag.FlagSet, pos []string) {
	root, ok := completionRoot(fs)
	if len(pos) > 0 || !ok {
		return
	}
	files, _ := filepath.Glob(filepath.Join(memory.WorkspaceDir(root), "*.md"))
	for _, f := range files {
		c.sayAll(strings.TrimSuffix(filepath.Base(f), ".md"))
	}
}
