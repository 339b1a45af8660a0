package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// arDoc is the document the harness writes into its copy of a project's
// code: one section per sentence, so that each sentence's links can be
// read through gortex covers.
const arDoc = "docs/architecture.md"

// arOptions are the command line of gortex-eval ardoco.
type arOptions struct {
	bench    string // the benchmark's folder: one folder per project
	code     string // one folder per project, named as in the benchmark, at the commit its model_*/code/README.md names
	bin      string
	projects []string
	json     bool
	verbose  bool
	links    string // "covers" or "why"
}

// runArdoco is gortex-eval ardoco: the ArDoCo documentation-to-code
// benchmark, scored through gortex covers.
func runArdoco(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, code, done := parseArArgs(args, stdout, stderr)
	if done {
		return code
	}
	bin, cleanup, err := gortexBinary(ctx, o.bin, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "gortex-eval ardoco:", err)
		return exitError
	}
	defer cleanup()
	var scores []arScore
	for _, name := range o.projects {
		sc, err := arRun(ctx, bin, o, name, stderr)
		if errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(stderr, "gortex-eval ardoco: %s skipped: %v\n", name, err)
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "gortex-eval ardoco: %s: %v\n", name, err)
			return exitError
		}
		scores = append(scores, sc)
	}
	if o.json {
		err = json.NewEncoder(stdout).Encode(map[string]any{"projects": scores, "macro_f1": round3(macroF1(scores))})
	} else {
		_, err = io.WriteString(stdout, arTable(scores))
	}
	if err != nil {
		fmt.Fprintln(stderr, "gortex-eval ardoco:", err)
		return exitError
	}
	return exitOK
}

