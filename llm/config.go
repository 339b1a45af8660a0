package llm

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/gortex/gortex/internal/fsutil"
)

// Config is the [why] table of the configuration: the user's
// (UserConfigPath), with the repository's .gortex/config.toml over it.
type Config struct {
	LLM        string  `toml:"llm"`
	Model      string  `toml:"model"`
	BaseURL    string  `toml:"base_url"`
	MaxCostUSD float64 `toml:"max_cost_usd"`
	// Acknowledged lists the backends whose privacy notice was shown, and
	// none once the hint that no backend was found was; gortex writes it.
	Acknowledged []string `toml:"acknowledged"`
}

// NoBackendHint is recorded in acknowledged once the hint that auto found
// no backend has been shown for a repository, as a backend's name is once
// its privacy notice has.
const NoBackendHint = LLMNone

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
# Written by gortex after the one-time privacy notice of each external API
# (and "none" after the one-time hint that no backend was found).
# acknowledged = ["anthropic"]
`

// ConfigPath is the configuration file of the repository at root.
func ConfigPath(root string) string { return filepath.Join(root, ".gortex", "config.toml") }

// UserConfigPath is the user's configuration file, whose keys every
// repository inherits: $XDG_CONFIG_HOME/gortex/config.toml, else
// ~/.config/gortex/config.toml; "" when neither place is known.
func UserConfigPath() string {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "gortex", "config.toml")
}

// LoadConfig reads the [why] table of the user's configuration, then of
// root's over it: a key root's file sets overrides the user's, a key it
// leaves out is inherited. Missing files are the defaults. Unknown keys
// under [why] are an error, so that a typo does not silently change
// nothing.
func LoadConfig(root string) (Config, error) {
	cfg := Config{MaxCostUSD: DefaultMaxCostUSD}
	for _, path := range []string{UserConfigPath(), ConfigPath(root)} {
		if path == "" {
			continue
		}
		l, err := readLayer(path)
		if err != nil {
			return cfg, err
		}
		cfg = merge(cfg, l)
	}
	return cfg, nil
}

// layer is the [why] table of one configuration file and the keys it sets.
type layer struct {
	why  Config
	keys []string
}

// configKeys copies each key of the [why] table from one Config to
// another, by its name in the file.
var configKeys = map[string]func(dst *Config, src Config){
	"llm":          func(d *Config, s Config) { d.LLM = s.LLM },
	"model":        func(d *Config, s Config) { d.Model = s.Model },
	"base_url":     func(d *Config, s Config) { d.BaseURL = s.BaseURL },
	"max_cost_usd": func(d *Config, s Config) { d.MaxCostUSD = s.MaxCostUSD },
	"acknowledged": func(d *Config, s Config) { d.Acknowledged = s.Acknowledged },
}

// merge returns cfg with every key l sets taken from l: the one place
// where one configuration overrides another.
func merge(cfg Config, l layer) Config {
	for _, k := range l.keys {
		configKeys[k](&cfg, l.why)
	}
	return cfg
}

// readLayer reads the [why] table of the file at path; a missing file
// sets no key.
func readLayer(path string) (layer, error) {
	var file struct {
		Why Config `toml:"why"`
	}
	md, err := toml.DecodeFile(path, &file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return layer{}, nil
	case err != nil:
		return layer{}, fmt.Errorf("read %s: %w", path, err)
	}
	for _, k := range md.Undecoded() {
		if len(k) > 1 && k[0] == "why" {
			return layer{}, fmt.Errorf("%s: unknown key %s (known: %s)", path, k, strings.Join(slices.Sorted(maps.Keys(configKeys)), ", "))
		}
	}
	if file.Why.LLM != "" && !slices.Contains(LLMNames, file.Why.LLM) {
		return layer{}, fmt.Errorf("%s: [why] llm = %q: want one of %s", path, file.Why.LLM, strings.Join(LLMNames, ", "))
	}
	l := layer{why: file.Why}
	for k := range configKeys {
		if md.IsDefined("why", k) {
			l.keys = append(l.keys, k)
		}
	}
	sort.Strings(l.keys)
	return l, nil
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
