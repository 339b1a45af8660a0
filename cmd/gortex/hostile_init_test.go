package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestHostileInit runs init in repositories whose instruction files,
// registrations and registration directories are links out of the
// repository, links to /dev/zero or a named pipe. Nothing outside is read,
// written back or made; each refused file is named with the reason; an
// instruction file linked to another file of the repository is followed.
func TestHostileInit(t *testing.T) {
	const secret = "aws_secret_access_key = AKIAEXAMPLESECRET\n"
	tests := []struct {
		name    string
		plant   func(t *testing.T, dir, outside string)
		args    []string
		code    int
		refused []string // in stderr
		links   []string // still links afterwards
	}{
		{"AGENTS.md linked to credentials outside", func(t *testing.T, dir, outside string) {
			symlink(t, filepath.Join(outside, "credentials"), dir, "AGENTS.md")
		}, nil, exitError, []string{"refusing AGENTS.md: it is a link that leads outside the repository"}, []string{"AGENTS.md"}},
		{"AGENTS.md linked by a relative path", func(t *testing.T, dir, outside string) {
			rel, _ := filepath.Rel(dir, filepath.Join(outside, "credentials"))
			symlink(t, rel, dir, "AGENTS.md")
		}, nil, exitError, []string{"refusing AGENTS.md"}, []string{"AGENTS.md"}},
		{"CLAUDE.md linked to AGENTS.md", func(t *testing.T, dir, _ string) {
			symlink(t, "AGENTS.md", dir, "CLAUDE.md")
		}, nil, exitOK, nil, []string{"CLAUDE.md"}},
		{"registration directories linked outside", func(t *testing.T, dir, outside string) {
			for _, d := range []string{".cursor", ".codex", ".gortex"} {
				os.Mkdir(filepath.Join(outside, d), 0o755)
				symlink(t, filepath.Join(outside, d), dir, d)
			}
		}, []string{"--mcp", "all", "--config"}, exitError, []string{".cursor", ".codex", ".gortex", "not a real directory"}, []string{".cursor", ".codex", ".gortex"}},
		{"a registration linked inside", func(t *testing.T, dir, _ string) {
			os.WriteFile(filepath.Join(dir, "mine.json"), []byte("{}"), 0o644)
			symlink(t, "mine.json", dir, ".mcp.json")
		}, []string{"--mcp", "claude"}, exitError, []string{"refusing .mcp.json: it is a link"}, []string{".mcp.json"}},
		{"instruction files and registration linked to /dev/zero", func(t *testing.T, dir, _ string) {
			for _, f := range []string{"AGENTS.md", "CLAUDE.md", ".mcp.json"} {
				symlink(t, "/dev/zero", dir, f)
			}
		}, []string{"--mcp", "claude"}, exitError, []string{"refusing AGENTS.md", "refusing CLAUDE.md", "refusing .mcp.json"}, nil},
		{"AGENTS.md a named pipe", func(t *testing.T, dir, _ string) {
			if err := syscall.Mkfifo(filepath.Join(dir, "AGENTS.md"), 0o644); err != nil {
				t.Skip(err)
			}
		}, nil, exitError, []string{"refusing AGENTS.md: gortex init reads and writes only a regular file"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixtureCopy(t)
			outside := t.TempDir()
			creds := filepath.Join(outside, "credentials")
			if err := os.WriteFile(creds, []byte(secret), 0o600); err != nil {
				t.Fatal(err)
			}
			tt.plant(t, dir, outside)
			code, out, stderr := runLimited(t, append([]string{"init", "--dir", dir}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tt.code, out, stderr)
			}
			for _, want := range tt.refused {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr)
				}
			}
			if b, _ := os.ReadFile(creds); string(b) != secret {
				t.Errorf("credentials changed to %q", b)
			}
			for _, d := range []string{".cursor", ".codex", ".gortex"} {
				nothingIn(t, filepath.Join(outside, d))
			}
			for _, l := range tt.links {
				if fi, err := os.Lstat(filepath.Join(dir, l)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("%s is no longer a link", l)
				}
			}
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() {
					if b, _ := os.ReadFile(p); strings.Contains(string(b), "AKIAEXAMPLESECRET") {
						t.Errorf("the secret was written into %s", p)
					}
				}
				return nil
			})
			if strings.Contains(out+stderr, "AKIAEXAMPLESECRET") {
				t.Errorf("the secret was printed:\n%s%s", out, stderr)
			}
		})
	}
	t.Run("CLAUDE.md linked to AGENTS.md gets the block once", func(t *testing.T) {
		dir := fixtureCopy(t)
		symlink(t, "AGENTS.md", dir, "CLAUDE.md")
		if code, out, stderr := run(t, "init", "--dir", dir); code != exitOK {
			t.Fatalf("exit %d\n%s%s", code, out, stderr)
		}
		b, _ := os.ReadFile(filepath.Join(dir, "AGENTS.md"))
		if strings.Count(string(b), blockBegin) != 1 {
			t.Errorf("AGENTS.md holds the block %d times:\n%s", strings.Count(string(b), blockBegin), b)
		}
	})
}

// TestHostileDoctor runs doctor, capped at 3 GB of address space, in a
// repository whose AGENTS.md leads to credentials outside and whose
// CLAUDE.md, .mcp.json and README are links to /dev/zero: it reports, runs
// out of nothing, reads no secret, and says which file it did not read.
func TestHostileDoctor(t *testing.T) {
	dir := fixtureCopy(t)
	outside := t.TempDir()
	creds := filepath.Join(outside, "credentials")
	os.WriteFile(creds, []byte("<!-- gortex:begin AKIAEXAMPLESECRET\n"), 0o600)
	symlink(t, creds, dir, "AGENTS.md")
	for _, f := range []string{"CLAUDE.md", ".mcp.json", "README.md"} {
		symlink(t, "/dev/zero", dir, f)
	}
	code, out, stderr := runLimited(t, "doctor", "--dir", dir)
	if strings.Contains(stderr, "out of memory") || code == 2 {
		t.Fatalf("doctor: exit %d\n%s%s", code, out, stderr)
	}
	for _, want := range []string{"AGENTS.md: leads outside the repository", "CLAUDE.md"} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out+stderr, "AKIAEXAMPLESECRET") {
		t.Errorf("the secret was printed:\n%s%s", out, stderr)
	}
}
