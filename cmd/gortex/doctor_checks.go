package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gortex/gortex/cmd/internal/cli"
	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/repofs"
)

func gitRepo(ctx context.Context, root string) bool { return history.NewGit(root).IsRepo(ctx) }

func (d *doctor) index(ctx context.Context) (string, string, string) {
	idx, err := indexer.Load(d.root)
	switch {
	case errors.Is(err, indexer.ErrNoIndex):
		return statusWarn, "no index yet (gortex why would build it first)", "gortex index"
	case graph.IsStale(err):
		return statusWarn, fmt.Sprintf("the index is unusable (%v)", err), "gortex index --full"
	case err != nil:
		return statusFail, fmt.Sprintf("the index cannot be read: %v", err), "gortex index --full"
	}
	d.idx = idx
	files, symbols, sections := 0, 0, 0
	for n := range idx.Store.Nodes() {
		switch {
		case n.Kind == graph.KindFile:
			files++
		case n.Kind.IsSymbol():
			symbols++
		case n.Kind == graph.KindDoc:
			sections++
		}
	}
	size := fmt.Sprintf("%d files, %d symbols, %d sections", files, symbols, sections)
	if idx.Stale(indexer.CheckAll) {
		return statusWarn, "files changed since the last index (" + size + ")", "gortex index"
	}
	return statusPass, "fresh: " + size, ""
}

// parse lists the source files the index holds as file nodes alone
// because they were over a parsing budget: their symbols are missing from
// every answer. Those over the time budget are parsed again by the next
// index.
func (d *doctor) parse(ctx context.Context) (string, string, string) {
	if d.idx == nil {
		return statusWarn, "no index to check", "gortex index"
	}
	var over []string
	for _, b := range d.idx.Manifest.Broken {
		if strings.HasPrefix(b.Reason, indexer.SkipTooComplex) {
			over = append(over, b.Path+" ("+b.Reason+")")
		}
	}
	if len(over) == 0 {
		return statusPass, "every source file parsed within its budget", ""
	}
	const shown = 5
	msg := fmt.Sprintf("%d source files over a parsing budget have no symbols: %s", len(over), strings.Join(over[:min(len(over), shown)], "; "))
	if len(over) > shown {
		msg += fmt.Sprintf("; and %d more", len(over)-shown)
	}
	return statusWarn, msg, "gortex index (a file over its time budget is parsed again)"
}

func (d *doctor) memories(ctx context.Context) (string, string, string) {
	stores, err := memory.OpenStores(d.root, memory.ScopeBoth)
	if err != nil {
		stores, err = memory.OpenStores(d.root, memory.ScopeWorkspace) // no home directory
	}
	if err != nil {
		return statusFail, err.Error(), ""
	}
	d.stores = stores
	count := 0
	var probs []memory.Problem
	for _, st := range stores {
		mems, p, err := st.List(ctx, memory.Filter{})
		if err != nil {
			return statusFail, err.Error(), ""
		}
		count += len(mems)
		probs = append(probs, p...)
	}
	if len(probs) > 0 {
		return statusFail, fmt.Sprintf("%d memory files do not parse, e.g. %v", len(probs), probs[0]),
			"fix or delete the file (gortex memory check lists them all)"
	}
	if count == 0 {
		return statusPass, "no memories yet", ""
	}
	return statusPass, fmt.Sprintf("%d memories parse", count), ""
}

func (d *doctor) anchors(ctx context.Context) (string, string, string) {
	if d.idx == nil || d.stores == nil {
		return statusSkip, "needs a usable index and readable memories", ""
	}
	ld, err := memory.Load(ctx, d.root, d.idx.Store, d.stores)
	if err != nil {
		return statusFail, err.Error(), ""
	}
	var stale []string
	for _, m := range ld.Memories {
		if m.Stale() {
			stale = append(stale, string(m.ID))
		}
	}
	switch {
	case len(stale) > 0:
		return statusWarn, fmt.Sprintf("%d memories have an anchor whose symbol or file is gone: %s", len(stale), strings.Join(stale[:min(len(stale), 3)], ", ")),
			"gortex memory check, then gortex memory edit ID or gortex memory forget ID"
	case len(ld.Moved) > 0:
		return statusWarn, fmt.Sprintf("%d anchors followed a rename that is not recorded yet", len(ld.Moved)), "gortex memory check (records the moves)"
	}
	return statusPass, "every anchor holds", ""
}

func (d *doctor) llm(ctx context.Context) (string, string, string) {
	if d.cfgErr != nil {
		return statusFail, d.cfgErr.Error(), "fix the configuration file named"
	}
	name := llmOpts{}.backendName(d.cfg)
	if !slices.Contains(llm.LLMNames, name) {
		return statusFail, fmt.Sprintf("%s=%q is no backend", llmEnvVar, name), "want one of " + strings.Join(llm.LLMNames, ", ")
	}
	if name == llm.LLMNone {
		return statusSkip, "llm is none: answers are the graph's alone", ""
	}
	chosen, err := llm.Select(ctx, d.cfg, name, llm.Env{})
	var nb *llm.NoBackendError
	switch {
	case errors.As(err, &nb) && nb.Name == llm.LLMAuto:
		return statusWarn, "no LLM backend found: answers are the graph's alone", nb.Remedy()
	case errors.As(err, &nb):
		return statusFail, nb.Error(), nb.Remedy()
	case err != nil:
		return statusFail, err.Error(), llmFix(err)
	}
	d.chosen = chosen
	if chosen.Name == llm.LLMAgent {
		return statusPass, "agent mode: the coding agent running gortex writes the answer", ""
	}
	if _, err := llm.Probe(ctx, chosen); err != nil {
		return statusFail, fmt.Sprintf("%s (%s) did not answer: %v", chosen.Name, modelOrName(chosen), err), llmFix(err)
	}
	return statusPass, fmt.Sprintf("%s answers (model %s; %s)", chosen.Name, modelOrName(chosen), chosen.Reason), ""
}

