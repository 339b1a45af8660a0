package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

// recallOptions are the command line of gortex-eval recall.
type recallOptions struct {
	cases  string // a cases file in git-why's bench/corpus/cases.json form
	repo   string // the repositoryId of the cases to ask
	corpus string // that repository, checked out at the commit the cases were made at
	bin    string
	index  bool // run gortex index first and time it
	json   bool
	limit  int // ask only the first limit cases; 0 for all
}

// recallCase is one question of a cases file: the commit that answers it.
type recallCase struct {
	ID           string   `json:"id"`
	RepositoryID string   `json:"repositoryId"`
	Question     string   `json:"question"`
	RelevantShas []string `json:"relevantShas"`
}

// recallResult is one question's outcome: the gold commit's place among
// every entry (0 when absent) and among commit entries only.
type recallResult struct {
	ID         string  `json:"id"`
	Rank       int     `json:"rank"`
	CommitRank int     `json:"commit_rank"`
	Millis     float64 `json:"ms"`
	Failed     string  `json:"failed,omitempty"`
}

// recallReport is every figure of a run.
type recallReport struct {
	Repo      string         `json:"repo"`
	Cases     int            `json:"cases"`
	IndexSecs float64        `json:"index_s,omitempty"`
	Hit1      float64        `json:"hit1"`
	Hit5      float64        `json:"hit5"`
	Hit10     float64        `json:"hit10"`
	MRR5      float64        `json:"mrr5"`
	CommitHit float64        `json:"commit_hit5"` // Hit@5 among commit entries only
	P50       float64        `json:"p50_ms"`
	First     float64        `json:"first_ms"` // the first question's latency
	Results   []recallResult `json:"results"`
}

// runRecall is gortex-eval recall: questions that paraphrase one commit's
// message (git-why's recall set), asked of gortex why; a hit is the gold
// commit among the first k entries.
func runRecall(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var o recallOptions
	fs := flag.NewFlagSet("gortex-eval recall", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.cases, "cases", "", "cases file (git-why's bench/corpus/cases.json form)")
	fs.StringVar(&o.repo, "repo", "", "repositoryId of the cases to ask (e.g. curl-curl)")
	fs.StringVar(&o.corpus, "corpus", "", "the repository, checked out where the cases were made")
	fs.StringVar(&o.bin, "bin", "", "gortex binary (default: build cmd/gortex of the enclosing module)")
	fs.BoolVar(&o.index, "index", false, "run gortex index first and time it")
	fs.BoolVar(&o.json, "json", false, "print one JSON object with every figure and every question")
	fs.IntVar(&o.limit, "n", 0, "ask only the first n cases (0: all)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: gortex-eval recall -cases FILE -repo ID -corpus DIR [flags]

Ask gortex why each question of the cases file whose repositoryId is ID, in
the file's order, and report Hit@1/5/10 and MRR@5 of the gold commit among
the answer's entries, Hit@5 among its commit entries alone, and the median
latency (process start included) and the first question's.

Flags:
`)
		fs.PrintDefaults()
	}
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if o.cases == "" || o.repo == "" || o.corpus == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "gortex-eval recall: give -cases, -repo and -corpus and no arguments (see -h)")
		return exitUsage
	}
	rep, err := recall(ctx, o, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "gortex-eval recall:", err)
		return exitError
	}
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
		return exitOK
	}
	fmt.Fprintf(stdout, "%s: %d questions  Hit@1 %.3f  Hit@5 %.3f  Hit@10 %.3f  MRR@5 %.3f  commits-only Hit@5 %.3f  p50 %.0f ms  first %.0f ms",
		rep.Repo, rep.Cases, rep.Hit1, rep.Hit5, rep.Hit10, rep.MRR5, rep.CommitHit, rep.P50, rep.First)
	if rep.IndexSecs > 0 {
		fmt.Fprintf(stdout, "  index %.1f s", rep.IndexSecs)
	}
	fmt.Fprintln(stdout)
	return exitOK
}

// recall reads the cases, optionally indexes, asks every question and scores.
func recall(ctx context.Context, o recallOptions, stderr io.Writer) (recallReport, error) {
	rep := recallReport{Repo: o.repo}
	data, err := os.ReadFile(o.cases)
	if err != nil {
		return rep, err
	}
	var file struct {
		Cases []recallCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return rep, fmt.Errorf("%s: %w", o.cases, err)
	}
	var cases []recallCase
	for _, c := range file.Cases {
		if c.RepositoryID == o.repo && len(c.RelevantShas) > 0 {
			cases = append(cases, c)
		}
	}
	if o.limit > 0 {
		cases = cases[:min(len(cases), o.limit)]
	}
	if len(cases) == 0 {
		return rep, fmt.Errorf("no case of %s in %s", o.repo, o.cases)
	}
	bin, cleanup, err := gortexBinary(ctx, o.bin, stderr)
	if err != nil {
		return rep, err
	}
	defer cleanup()
	if o.index {
		d, err := indexCorpus(ctx, bin, o.corpus, false)
		if err != nil {
			return rep, err
		}
		rep.IndexSecs = d.Seconds()
	}
	for _, c := range cases {
		r, err := askRecall(ctx, bin, o.corpus, c)
		if err != nil {
			return rep, err
		}
		rep.Results = append(rep.Results, r)
	}
	scoreRecall(&rep)
	return rep, nil
}

// askRecall asks one question and finds the gold commit in the answer.
func askRecall(ctx context.Context, bin, corpus string, c recallCase) (recallResult, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "why", "--dir", corpus, "--json", "--no-llm", "--limit", strconv.Itoa(whyLimit), "--", c.Question)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := recallResult{ID: c.ID, Millis: float64(time.Since(start).Microseconds()) / 1000}
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	var a struct {
		Rationale []struct {
			Kind   string `json:"kind"`
			Commit string `json:"commit"`
		} `json:"rationale"`
	}
	if jerr := json.Unmarshal(stdout.Bytes(), &a); jerr != nil {
		r.Failed = fmt.Sprintf("%v %v: %s", err, jerr, lastLine(stderr.String()))
		return r, nil
	}
	commits := 0
	for i, e := range a.Rationale {
		if e.Commit == "" {
			continue
		}
		commits++
		if slices.ContainsFunc(c.RelevantShas, func(s string) bool { return strings.HasPrefix(s, e.Commit) || strings.HasPrefix(e.Commit, s) }) {
			r.Rank, r.CommitRank = i+1, commits
			break
		}
	}
	return r, nil
}

// scoreRecall fills the report's figures from its results.
func scoreRecall(rep *recallReport) {
	n := float64(len(rep.Results))
	rep.Cases = len(rep.Results)
	var ms []float64
	for i, r := range rep.Results {
		hit := func(k int) float64 {
			if r.Rank > 0 && r.Rank <= k {
				return 1
			}
			return 0
		}
		rep.Hit1 += hit(1) / n
		rep.Hit5 += hit(5) / n
		rep.Hit10 += hit(10) / n
		if r.Rank > 0 && r.Rank <= 5 {
			rep.MRR5 += 1 / float64(r.Rank) / n
		}
		if r.CommitRank > 0 && r.CommitRank <= 5 {
			rep.CommitHit += 1 / n
		}
		if i == 0 {
			rep.First = r.Millis
		}
		ms = append(ms, r.Millis)
	}
	slices.Sort(ms)
	rep.P50 = ms[len(ms)/2]
}
