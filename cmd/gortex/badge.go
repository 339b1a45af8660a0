package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/repofs"
)

// badgeMarkdown is the README badge gortex suggests: it tells readers the
// reasoning behind the code can be asked for.
const badgeMarkdown = "[![why: gortex](https://img.shields.io/badge/why-gortex-4c1)](https://github.com/gortex/gortex)"

// readmeNames are the names of a README, most usual first; any case.
var readmeNames = []string{"README.md", "README.markdown", "README.rst", "README.txt", "README.adoc", "README"}

// readme returns the path of root's README, or "" when it has none.
func readme(root string) string {
	entries, err := os.ReadDir(root)
	if err != nil {
		return ""
	}
	for _, want := range readmeNames {
		for _, e := range entries {
			if e.Type().IsRegular() && strings.EqualFold(e.Name(), want) {
				return filepath.Join(root, e.Name())
			}
		}
	}
	return ""
}

// hasBadge reports whether text shows a gortex badge: an image on a line
// that names gortex, however it is styled.
func hasBadge(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "![") && strings.Contains(strings.ToLower(l), "gortex") {
			return true
		}
	}
	return false
}

// nudgeFile records when the badge nudge was last shown for a repository;
// the cache directory is kept out of git.
const nudgeFile = "badge-nudge"

// readmeCap bounds the README read to look for the badge: the walk's
// default cap of a file.
const readmeCap = indexer.DefaultMaxFileSize

// nudgeEvery is how often the badge nudge may be shown per repository.
const nudgeEvery = 24 * time.Hour

// badgeNudge suggests the badge in one line on stderr, after a why answer
// on a terminal, when the README lacks it; at most once a day per
// repository.
func badgeNudge(e env, root string, now time.Time) {
	path := readme(root)
	if path == "" {
		return
	}
	data, err := repofs.ReadIn(root, filepath.Base(path), readmeCap)
	if err != nil || hasBadge(string(data)) {
		return
	}
	cache := indexer.Cache(root)
	if last, ok := cache.Stamped(nudgeFile); ok && now.Sub(last) < nudgeEvery {
		return
	}
	if cache.Stamp(nudgeFile) != nil {
		return // a nudge that cannot be recorded would repeat: stay quiet
	}
	fmt.Fprintf(e.stderr, "gortex: tip: show readers they can ask why: add %s to %s (shown once a day; gortex doctor checks it)\n", badgeMarkdown, filepath.Base(path))
}
