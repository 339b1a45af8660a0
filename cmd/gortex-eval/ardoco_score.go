package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// An ArDoCo project of the benchmark: the sentences of its architecture
// documentation (one per non-blank line, numbered from 1) and the gold links from a
// sentence to the code files (a path ending in "/" stands for every code
// file under that folder).
type arProject struct {
	Name      string
	Sentences []string         // Sentences[n-1] is sentence n
	Gold      map[int][]string // sentence → repo-relative files or folders
}

// goldName is the benchmark's name of a documentation-to-code gold file:
// goldstandard_sad_<text year>-code_<code year>.csv.
var goldName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^goldstandard_sad_(\d{4})-code_\d{4}\.csv$`) })

// loadArProject reads project dir (PROJECT/goldstandards/… and
// PROJECT/text_<year>/PROJECT.txt) of the benchmark.
func loadArProject(dir string) (*arProject, error) {
	name := filepath.Base(dir)
	ents, err := os.ReadDir(filepath.Join(dir, "goldstandards"))
	if err != nil {
		return nil, err
	}
	var goldFile, year string
	for _, e := range ents {
		if m := goldName().FindStringSubmatch(e.Name()); m != nil {
			goldFile, year = filepath.Join(dir, "goldstandards", e.Name()), m[1]
		}
	}
	if goldFile == "" {
		return nil, fmt.Errorf("%s: no goldstandard_sad_YEAR-code_YEAR.csv", dir)
	}
	text, err := os.ReadFile(filepath.Join(dir, "text_"+year, name+".txt"))
	if err != nil {
		return nil, err
	}
	csv, err := os.ReadFile(goldFile)
	if err != nil {
		return nil, err
	}
	gold, err := parseArGold(csv)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", goldFile, err)
	}
	return &arProject{Name: name, Sentences: arSentences(text), Gold: gold}, nil
}

// arSentences returns the documentation's sentences: its non-blank lines,
// the benchmark's sentence n being the n-th of them.
func arSentences(text []byte) []string {
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// parseArGold reads "sentenceID,codeID" lines after a header.
func parseArGold(data []byte) (map[int][]string, error) {
	gold := map[int][]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || (n == 1 && strings.HasPrefix(line, "sentence")) {
			continue
		}
		id, code, ok := strings.Cut(line, ",")
		s, err := strconv.Atoi(strings.TrimSpace(id))
		if !ok || err != nil || s < 1 {
			return nil, fmt.Errorf("line %d: want sentenceID,codeID, got %q", n, line)
		}
		gold[s] = append(gold[s], strings.TrimSpace(code))
	}
	return gold, sc.Err()
}

// codeExt are the files the benchmark's code models hold, and so the
// files a folder of the gold stands for.
var codeExt = map[string]bool{".java": true, ".kt": true, ".go": true, ".py": true, ".rs": true,
	".ts": true, ".tsx": true, ".js": true, ".sh": true, ".c": true, ".h": true, ".cpp": true,
	".hpp": true, ".cs": true, ".scala": true, ".rb": true}

// expand turns gold or predicted paths into code files: a folder (ending
// in "/") becomes the code files under it, a file stays itself.
func expand(paths []string, files []string) []string {
	var out []string
	for _, p := range paths {
		if !strings.HasSuffix(p, "/") {
			out = append(out, p)
			continue
		}
		i := sort.SearchStrings(files, p)
		for ; i < len(files) && strings.HasPrefix(files[i], p); i++ {
			out = append(out, files[i])
		}
	}
	return out
}

// codeFiles lists the code files under root, repo-relative and sorted.
func codeFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".gortex") {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && codeExt[path.Ext(d.Name())] {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// arScore is precision, recall and F1 over sentence→file links.
type arScore struct {
	Project   string  `json:"project"`
	Sentences int     `json:"sentences"`
	Gold      int     `json:"gold"`
	Predicted int     `json:"predicted"`
	Correct   int     `json:"correct"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
}

// scoreLinks compares predicted with gold links, both sentence → code
// files (folders already expanded), each distinct pair counted once.
func scoreLinks(project string, gold, pred map[int][]string) arScore {
	sc := arScore{Project: project}
	for s, fs := range gold {
		want := set(fs)
		sc.Gold += len(want)
		for f := range set(pred[s]) {
			if want[f] {
				sc.Correct++
			}
		}
	}
	for _, fs := range pred {
		sc.Predicted += len(set(fs))
	}
	if sc.Predicted > 0 {
		sc.Precision = float64(sc.Correct) / float64(sc.Predicted)
	}
	if sc.Gold > 0 {
		sc.Recall = float64(sc.Correct) / float64(sc.Gold)
	}
	if sc.Precision+sc.Recall > 0 {
		sc.F1 = 2 * sc.Precision * sc.Recall / (sc.Precision + sc.Recall)
	}
	return sc
}

// macroF1 is the mean of the projects' F1.
func macroF1(scores []arScore) float64 {
	if len(scores) == 0 {
		return 0
	}
	var sum float64
	for _, s := range scores {
		sum += s.F1
	}
	return sum / float64(len(scores))
}

func set(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}
