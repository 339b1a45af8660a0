package query

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// llmModules are the LLM SDKs. Only package llm may link them: query and
// the MCP server answer from the graph and never call a language model.
var llmModules = []string{
	"github.com/anthropics/anthropic-sdk-go",
	"github.com/openai/openai-go",
}

func TestNoLLMDependencies(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	cmd := exec.Command(gobin, "list", "-deps", "./query", "./mcp")
	cmd.Dir = ".." // the module root
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			stderr = ee.Stderr
		}
		t.Fatalf("go list -deps: %v\n%s", err, stderr)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list -deps listed nothing")
	}
	for _, dep := range deps {
		for _, m := range llmModules {
			if dep == m || strings.HasPrefix(dep, m+"/") {
				t.Errorf("query or mcp depends on %s (module %s)", dep, m)
			}
		}
		if dep == "github.com/gortex/gortex/llm" {
			t.Errorf("query or mcp imports package llm")
		}
	}
}