// llmFix is the help of an LLM error's code, when it has one.
func llmFix(err error) string {
	var le *llm.LLMError
	if errors.As(err, &le) {
		return le.Help
	}
	return ""
}

// mcpRegistrations are where each agent reads MCP servers, the
// repository's own first, and how a file names gortex in it.
var mcpRegistrations = []struct {
	client, path string // path: repo-relative, or under the home directory when it starts with ~/
	toml         bool
}{
	{"Claude Code", ".mcp.json", false},
	{"Cursor", ".cursor/mcp.json", false},
	{"Codex", ".codex/config.toml", true},
	{"Claude Code", "~/.claude.json", false},
	{"Cursor", "~/.cursor/mcp.json", false},
	{"Codex", "~/.codex/config.toml", true},
}

// userConfigCap bounds the read of an agent's configuration in the home
// directory: ~/.claude.json keeps every project's history, often
// megabytes.
const userConfigCap = 64 << 20

func (d *doctor) mcp(ctx context.Context) (string, string, string) {
	home, _ := os.UserHomeDir()
	var found []string
	for _, r := range mcpRegistrations {
		var data []byte
		var err error
		if rest, ok := strings.CutPrefix(r.path, "~/"); ok {
			if home == "" {
				continue
			}
			data, err = repofs.ReadTrusted(filepath.Join(home, rest), userConfigCap) // the user's own
		} else {
			data, err = repofs.ReadIn(d.root, filepath.FromSlash(r.path), initCap) // repository input
		}
		if err == nil && registers(data, r.toml) {
			found = append(found, fmt.Sprintf("%s (%s)", r.client, r.path))
		}
	}
	if len(found) == 0 {
		return statusWarn, "gortex mcp is registered with no agent (Claude Code, Cursor, Codex)", "gortex init --mcp all"
	}
	if _, err := cli.Find(); err != nil {
		// gortex mcp would start nothing: its server is that program.
		return statusFail, "registered for " + strings.Join(found, ", ") + ", but " + cli.Program + ", which gortex mcp runs, is missing",
			"make install in a checkout of gortex, or go install github.com/gortex/gortex/cmd/" + cli.Program + "@VERSION"
	}
	return statusPass, "registered for " + strings.Join(found, ", "), ""
}

// registers reports whether an agent's configuration names a gortex MCP
// server: mcpServers.gortex in JSON (at the top level, or in a project of
// ~/.claude.json), [mcp_servers.gortex] in TOML.
func registers(data []byte, toml bool) bool {
	if toml {
		return codexHeader().Match(data)
	}
	var doc struct {
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
		Projects   map[string]struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
		} `json:"projects"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return false
	}
	if _, ok := doc.MCPServers["gortex"]; ok {
		return true
	}
	for _, p := range doc.Projects {
		if _, ok := p.MCPServers["gortex"]; ok {
			return true
		}
	}
	return false
}

func (d *doctor) agents(ctx context.Context) (string, string, string) {
	var current, outdated, refused []string
	for _, name := range []string{"AGENTS.md", "CLAUDE.md"} {
		data, err := repofs.ReadIn(d.root, name, initCap)
		switch {
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			refused = append(refused, err.Error())
		case err != nil || !strings.Contains(string(data), beginMark):
		case currentBlock().MatchString(string(data)):
			current = append(current, name)
		default:
			outdated = append(outdated, name)
		}
	}
	switch {
	case len(refused) > 0:
		return statusWarn, "not read: " + strings.Join(refused, "; "), "make it a regular file of the repository, then gortex init"
	case len(outdated) > 0:
		return statusWarn, "the gortex block of " + strings.Join(outdated, ", ") + " is not the current one", "gortex init"
	case len(current) == 0:
		return statusWarn, "neither AGENTS.md nor CLAUDE.md tells agents about gortex", "gortex init"
	}
	return statusPass, "the gortex block is in " + strings.Join(current, ", "), ""
}

func (d *doctor) badge(ctx context.Context) (string, string, string) {
	path := readme(d.root)
	if path == "" {
		return statusSkip, "no README", ""
	}
	name := filepath.Base(path)
	data, err := repofs.ReadIn(d.root, name, readmeCap)
	if err != nil {
		return statusWarn, err.Error(), ""
	}
	if hasBadge(string(data)) {
		return statusPass, name + " shows the gortex badge", ""
	}
	return statusInfo, name + " has no gortex badge (optional)", "add to " + name + ": " + badgeMarkdown
}

func (d *doctor) privacy(ctx context.Context) (string, string, string) {
	switch {
	case d.chosen == nil:
		return statusSkip, "no LLM backend is chosen, so nothing is sent", ""
	case d.chosen.Local || d.chosen.Name == llm.LLMAgent:
		return statusPass, d.chosen.Name + " keeps the entries on this machine (or in the agent's session)", ""
	case slices.Contains(d.cfg.Acknowledged, d.chosen.Name):
		return statusPass, fmt.Sprintf("the notice that answers' entries go to %s was shown and acknowledged", d.chosen.Provider), ""
	}
	return statusPass, fmt.Sprintf("the notice that answers' entries go to %s will be shown once, before the first summary "+
		"(to keep everything local: llm = \"ollama\", or --no-llm)", d.chosen.Provider), ""
}
