package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Exit codes, as in cmd/gortex.
const (
	exitOK    = 0
	exitError = 1 // the run failed, or some why query failed (not unknown/ambiguous)
	exitUsage = 64
)

// options are the parsed command line.
type options struct {
	corpus  string
	gold    string
	bin     string // gortex binary; built from this module when ""
	ks      []int
	full    bool // rebuild the index from scratch
	json    bool
	verbose bool
}

// Main runs gortex-eval with args (without the program name) and returns
// the process exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "ardoco" {
		return runArdoco(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "recall" {
		return runRecall(ctx, args[1:], stdout, stderr)
	}
	o, code, done := parseArgs(args, stdout, stderr)
	if done {
		return code
	}
	if err := run(ctx, o, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "gortex-eval:", err)
		return exitError
	}
	return exitOK
}

func parseArgs(args []string, stdout, stderr io.Writer) (o options, code int, done bool) {
	fs := flag.NewFlagSet("gortex-eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.corpus, "corpus", "", "repository to evaluate on (indexing writes DIR/.gortex/)")
	fs.StringVar(&o.gold, "gold", "", "gold file: one JSON pair per line (see shared/eval/README.md)")
	fs.StringVar(&o.bin, "bin", "", "gortex binary (default: build cmd/gortex of the enclosing module)")
	k := fs.String("k", "1,3,5", fmt.Sprintf("cut-offs for recall@k, each 1..%d", whyLimit))
	fs.BoolVar(&o.full, "full", false, "rebuild the index from scratch, so that the index time is a cold build")
	fs.BoolVar(&o.json, "json", false, "print one JSON object with every figure and every pair")
	fs.BoolVar(&o.verbose, "v", false, "add a detail block per pair to the table")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: gortex-eval -corpus DIR -gold FILE [flags]

Index DIR with gortex, ask gortex why for every symbol of the gold file, and
report recall@k and MRR at document and section level, per difficulty,
next to a name-match baseline computed on the same corpus. Exit status 1
when a why query failed for a reason other than an unknown or ambiguous
symbol (those are counted as misses and listed as unresolved).

Flags:
`)
		fs.PrintDefaults()
	}
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return o, code, true
	}
	if o.corpus == "" || o.gold == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "gortex-eval: give -corpus and -gold and no arguments (see gortex-eval -h)")
		return o, exitUsage, true
	}
	var err error
	if o.ks, err = parseKs(*k); err != nil {
		fmt.Fprintln(stderr, "gortex-eval: -k:", err)
		return o, exitUsage, true
	}
	return o, 0, false
}

// parseKs parses "1,3,5" into sorted distinct cut-offs within whyLimit.
func parseKs(s string) ([]int, error) {
	var ks []int
	for _, f := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 || k > whyLimit {
			return nil, fmt.Errorf("%q is not a whole number from 1 to %d", f, whyLimit)
		}
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return slices.Compact(ks), nil
}

// errQueriesFailed makes Main exit 1 after the report was printed.
var errQueriesFailed = errors.New("some why queries failed; see \"failed\" in the report")

func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
	data, err := os.ReadFile(o.gold)
	if err != nil {
		return err
	}
	pairs, err := ParseGold(data)
	if err != nil {
		return fmt.Errorf("%s: %w", o.gold, err)
	}
	if o.corpus, err = corpusDir(o.corpus); err != nil {
		return err
	}
	bin, cleanup, err := gortexBinary(ctx, o.bin, stderr)
	if err != nil {
		return err
	}
	defer cleanup()
	r := &Report{Corpus: o.corpus, Gold: filepath.Base(o.gold), K: o.ks, IndexFull: o.full}
	fmt.Fprintf(stderr, "gortex-eval: indexing %s\n", o.corpus)
	if r.Index, err = indexCorpus(ctx, bin, o.corpus, o.full); err != nil {
		return err
	}
	if r.Results, err = evaluate(ctx, bin, o.corpus, pairs, stderr); err != nil {
		return err
	}
	if o.json {
		err = writeJSON(stdout, r)
	} else {
		err = writeText(stdout, r, o.verbose)
	}
	if err == nil && len(r.withStatus(StatusFailed)) > 0 {
		err = errQueriesFailed
	}
	return err
}

// evaluate asks gortex why for every pair, one process at a time so that
// the timings do not compete, and scores gortex and the baseline.
func evaluate(ctx context.Context, bin, corpus string, pairs []Pair, stderr io.Writer) ([]Result, error) {
	docs, err := loadDocs(ctx, corpus)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stderr, "gortex-eval: asking why for %d symbols\n", len(pairs))
	results := make([]Result, len(pairs))
	for i, p := range pairs {
		w, err := askWhy(ctx, bin, corpus, p.Symbol)
		if err != nil {
			return nil, err
		}
		paths := make([]string, len(w.entries))
		for j, e := range w.entries {
			paths[j] = e.Path
		}
		bDocs, bSecs := baselineRank(docs, p.Symbol, whyLimit)
		results[i] = Result{Pair: p, Status: w.status, Note: w.note, Wall: w.wall, Entries: w.entries,
			Gortex: score(p, paths, w.entries), Baseline: score(p, bDocs, bSecs)}
	}
	return results, nil
}

// corpusDir returns dir as an absolute path after checking it is a directory.
func corpusDir(dir string) (string, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return filepath.Abs(dir)
}

// gortexBinary returns bin, or builds one into a temp dir that cleanup
// removes.
func gortexBinary(ctx context.Context, bin string, stderr io.Writer) (string, func(), error) {
	if bin != "" {
		return bin, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "gortex-eval-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(tmp) }
	fmt.Fprintln(stderr, "gortex-eval: building gortex")
	bin, err = buildGortex(ctx, tmp)
	if err != nil {
		cleanup()
		return "", nil, err
	}
	return bin, cleanup, nil
}

// parseFlags parses args into fs quietly (the flag package would print the
// usage on every error, and a second time when asked for help): -h prints
// the usage on stdout, a bad flag one line on stderr naming fs (the
// command), and done says the command ends there with code.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, done bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return exitOK, true
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v (see %s -h)\n", fs.Name(), err, fs.Name())
		return exitUsage, true
	}
	return 0, false
}
