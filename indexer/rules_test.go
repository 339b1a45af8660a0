package indexer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An index another gortex built is rebuilt by the next update, even when
// no file changed; one this gortex built is updated in place. Without a
// build ID (go test, go run) nothing is checked.
func TestUpdateRebuildsForAnotherBuild(t *testing.T) {
	root := t.TempDir()
	for p, body := range map[string]string{"go.mod": "module example.com/m\n", "a/a.go": "package a\n\nfunc A() {}\n"} {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	defer func(old func() string) { rulesID = old }(rulesID)
	tests := []struct {
		built, now string
		rebuilt    bool
	}{
		{"v1.0.0@abc", "v1.0.0@abc", false},
		{"v1.0.0@abc", "v1.1.0@def", true},
		{"", "v1.1.0@def", true}, // written before builds were recorded
		{"v1.0.0@abc", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.built+"→"+tt.now, func(t *testing.T) {
			os.RemoveAll(filepath.Join(root, ".gortex"))
			rulesID = func() string { return tt.built }
			if _, _, err := Build(context.Background(), root, Options{}); err != nil {
				t.Fatal(err)
			}
			rulesID = func() string { return tt.now }
			_, st, err := Update(context.Background(), root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := st.Rebuilt != ""; got != tt.rebuilt || st.Incremental == tt.rebuilt {
				t.Errorf("rebuilt %q incremental %v, want rebuilt %v", st.Rebuilt, st.Incremental, tt.rebuilt)
			}
			if tt.rebuilt && !strings.Contains(st.Rebuilt, "another gortex") {
				t.Errorf("reason %q", st.Rebuilt)
			}
			ix, err := Load(root)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.now
			if want == "" {
				want = tt.built // no check, and the index kept as it was
			}
			if ix.Manifest.Build != want {
				t.Errorf("manifest build %q, want %q", ix.Manifest.Build, want)
			}
		})
	}
}
