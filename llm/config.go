package llm

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/gortex/gortex/internal/fsutil"
	"github.com/gortex/gortex/internal/textutil"

	"github.com/gortex/gortex/repofs"
)

// Config is the [why] table of the configuration: the user's
// (UserConfigPath) with the repository's (.gortex/config.toml) over it for
// the keys a repository may set (see repoKeys).
type Config struct {
	LLM        string  `toml:"llm"`
	Model      string  `toml:"model"`
	BaseURL    string  `toml:"base_url"`
	MaxCostUSD float64 `toml:"max_cost_usd"`
	// Acknowledged lists the backends whose privacy notice was shown; gortex
	// writes it, in the user's config.
	Acknowledged []string `toml:"acknowledged"`
	// Ignored lists what the repository's config set that only the user's
	// may (a key, or a key = value such as llm = "claude-cli"): it was not
	// applied. The caller reports it.
	Ignored []string `toml:"-"`
	// RepoPath and UserPath are the files read, for messages; UserPath is
	// "" when there is no home directory.
	RepoPath, UserPath string `toml:"-"`
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
#               pulled, else none (never the claude CLI: name it to use it)
#   anthropic   the Anthropic API (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)
#   openai      OpenAI or any OpenAI-compatible server: Ollama's /v1, LM Studio,
#               vLLM, llama.cpp server (OPENAI_API_KEY, OPENAI_BASE_URL)
#   ollama      Ollama's native API (OLLAMA_HOST, default http://127.0.0.1:11434)
#   claude-cli  the claude CLI in print mode, prompt on stdin, run from an
#               empty temporary directory with user settings only; your own
#               config or --llm only, never a repository's
#   agent       print the prepared context for the coding agent running gortex
#   none        the graph's answer alone
llm = "auto"
# The model; "" is the backend's cheapest: claude-haiku-4-5 (anthropic),
# gpt-4.1-nano (openai; another server: the first model it lists), the
# smallest pulled model (ollama), haiku (claude-cli). Read from your own
# config only: a repository does not choose what an answer costs.
model = ""
# The server of the openai or ollama backend (with auto: an OpenAI-compatible
# server), e.g. "http://localhost:1234/v1" for LM Studio; "" is the default.
# Read from your own config only, never from a repository's.
base_url = ""
# Warn when an answer is estimated to cost more than this, in US dollars.
max_cost_usd = 0.05
# Written by gortex, in your own config, after the one-time privacy notice
# of each external API; a repository's config cannot set it.
# acknowledged = ["anthropic"]
`

// ConfigPath is the configuration file of the repository at root.
func ConfigPath(root string) string { return filepath.Join(root, ".gortex", "config.toml") }

// UserConfigPath is the user's configuration file:
// $XDG_CONFIG_HOME/gortex/config.toml, else the system's user configuration
// directory (~/.config on Linux) with gortex/config.toml.
func UserConfigPath() (string, error) {
	if d := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "gortex", "config.toml"), nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("user config: %w", err)
	}
	return filepath.Join(d, "gortex", "config.toml"), nil
}

// repoKeys are the [why] keys and whether a repository's committed config
// may set them. A cloned repository is outside input: it may choose how an
// answer is phrased, but not where the entries and the user's API keys are
// sent (base_url), what an answer costs (model), nor that the privacy
// notice was already shown (acknowledged). Those come from the user's
// config and the environment. Of llm, it may not name the claude CLI
// (repoLLM): a program the repository chooses is not run.
var repoKeys = map[string]bool{"llm": true, "model": false, "max_cost_usd": true, "base_url": false, "acknowledged": false}

// repoLLM reports whether a repository's config may select backend: every
// backend but the claude CLI, which runs a program on the user's machine
// with the user's login (and, were it run in the repository, the
// repository's own settings and hooks).
func repoLLM(backend string) bool { return backend != LLMClaudeCLI }

// maxConfigSize caps a config file: [why] is a few lines.
const maxConfigSize = 64 << 10

// LoadConfig reads the [why] table of the user's configuration, then of
// root's: a missing file is the defaults. The user's llm wins over the
// repository's; max_cost_usd is the lower of the two; model, base_url and
// acknowledged in the repository's file, and llm = "claude-cli" there, are
// listed in Ignored instead.
// Unknown keys under [why] are an error, so that a typo does not silently
// change nothing.
func LoadConfig(root string) (Config, error) {
	cfg := Config{MaxCostUSD: DefaultMaxCostUSD, RepoPath: ConfigPath(root)}
	if up, err := UserConfigPath(); err == nil {
		cfg.UserPath = up
		user, err := readWhy(up, func() ([]byte, error) { return repofs.ReadTrusted(up, maxConfigSize) })
		if err != nil {
			return cfg, err
		}
		cfg.LLM, cfg.Model, cfg.BaseURL, cfg.Acknowledged = user.LLM, user.Model, user.BaseURL, user.Acknowledged
		if user.set["max_cost_usd"] {
			cfg.MaxCostUSD = user.MaxCostUSD
		}
	}
	repo, err := readWhy(cfg.RepoPath, func() ([]byte, error) {
		return repofs.ReadIn(root, filepath.Join(".gortex", "config.toml"), maxConfigSize)
	})
	if err != nil {
		return cfg, err
	}
	for _, k := range repo.keys {
		if !repoKeys[k] {
			cfg.Ignored = append(cfg.Ignored, k)
		}
	}
	if repo.LLM != "" && !repoLLM(repo.LLM) {
		cfg.Ignored = append(cfg.Ignored, "llm = "+strconv.Quote(repo.LLM))
		repo.LLM = ""
	}
	cfg.LLM = orDefault(cfg.LLM, repo.LLM)
	if repo.set["max_cost_usd"] {
		cfg.MaxCostUSD = min(cfg.MaxCostUSD, repo.MaxCostUSD)
	}
	return cfg, nil
}

// whyTable is one file's [why] table and the keys it set.
type whyTable struct {
	Config
	keys []string
	set  map[string]bool
}

// readWhy reads the [why] table of the file at path with read, a missing
// file being empty. read goes through repofs: a FIFO or a device is
// refused rather than waited on, and in a repository so is a link out of it.
func readWhy(path string, read func() ([]byte, error)) (whyTable, error) {
	t := whyTable{set: map[string]bool{}}
	data, err := read()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return t, nil
	case err != nil:
		return t, fmt.Errorf("read %s: %w", path, err)
	}
	if err := repofs.CheckNesting(data, repofs.TOML, repofs.MaxNesting); err != nil {
		return t, fmt.Errorf("read %s: %w", path, err)
	}
	var file struct {
		Why Config `toml:"why"`
	}
	md, err := toml.Decode(string(data), &file)
	if err != nil {
		return t, fmt.Errorf("read %s: %w", path, err)
	}
	for _, k := range md.Undecoded() {
		if len(k) > 1 && k[0] == "why" {
			return t, fmt.Errorf("%s: unknown key %s (known: llm, model, base_url, max_cost_usd, acknowledged)", path, k)
		}
	}
	if file.Why.LLM != "" && !slices.Contains(LLMNames, file.Why.LLM) {
		return t, fmt.Errorf("%s: [why] llm = %q: want one of %s", path, file.Why.LLM, strings.Join(LLMNames, ", "))
	}
	for _, k := range md.Keys() {
		if len(k) == 2 && k[0] == "why" {
			t.keys = append(t.keys, k[1])
			t.set[k[1]] = true
		}
	}
	t.Config = file.Why
	return t, nil
}

var (
	whyHeader   = textutil.Regexp(`^\s*\[\s*why\s*\]\s*(#.*)?$`)
	tableHeader = textutil.Regexp(`^\s*\[`)
	ackLine     = textutil.Regexp(`^\s*acknowledged\s*=`)
)

// Acknowledge records in the user's configuration that the privacy
// notice of backend was shown: it adds backend to [why] acknowledged,
// keeping the rest of the file (comments too) as it was, and writes it
// atomically. A repository's config never records it: a repository could
// otherwise commit the notice as seen.
func Acknowledge(acked []string, backend string) error {
	if slices.Contains(acked, backend) {
		return nil
	}
	path, err := UserConfigPath()
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real // a config kept elsewhere (dotfiles) stays a link
	}
	old, err := repofs.ReadTrusted(path, maxConfigSize)
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
	removeStaleTemps(filepath.Dir(path))
	return fsutil.WriteFile(path, []byte(setWhyKey(string(old), line)), 0o644)
}

// removeStaleTemps removes the temporary files of config writes that did
// not finish: older than a minute, when a write takes milliseconds.
func removeStaleTemps(dir string) {
	old, _ := filepath.Glob(filepath.Join(dir, ".config.toml.tmp-*")) // fsutil.WriteFile's temporary name
	for _, p := range old {
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && time.Since(fi.ModTime()) > time.Minute {
			os.Remove(p)
		}
	}
}

// setWhyKey replaces the acknowledged line of the [why] table of text, or
// adds it at the table's start, or adds the table.
func setWhyKey(text, line string) string {
	lines := strings.Split(text, "\n")
	in, header := false, -1
	for i, l := range lines {
		switch {
		case whyHeader().MatchString(l):
			in, header = true, i
		case tableHeader().MatchString(l):
			in = false
		case in && ackLine().MatchString(l):
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
