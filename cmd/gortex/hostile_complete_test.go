package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHostileCompletionNames completes gortex why in bash, zsh and fish in
// a repository with a Ruby method named * and a crate named
// /*/*/*/*/*/*/*/*/*/*: each shell offers the names as they are, and none
// expands them as patterns (which lists the working directory, or walks
// the whole filesystem): "*" is offered as it is, and the names of the
// working directory's files are not (but for fish, which offers files
// itself). zsh runs with glob_subst set, as a user may.
func TestHostileCompletionNames(t *testing.T) {
	deep := strings.Repeat("/*", 10)
	dir := fixtureCopy(t)
	for name, text := range map[string]string{
		"lib/vec.rb":         "class Vec\n  def *(other)\n    other\n  end\nend\n",
		"crate/Cargo.toml":   "[package]\nname = \"" + deep + "\"\nversion = \"0.1.0\"\n",
		"crate/src/lib.rs":   "pub fn glob() {}\n",
		"crate/src/other.rs": "pub fn other() {}\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		writeFile(t, p, []byte(text))
	}
	if code, out, stderr := run(t, "index", "--quiet", dir); code != exitOK {
		t.Fatalf("index: exit %d\n%s%s", code, out, stderr)
	}
	bin := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(exe, filepath.Join(bin, "gortex")); err != nil {
		t.Fatal(err)
	}
	scripts := map[string][]string{
		"bash": {"bash", "--norc", "--noprofile", "-c", `source <(gortex completion bash)
COMP_WORDS=(gortex why ""); COMP_CWORD=2
_gortex
printf '%s\n' "${COMPREPLY[@]}"`},
		"zsh": {"zsh", "-f", "-c", `compadd() { print -rl -- "${@:#--}" }
_describe() { print -rl -- "${(@P)2%%:*}" }
_files() { }
compdef() { }
source <(gortex completion zsh)
setopt glob_subst
words=(gortex why ""); CURRENT=3
_gortex`},
		"fish": {"fish", "--no-config", "-c", `gortex completion fish | source
complete -C "gortex why "`},
	}
	for _, sh := range shells {
		t.Run(sh, func(t *testing.T) {
			if _, err := exec.LookPath(sh); err != nil {
				if os.Getenv("CI") != "" {
					t.Fatalf("%s is not installed (.ci/run installs it)", sh)
				}
				t.Skip(sh, " is not installed")
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			args := scripts[sh]
			cmd := exec.CommandContext(ctx, args[0], args[1:]...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), asCLI+"=1", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
				"HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
			out, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("%s completion did not end in a minute (a name expanded as a pattern walks the filesystem)", sh)
			}
			if err != nil {
				t.Fatalf("%s: %v\n%s", sh, err, out)
			}
			got := map[string]bool{}
			for _, l := range strings.Split(string(out), "\n") {
				name, _, _ := strings.Cut(l, "\t") // fish: name, tab, description
				got[name] = true
			}
			for _, want := range []string{"*", "Vec#*", deep + "::glob", "Vec"} {
				if !got[want] {
					t.Errorf("%s does not offer %q:\n%s", sh, want, out)
				}
			}
			for _, file := range []string{"README.md", "go.mod"} {
				if got[file] && sh != "fish" { // fish offers the files itself, beside the names
					t.Errorf("%s offers the working directory's %s: a name was globbed:\n%s", sh, file, out)
				}
			}
		})
	}
}
