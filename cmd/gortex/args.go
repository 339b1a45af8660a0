package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gortex/gortex/internal/textutil"
)

// parseFlags parses the arguments of the subcommand whose flags are fs, as
// gh, kubectl and git do: flags may come before, between or after the
// positional arguments ("gortex why X --json"), "--" ends the flags, and
// -h, -help and --help print the usage to stdout. An unknown flag is named
// in the error with the closest real one. It returns the positional
// arguments; done is true when the command must return code at once
// (help was printed, the arguments were bad, or a shell's completions
// were printed instead of running the command).
func parseFlags(fs *flag.FlagSet, e env, args []string) (pos []string, code int, done bool) {
	if e.complete != nil {
		e.complete.command(fs, args)
		return nil, exitOK, true
	}
	// The flag package prints usage itself on every error; print it once,
	// to stdout when asked for and as a hint on stderr otherwise.
	fs.SetOutput(io.Discard)
	for {
		err := fs.Parse(args)
		switch {
		case errors.Is(err, flag.ErrHelp):
			fs.SetOutput(e.stdout)
			fs.Usage()
			return nil, exitOK, true
		case err != nil:
			fmt.Fprintf(e.stderr, "gortex %s: %s\nRun \"gortex %s --help\" for usage.\n", fs.Name(), flagError(fs, err), fs.Name())
			return nil, exitUsage, true
		}
		rest := fs.Args()
		switch used := len(args) - len(rest); {
		case used > 0 && args[used-1] == "--":
			pos = append(pos, rest...)
			rest = nil
		case len(rest) > 0:
			pos, rest = append(pos, rest[0]), rest[1:]
		}
		if len(rest) == 0 {
			fs.SetOutput(e.stderr)
			return pos, exitOK, false
		}
		args = rest
	}
}

// undefinedFlag starts the flag package's error for a flag fs lacks.
const undefinedFlag = "flag provided but not defined: -"

// flagError rewrites the flag package's error: an unknown flag is named
// with two dashes and the closest flag fs has.
func flagError(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), undefinedFlag)
	if !ok {
		return err.Error()
	}
	msg := "unknown flag --" + name
	if near := closestFlag(fs, name); near != "" {
		msg += "; did you mean --" + near + "?"
	}
	return msg
}

// closestFlag returns the flag of fs that name was probably meant to be,
// or "" (see closest).
func closestFlag(fs *flag.FlagSet, name string) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return closest(name, names)
}

// closest returns the one of names that name was probably meant to be: one
// it abbreviates, else the nearest by edit distance when that is at most a
// third of the name (two edits for short names); "" when none is.
func closest(name string, names []string) string {
	names = slices.Sorted(slices.Values(names))
	for _, n := range names {
		if len(name) >= 2 && strings.HasPrefix(n, name) {
			return n
		}
	}
	best, bestD := "", max(2, len(name)/3)+1
	for _, n := range names {
		if d := textutil.Distance(name, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// didYouMean is "; did you mean NAME?" for the closest of names, or "".
func didYouMean(name string, names []string) string {
	if near := closest(name, names); near != "" {
		return "; did you mean " + near + "?"
	}
	return ""
}

// wrapList joins items with ", " into lines of at most width columns, the
// first of them first columns wide (it continues a line of text).
func wrapList(items []string, first, width int) string {
	var b strings.Builder
	room := first
	for i, it := range items {
		if i < len(items)-1 {
			it += ","
		}
		switch {
		case i == 0:
		case len(it)+1 > room:
			b.WriteByte('\n')
			room = width
		default:
			b.WriteByte(' ')
			room--
		}
		b.WriteString(it)
		room -= len(it)
	}
	return b.String()
}

// dirHint is the hint of an unexpected argument to a command that takes
// its repository by --dir.
const dirHint = "the repository is --dir"

// noArgs checks that a command that takes no argument got none: it says
// which is unexpected, with hint ("" for none), and returns false; true
// when pos is empty.
func noArgs(e env, cmd string, pos []string, hint string) bool {
	if len(pos) == 0 {
		return true
	}
	msg := fmt.Sprintf("gortex %s: unexpected argument %q", cmd, pos[0])
	if hint != "" {
		msg += " (" + hint + ")"
	}
	fmt.Fprintln(e.stderr, msg)
	return false
}
