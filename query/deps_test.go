package query

import (
	"strings"
	"testing"

	"github.com/gortex/gortex/internal/fixturetest"
)

// llmModules are the LLM SDKs. Only package llm may link them: query and
// the MCP server answer from the graph and never call a language model.
var llmModules = []string{
	"github.com/anthropics/anthropic-sdk-go",
	"github.com/openai/openai-go",
}

func TestNoLLMDependencies(t *testing.T) {
	deps := fixturetest.Deps(t, "..", "./query", "./mcp") // from the module root
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
