package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// asGortex returns an environment in which "gortex" is this test binary
// running as the CLI (see asCLI).
func asGortex(t *testing.T) []string {
	t.Helper()
	bin := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(exe, filepath.Join(bin, "gortex")); err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(), asCLI+"=1", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// runScript runs a script of the repository with bash in dir and returns
// its exit status and output.
func runScript(t *testing.T, dir string, env []string, script string, args ...string) (int, string) {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("..", "..", script))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", append([]string{abs}, args...)...)
	cmd.Dir, cmd.Env = dir, env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String()
	case err != nil:
		t.Fatal(err)
	}
	return 0, out.String()
}

// TestAction runs the composite action's script as action.yml runs it: the
// Markdown of check --base lands in the job summary, and the step fails
// when --fail-on matches.
func TestAction(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	var action struct {
		Inputs map[string]any `yaml:"inputs"`
		Runs   struct {
			Using string `yaml:"using"`
			Steps []struct {
				Run string            `yaml:"run"`
				Env map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(src, &action); err != nil {
		t.Fatal(err)
	}
	if action.Runs.Using != "composite" || len(action.Runs.Steps) != 1 ||
		!strings.Contains(action.Runs.Steps[0].Run, "ci/action-check.sh") ||
		action.Runs.Steps[0].Env["GORTEX_BASE"] == "" || action.Runs.Steps[0].Env["GORTEX_FAIL_ON"] == "" ||
		action.Inputs["base"] == nil || action.Inputs["fail-on"] == nil {
		t.Fatalf("action.yml does not run ci/action-check.sh with base and fail-on: %+v", action)
	}

	dir := changeFixture(t)
	changeFile(t, dir, "cart/cart.go", func(s string) string {
		return strings.Replace(s, "sum += it.PriceCents * int64(it.Quantity)", "sum += int64(it.Quantity) * it.PriceCents", 1)
	})
	commitAllIn(t, dir, "reorder the product")
	tests := []struct {
		name, failOn string
		want         int
	}{
		{name: "governed by an invariant", failOn: "invariant", want: 1},
		{name: "no constraint", failOn: "constraint", want: 0},
		{name: "report only", want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			summary := filepath.Join(t.TempDir(), "summary.md")
			env := append(asGortex(t), "GORTEX_BASE=HEAD~1", "GORTEX_FAIL_ON="+tt.failOn, "GITHUB_STEP_SUMMARY="+summary)
			code, out := runScript(t, dir, env, "ci/action-check.sh")
			if code != tt.want {
				t.Errorf("exit %d, want %d\n%s", code, tt.want, out)
			}
			md, err := os.ReadFile(summary)
			if err != nil || !strings.Contains(string(md), "### gortex check") || !strings.Contains(string(md), "Cart totals stay in integer cents") {
				t.Errorf("job summary (%v):\n%s", err, md)
			}
		})
	}
	if code, _ := runScript(t, dir, asGortex(t), "ci/action-check.sh"); code != 2 {
		t.Errorf("no base: exit %d, want 2", code)
	}
}

// TestPreCommitHook runs the hook's entry as pre-commit runs it: the staged
// change is checked, a commit touching an invariant's symbol refused.
func TestPreCommitHook(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	var hooks []struct {
		ID, Entry, Language string
		Args                []string
	}
	src, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(src, &hooks); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 || hooks[0].ID != "gortex-check" || hooks[0].Language != "script" {
		t.Fatalf(".pre-commit-hooks.yaml = %+v", hooks)
	}
	if fi, err := os.Stat(filepath.Join("..", "..", hooks[0].Entry)); err != nil || fi.Mode()&0o111 == 0 {
		t.Fatalf("the hook's entry %s is no executable file (%v)", hooks[0].Entry, err)
	}

	dir := changeFixture(t)
	env := asGortex(t)
	if code, out := runScript(t, dir, env, hooks[0].Entry, hooks[0].Args...); code != 0 {
		t.Errorf("nothing staged: exit %d\n%s", code, out)
	}
	changeFile(t, dir, "cart/cart.go", func(s string) string {
		return strings.Replace(s, "sum += it.PriceCents * int64(it.Quantity)", "sum += int64(it.Quantity) * it.PriceCents", 1)
	})
	gitRun(t, dir, "add", "cart/cart.go")
	code, out := runScript(t, dir, env, hooks[0].Entry, hooks[0].Args...)
	if code != 1 || !strings.Contains(out, "Cart totals stay in integer cents") {
		t.Errorf("staged change of an invariant's symbol: exit %d, want 1\n%s", code, out)
	}
	if code, out := runScript(t, dir, env, hooks[0].Entry, "--fail-on", "constraint"); code != 0 {
		t.Errorf("--fail-on constraint: exit %d\n%s", code, out)
	}
}
