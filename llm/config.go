package llm

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/gortex/gortex/internal/fsutil"
)

// Config is the [why] table of .gortex/config.toml.
type Config struct {
	LLM        string  `toml:"llm"`
	Model      string  `toml:"model"`
	BaseURL    string  `toml:"base_url"`
	MaxCostUSD float64 `toml:"max_cost_usd"`
	// Acknowledged lists the backends whose privacy notice was shown; gortex
	// writes it.
	Acknowledged []string `toml:"acknowledged"`
}

// DefaultMaxCostUSD is the estimated cost of one answer above which gortex
// warns: ten times what a default answer costs on the cheapest hosted model.
const DefaultMaxCostUSD = 0.05

// ConfigTemplate is the whole [why] table with its defaults, as gortex why
// --help shows it.
const ConfigTemplate = `[why]
# Which language model phrases the answer from the graph's entries:
#   auto        an API key (ANTHROPIC_API_KEY, then OPENAI_API_KEY), else agent
#               mode inside a coding agent, else a local Ollama with a model
#               pulled, else the claude CLI (outside agent sessions), else none
#   anthropic   the Anthropic API (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)
#   openai      OpenAI or any OpenAI-compatible server: Ollama's /v1, LM Studio,
#               vLLM, llama.cpp server (OPENAI_API_KEY, OPENAI_BASE_URL)
#   ollama      Ollama's native API (OLLAMA_HOST, default http://127.0.0.1:11434)
#   claude-cli  the claude CLI in print mode, prompt on stdin
#   agent       print the prepared context for the coding agent running gortex
#   none        the graph's answer alone
llm = "auto"
# The model; "" is the backend's cheapest: claude-haiku-4-5 (anthropic),
# gpt-4.1-nano (openai; another server: the first model it lists), the
# smallest pulled model (ollama), haiku (claude-cli).
model = ""
# The server of the openai or ollama backend (with auto: an OpenAI-compatible
# server), e.g. "http://localhost:1234/v1" for LM Studio; "" is the default.
base_url = ""
# Warn when an answer is estimated to cost more than this, in US dollars.
max_cost_usd = 0.05
# Written by gortex after the one-time privacy notice of each external API.
# acknowledged = ["anthropic"]
`

// ConfigPath is the configuration file of the repository at root.
func ConfigPath(root string) string { return filepath.Join(root, ".gortex", "config.toml") }

// LoadConfig reads the [why] table of root's configuration; a missing file
// is the defaults. Unknown keys under [why] are an error, so that a typo
// does not silently change nothing.
func LoadConfig(root string) (Config, error) {
	var file struct {
		Why Config `toml:"why"`
	}
	file.Why.MaxCostUSD = DefaultMaxCostUSD
	path := ConfigPath(root)
	md, err := toml.DecodeFile(path, &file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return file.Why, nil
	case err != nil:
		return file.Why, fmt.Errorf("read %s: %w", path, err)
	}
	for _, k := range md.Undecoded() {
		if len(k) > 1 && k[0] == "why" {
			return file.Why, fmt.Errorf("%s: unknown key %s (known: llm, model, base_url, max_cost_usd, acknowledged)", path, k)
		}
	}
	if file.Why.LLM != "" && !slices.Contains(LLMNames, file.Why.LLM) {
		return file.Why, fmt.Errorf("%s: [why] llm = %q: want one of %s", path, file.Why.LLM, strings.Join(LLMNames, ", "))
	}
	return file.Why, nil
}

var (
	whyHeader   = regexp.MustCompile(`^\s*\[\s*why\s*\]\s*(#.*)?$`)
	tableHeader = regexp.MustCompile(`^\s*\[`)
	ackLine     = regexp.MustCompile(`^\s*acknowledged\s*=`)
)

// Acknowledge records in root's configuration that the privacy notice of
// backend was shown: it adds backend to [why] acknowledged, keeping the
// rest of the file (comments too) as it was, and writes it atomically.
func Acknowledge(root string, acked []string, backend string) error {
	if slices.Contains(acked, backend) {
		return nil
	}
	path := ConfigPath(root)
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	list := append(slices.Clone(acked), backend)
	quoted := make([]string, len(list))
	for i, b := range list {
		quoted[i] = strconv.Quote(b)
	}
	line := "acknowledged = [" + strings.Join(quoted, ", ") + "]"
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return fsutil.WriteFile(path, []byte(setWhyKey(string(old), line)), 0o644)
}

// setWhyKey replaces the acknowledged line of the [why] table of text, or
// adds it at the table's start, or adds the table.
func setWhyKey(text, line string) string {
	lines := strings.Split(text, "\n")
	in, header := false, -1
	for i, l := range lines {
		switch {
		case whyHeader.MatchString(l):
			in, header = true, i
		case tableHeader.MatchString(l):
			in = false
		case in && ackLine.MatchString(l):
			lines[i] = line
			return strings.Join(lines, "\n")
		}
	}
	if header >= 0 {
		lines = slices.Insert(lines, header+1, line)
		return strings.Join(lines, "\n")
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if text != "" {
		text += "\n"
	}
	return text + "[why]\n" + line + "\n"
}
