package indexer

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestLangBisect(t *testing.T) {
	lang := os.Getenv("BISECT_LANG")
	if lang == "" {
		t.Skip()
	}
	l := langByName[lang]
	files := l.queries
	if files == nil {
		files = []string{lang}
	}
	for _, f := range files {
		src, _ := queryFiles.ReadFile("queries/" + f + ".scm")
		for _, pat := range strings.Split(string(src), "\n\n") {
			start := time.Now()
			_, err := compileTagsQuery([]byte(pat), l.grammar())
			t.Logf("%v %v %q", time.Since(start).Round(time.Millisecond), err, strings.ReplaceAll(pat, "\n", " ")[:min(70, len(pat))])
		}
	}
}