func parseArArgs(args []string, stdout, stderr io.Writer) (o arOptions, code int, done bool) {
	fs := flag.NewFlagSet("gortex-eval ardoco", flag.ContinueOnError)
	fs.StringVar(&o.bench, "bench", "", "the ArDoCo benchmark's folder (a checkout of ArDoCo/Benchmark)")
	fs.StringVar(&o.code, "code", "", "a folder holding each project's code in a folder named as in the benchmark (mediastore, teastore, …)")
	fs.StringVar(&o.bin, "bin", "", "gortex binary (default: build cmd/gortex of the enclosing module)")
	projects := fs.String("projects", "mediastore,teastore,teammates,jabref", "projects to score, comma-separated; one without code is skipped")
	fs.BoolVar(&o.json, "json", false, "print one JSON object")
	fs.StringVar(&o.links, "links", "covers", "how links are read: covers (each sentence's section forward) or why (each code file's answer, inverted)")
	fs.BoolVar(&o.verbose, "v", false, "print each sentence's gold, predicted and correct counts to stderr")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gortex-eval ardoco -bench DIR -code DIR [flags]

Score gortex on the ArDoCo benchmark of architecture documentation to code
links: each project's documentation becomes one Markdown section per
sentence in a copy of its code, the copy is indexed, and each sentence's
links are read through gortex covers (a package stands for its files).
Prints precision, recall and F1 per project and their macro F1. Nothing
is fetched: both folders must be there.

Flags:
`)
		fs.PrintDefaults()
	}
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return o, code, true
	}
	switch {
	case o.links != "covers" && o.links != "why":
		fmt.Fprintln(stderr, "gortex-eval ardoco: -links is covers or why")
		return o, exitUsage, true
	case o.bench == "" || o.code == "" || fs.NArg() > 0:
		fmt.Fprintln(stderr, "gortex-eval ardoco: give -bench (the ArDoCo benchmark's folder) and -code (a folder of each project's code) and no arguments")
		return o, exitUsage, true
	}
	o.projects = strings.Split(*projects, ",")
	return o, 0, false
}

// arRun scores one project. Its error wraps os.ErrNotExist when the
// project or its code is missing.
func arRun(ctx context.Context, bin string, o arOptions, name string, stderr io.Writer) (arScore, error) {
	p, err := loadArProject(filepath.Join(o.bench, name))
	if err != nil {
		return arScore{}, err
	}
	src := filepath.Join(o.code, name)
	if _, err := os.Stat(src); err != nil {
		return arScore{}, err
	}
	tmp, err := os.MkdirTemp("", "gortex-ardoco-")
	if err != nil {
		return arScore{}, err
	}
	defer os.RemoveAll(tmp)
	if err := copyTree(src, tmp); err != nil {
		return arScore{}, fmt.Errorf("copy %s: %w", src, err)
	}
	lines, err := writeArDoc(tmp, p.Sentences)
	if err != nil {
		return arScore{}, err
	}
	fmt.Fprintf(stderr, "gortex-eval ardoco: indexing %s\n", name)
	if _, err := indexCorpus(ctx, bin, tmp, true); err != nil {
		return arScore{}, err
	}
	files, err := codeFiles(tmp)
	if err != nil {
		return arScore{}, err
	}
	pred := map[int][]string{}
	if o.links == "why" {
		if pred, err = whyLinks(ctx, bin, tmp, files); err != nil {
			return arScore{}, err
		}
	}
	for s, line := range lines {
		if o.links == "why" {
			break
		}
		got, err := coversFiles(ctx, bin, tmp, line)
		if err != nil {
			return arScore{}, err
		}
		pred[s] = expand(got, files)
	}
	gold := map[int][]string{}
	for s, ps := range p.Gold {
		gold[s] = expand(ps, files)
	}
	sc := scoreLinks(name, gold, pred)
	if o.verbose {
		for s := 1; s <= len(p.Sentences); s++ {
			one := scoreLinks(name, map[int][]string{s: gold[s]}, map[int][]string{s: pred[s]})
			fmt.Fprintf(stderr, "%s %3d gold %3d predicted %3d correct %3d  %s\n", name, s, one.Gold, one.Predicted,
				one.Correct, p.Sentences[s-1])
		}
	}
	sc.Sentences = len(lines)
	return sc, nil
}

// writeArDoc writes arDoc under root, a heading per sentence, and returns
// each sentence's heading line.
func writeArDoc(root string, sentences []string) (map[int]int, error) {
	var b strings.Builder
	b.WriteString("# Architecture\n\n")
	line := 3
	lines := map[int]int{}
	for i, s := range sentences {
		lines[i+1] = line
		fmt.Fprintf(&b, "## Sentence %d\n\n%s\n\n", i+1, strings.TrimSpace(s))
		line += 4
	}
	p := filepath.Join(root, filepath.FromSlash(arDoc))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return nil, err
	}
	return lines, os.WriteFile(p, []byte(b.String()), 0o644)
}

// coversFiles asks gortex covers for the section at line and returns the
// files it reaches: a symbol's or file's path, a package's files.
func coversFiles(ctx context.Context, bin, root string, line int) ([]string, error) {
	var out, errb bytes.Buffer
	// --limit 0: every link the sentence makes counts, not the first
	// screenful covers prints by default.
	cmd := exec.CommandContext(ctx, bin, "covers", "--json", "--limit", "0", "--dir", root, fmt.Sprintf("%s#L%d", arDoc, line))
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("gortex covers %s#L%d: %w: %s", arDoc, line, err, lastLine(errb.String()))
	}
	var c struct {
		Targets []struct {
			Kind  string   `json:"kind"`
			Path  string   `json:"path"`
			Files []string `json:"files"`
		} `json:"targets"`
	}
	if err := json.Unmarshal(out.Bytes(), &c); err != nil {
		return nil, fmt.Errorf("gortex covers %s#L%d: %w", arDoc, line, err)
	}
	var files []string
	for _, t := range c.Targets {
		switch {
		case t.Path == "" || t.Path == arDoc:
		case t.Kind == "package":
			files = append(files, t.Files...)
		default:
			files = append(files, t.Path)
		}
	}
	return files, nil
}

// whyLinks asks gortex why for each code file and inverts the answers:
// an entry from a sentence's section links that sentence to the file.
func whyLinks(ctx context.Context, bin, root string, files []string) (map[int][]string, error) {
	pred := map[int][]string{}
	for _, f := range files {
		w, err := askWhy(ctx, bin, root, f)
		if err != nil {
			return nil, err
		}
		for _, e := range w.entries {
			var n int
			if e.Path == arDoc {
				if _, err := fmt.Sscanf(e.Section, "Sentence %d", &n); err == nil {
					pred[n] = append(pred[n], f)
				}
			}
		}
	}
	return pred, nil
}

// copyTree copies the regular files and folders under src into dst,
// leaving out version control and any index.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == ".gortex" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
}

// arTable renders the scores, one row per project, then the macro F1.
func arTable(scores []arScore) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-12s %9s %5s %9s %7s %9s %6s %5s\n", "project", "sentences", "gold", "predicted", "correct", "precision", "recall", "F1")
	for _, s := range scores {
		fmt.Fprintf(&b, "%-12s %9d %5d %9d %7d %9.2f %6.2f %5.2f\n", s.Project, s.Sentences, s.Gold, s.Predicted,
			s.Correct, s.Precision, s.Recall, s.F1)
	}
	fmt.Fprintf(&b, "macro F1 %.3f over %d %s\n", macroF1(scores), len(scores), plural(len(scores), "project"))
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }
