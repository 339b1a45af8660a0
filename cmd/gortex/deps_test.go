package main

import (
	"strings"
	"testing"

	"github.com/gortex/gortex/internal/fixturetest"
)

// servingOnly are the packages only gortex-mcp may link: the MCP servers
// and the MCP SDK, whose server compiles every JSON Schema draft's
// meta-schema while the program starts (santhosh-tekuri/jsonschema, 4-15
// ms of package initialisation measured with GODEBUG=inittrace=1, paid by
// every gortex command when it was linked in).
var servingOnly = []string{
	"github.com/gortex/gortex/mcp",
	"github.com/gortex/gortex/orgserve",
	"github.com/mark3labs/mcp-go",
	"github.com/santhosh-tekuri/jsonschema",
}

func TestGortexLinksNoMCPServer(t *testing.T) {
	deps := fixturetest.Deps(t, ".", ".")
	if len(deps) < 100 {
		t.Fatalf("go list -deps listed %d packages", len(deps))
	}
	for _, dep := range deps {
		for _, p := range servingOnly {
			if dep == p || strings.HasPrefix(dep, p+"/") {
				t.Errorf("gortex links %s: only gortex-mcp may (see cmd/internal/cli)", dep)
			}
		}
	}
}
