package main

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestLoadArProject(t *testing.T) {
	p, err := loadArProject("testdata/ardoco/tiny")
	if err != nil {
		t.Fatal(err)
	}
	// The blank line is no sentence: the benchmark numbers the others.
	if p.Name != "tiny" || len(p.Sentences) != 3 || p.Sentences[2] != "Nothing here links to code." {
		t.Errorf("project %q with sentences %q", p.Name, p.Sentences)
	}
	want := map[int][]string{1: {"src/storage/"}, 2: {"src/web/Server.java", "src/storage/Blob.java"}}
	if !reflect.DeepEqual(p.Gold, want) {
		t.Errorf("gold %v, want %v", p.Gold, want)
	}
}

func TestParseArGoldRejects(t *testing.T) {
	for _, bad := range []string{"sentenceID,codeID\nx,a.java\n", "sentenceID,codeID\n0,a.java\n", "sentenceID,codeID\n3\n"} {
		if _, err := parseArGold([]byte(bad)); err == nil {
			t.Errorf("parseArGold(%q) gave no error", bad)
		}
	}
}

func TestScoreLinks(t *testing.T) {
	files := []string{"src/storage/Blob.java", "src/storage/Store.java", "src/storage/disk/Disk.java", "src/web/Server.java"}
	gold := map[int][]string{
		1: expand([]string{"src/storage/"}, files),                                 // 3 files
		2: expand([]string{"src/web/Server.java", "src/storage/Blob.java"}, files), // 2 files
	}
	tests := []struct {
		name    string
		pred    map[int][]string
		p, r, f float64
	}{
		{"nothing predicted", nil, 0, 0, 0},
		{"all right", gold, 1, 1, 1},
		{"half right, duplicates once", map[int][]string{
			1: {"src/storage/Blob.java", "src/storage/Blob.java", "src/web/Server.java"},
			2: {"src/web/Server.java"},
			4: {"src/storage/Store.java"},
		}, 0.5, 0.4, 2 * 0.5 * 0.4 / 0.9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := scoreLinks("tiny", gold, tt.pred)
			if sc.Gold != 5 || !near(sc.Precision, tt.p) || !near(sc.Recall, tt.r) || !near(sc.F1, tt.f) {
				t.Errorf("got %+v, want P %.2f R %.2f F1 %.3f over 5 gold links", sc, tt.p, tt.r, tt.f)
			}
		})
	}
	if m := macroF1([]arScore{{F1: 0.5}, {F1: 0.7}}); !near(m, 0.6) {
		t.Errorf("macro F1 %.3f, want 0.6", m)
	}
}

func TestExpandFolder(t *testing.T) {
	files := []string{"a/b/X.java", "a/b/c/Y.java", "a/bb/Z.java"}
	got := expand([]string{"a/b/", "a/bb/Z.java"}, files)
	if want := []string{"a/b/X.java", "a/b/c/Y.java", "a/bb/Z.java"}; !reflect.DeepEqual(got, want) {
		t.Errorf("expand = %v, want %v", got, want)
	}
}

func TestArdocoNeedsFolders(t *testing.T) {
	var out, errb strings.Builder
	if code := Main(context.Background(), []string{"ardoco"}, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "-bench") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
