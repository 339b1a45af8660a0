package main

import (
	"embed"
	"flag"
	"io"
	"strings"
)

// usageFiles are the commands' usage texts, one file a command (the words
// of "memory add" joined by a dash) and memory-fields.txt, the part the
// memory writers share: what --help prints, and so the source of the
// command pages and man pages. {{flags}} stands for the command's flags,
// {{KEY}} for a value the code gives (a cap, a list of names).
//
//go:embed usage/*.txt
var usageFiles embed.FS

// usageText is the usage text of the command named, with {{flags}}
// replaced by fs's flags and each other {{KEY}} by the value after KEY in
// vars (pairs of key and value).
func usageText(name string, fs *flag.FlagSet, vars ...string) string {
	b, err := usageFiles.ReadFile("usage/" + name + ".txt")
	if err != nil {
		panic("gortex: no usage text for " + name) // TestUsageFiles holds every command to one
	}
	pairs := make([]string, 0, len(vars)+2)
	for i := 0; i+1 < len(vars); i += 2 {
		pairs = append(pairs, "{{"+vars[i]+"}}", vars[i+1])
	}
	if fs != nil {
		pairs = append(pairs, "{{flags}}", flagsText(fs))
	}
	return strings.NewReplacer(pairs...).Replace(string(b))
}

// setUsage makes fs's usage the text of the command named (see usageText).
func setUsage(fs *flag.FlagSet, name string, vars ...string) {
	fs.Usage = func() { io.WriteString(fs.Output(), usageText(name, fs, vars...)) }
}

// flagsText is fs's flags as flag.PrintDefaults prints them, but with two
// dashes, as gh, git and kubectl print them and as the README writes them;
// a one-letter flag and the verbosity flags (-v, -vv, -vvv) keep one, as
// short flags do.
func flagsText(fs *flag.FlagSet) string {
	out := fs.Output()
	var b, all strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(out)
	for line := range strings.Lines(b.String()) {
		if rest, ok := strings.CutPrefix(line, "  -"); ok {
			name := strings.Fields(rest)[0]
			if len(name) > 1 && strings.Trim(name, "v") != "" {
				line = "  --" + rest
			}
		}
		all.WriteString(line)
	}
	return all.String()
}
