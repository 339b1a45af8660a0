package llm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepoConfigNesting holds the repository's config.toml to the nesting
// limit of every other config a repository brings: an array nested deeper
// than repofs.MaxNesting is refused before the TOML parser recurses into it,
// and a config at the limit's scale but flat still loads.
func TestRepoConfigNesting(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		wantErr string
	}{
		{"deep array", "[why]\nllm = \"anthropic\"\nx = " + strings.Repeat("[", 60_000) + "\n", "nest"},
		{"just over", "[why]\nx = " + strings.Repeat("[", 257) + strings.Repeat("]", 257) + "\n", "nest"},
		{"shallow", "[why]\nllm = \"anthropic\"\n# " + strings.Repeat("[", 10_000) + "\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			t.Setenv("XDG_CONFIG_HOME", t.TempDir())
			if err := os.Mkdir(filepath.Join(root, ".gortex"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(ConfigPath(root), []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := LoadConfig(root)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("LoadConfig: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("LoadConfig error = %v, want one saying %q", err, tt.wantErr)
			}
		})
	}
}
