# gortex — see README.md. Every target builds what it needs.
GO        ?= go
BIN       ?= ./gortex
DEMO_DIR  ?= $(or $(TMPDIR),/tmp)/gortex-demo
BENCH_DIR ?= $(shell $(GO) env GOROOT)/src
PREFIX    ?= /usr/local
MANDIR    ?= $(PREFIX)/share/man
# A git repository with a long history, for the commit side of why (a
# local clone of it is measured); none by default.
BENCH_HISTORY_DIR ?=
# Git repositories of other shapes than BENCH_DIR (separated by spaces),
# each measured in a local clone as issue 33's panel; none by default.
BENCH_PANEL ?=
# The packages with Go benchmarks; make test runs each benchmark once, so that
# none can break unseen.
BENCH_PKGS = ./graph ./query ./lsp ./rationale ./indexer ./indexer/manifest ./indexer/syntax ./indexer/ignore ./indexer/watch ./history
EVAL_DIR  ?= $(or $(TMPDIR),/tmp)/gortex-eval-fixture
CORPUS    ?=
GOLD      ?= testdata/eval/fixture.gold.jsonl
# The ArDoCo benchmark (a checkout of ArDoCo/Benchmark) and a folder with
# each project's code in a folder named as the benchmark names it
# (mediastore, teastore, teammates, jabref), at the commit its
# model_*/code/README.md names. Nothing is fetched: both must be given.
ARDOCO_BENCH ?=
ARDOCO_CODE  ?=
# gortex version prints these: the nearest tag (or the commit) and whether
# the work tree had changes, and the commit.
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT    ?= $(shell git rev-parse HEAD 2>/dev/null)
LDFLAGS   := -X main.version=$(VERSION) -X main.commit=$(COMMIT) -X github.com/gortex/gortex/indexer.stampedBuild=$(VERSION)

.PHONY: all build install demo test fuzz bench bench-org eval ardoco ardoco-folders clean

all: build

# gortex and, beside it, gortex-mcp: the MCP servers, which gortex mcp and
# gortex serve run in their place (cmd/internal/cli says why they are apart).
MCP_BIN = $(dir $(BIN))gortex-mcp

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/gortex
	$(GO) build -ldflags "$(LDFLAGS)" -o $(MCP_BIN) ./cmd/gortex-mcp

# Install gortex and gortex-mcp into $(go env GOPATH)/bin, stamped with
# their version, and the man pages (docs/man, made from gortex help) into
# $(MANDIR)/man1.
install:
	$(GO) install -ldflags "$(LDFLAGS)" ./cmd/gortex ./cmd/gortex-mcp
	mkdir -p $(DESTDIR)$(MANDIR)/man1
	cp docs/man/*.1 $(DESTDIR)$(MANDIR)/man1/

# Index the fixture repository shipped in testdata/ (a copy, so the
# checkout stays clean) and ask why two of its symbols exist.
demo: build
	rm -rf $(DEMO_DIR) && cp -r testdata/repo $(DEMO_DIR)
	$(BIN) index $(DEMO_DIR)
	$(BIN) why --dir $(DEMO_DIR) billing.Invoice.Finalize
	$(BIN) why --dir $(DEMO_DIR) --json ledger.Record

test:
	$(GO) vet ./...
	$(GO) test -count=1 ./...
	$(GO) test -count=1 -run '^$$' -bench . -benchtime 1x $(BENCH_PKGS)

# A short run of every fuzz target: every parser of outside input (query
# strings, Markdown, source, memory files, git output, go.mod, the
# manifest, config.toml, ADR status, LLM replies and error bodies, MCP
# arguments, ignore rules against git check-ignore).
FUZZ = \
	./query:FuzzParse \
	./reflection:FuzzParseTranscript ./reflection:FuzzTranscriptSize ./reflection:FuzzParseNotes \
	./llm:FuzzParseReply ./llm:FuzzConfig ./llm:FuzzLLMErrorBodies \
	./history:FuzzParseRefs ./history:FuzzParseLog ./history:FuzzParseBlame ./history:FuzzParseChanges ./history:FuzzParseDiff ./history:FuzzParseWalk ./history:FuzzNotProseGuards \
	./indexer/syntax:FuzzSplitSections ./indexer/syntax:FuzzGoParser ./indexer/syntax:FuzzGoWalk ./indexer/syntax:FuzzLangParser ./indexer/protodialect:FuzzOf \
	./rationale:FuzzScanMentions ./rationale:FuzzScanMarkup ./rationale:FuzzADRStatus \
	./memory:FuzzParse ./memory:FuzzSanitize ./memory:FuzzStripMarkersGuards \
	./cmd/gortex-eval:FuzzParseGold \
	./graph:FuzzLoad ./graph:FuzzOpen ./graph:FuzzApplyDelta \
	./indexer:FuzzReadParses ./indexer:FuzzDecodeParse ./indexer/manifest:FuzzRead ./indexer/gomod:FuzzParseModulePath ./indexer:FuzzIgnoreRules ./indexer/roots:FuzzScriptRoots \
	./indexer/roots:FuzzCrateName ./indexer/roots:FuzzScriptNesting ./indexer/names:FuzzSortStrings \
	./mcp:FuzzToolArgs ./mcp:FuzzCheckArgs ./mcp:FuzzSizeBound ./internal/linecap:FuzzLineCap \
	./lsp:FuzzIdentAt ./lsp:FuzzCodeSpanAt \
	./semantic:FuzzDecode ./internal/binrec:FuzzReader ./internal/textutil:FuzzTokenSet

fuzz:
	@set -e; for t in $(FUZZ); do \
		echo "fuzz $$t"; \
		$(GO) test $${t%%:*} -run '^$$' -fuzz "^$${t##*:}$$" -fuzztime 20s -fuzzminimizetime 2s; \
	done

# Go benchmarks (snapshot save/load, index and update of the fixture, why
# on a loaded index), then gortex-bench on a copy of a large tree (default:
# the Go toolchain's own source): ctags (when installed), a bare tree-sitter
# parse and gortex index --full in one run, with ratios and peak RSS; the
# re-index after one change; gortex why from the CLI, in process and from
# the MCP server; the same on three copies of the tree side by side; and
# the commit side of why on BENCH_HISTORY_DIR; and the panel of other
# repositories (BENCH_PANEL): gortex version and why in turn, the re-index
# after one change and MCP why on each. The report ends with the rows of
# issue 13 against their targets.
bench: build
	$(GO) test -run '^$$' -bench . -benchtime 5x $(BENCH_PKGS)
	BENCH_PANEL="$(BENCH_PANEL)" $(GO) run ./cmd/gortex-bench -dir $(BENCH_DIR) -bin $(BIN) -history "$(BENCH_HISTORY_DIR)"

# The organisation's store at scale (docs/org-store.md): copies of one Go
# repository (ORGBENCH_REPO, default the fixture) published to a throwaway
# PostgreSQL (or $$GORTEX_TEST_PG), 50 concurrent MCP clients asking why.
bench-org:
	$(GO) test -run '^$$' -bench BenchmarkOrgScale -benchtime 1x -timeout 60m ./orgserve/

# Score gortex why against a gold file (default: the fixture repository,
# copied so the checkout stays clean); e.g.
#   make eval CORPUS=/path/to/karpenter GOLD=../shared/eval/karpenter.gold.jsonl
eval: build
	@if [ -z "$(CORPUS)" ]; then rm -rf $(EVAL_DIR) && cp -r testdata/repo $(EVAL_DIR); fi
	$(GO) run ./cmd/gortex-eval -bin $(BIN) -corpus $(or $(CORPUS),$(EVAL_DIR)) -gold $(GOLD)

# Score the sentence-to-code links gortex makes on the ArDoCo benchmark:
# precision, recall and F1 per project and their macro F1, read through
# gortex covers, e.g.
#   make ardoco ARDOCO_BENCH=/path/to/Benchmark ARDOCO_CODE=/path/to/code
ardoco: ardoco-folders build
	$(GO) run ./cmd/gortex-eval ardoco -bin $(BIN) -bench $(ARDOCO_BENCH) -code $(ARDOCO_CODE)

ardoco-folders:
	@if [ -z "$(ARDOCO_BENCH)" ] || [ -z "$(ARDOCO_CODE)" ]; then \
		echo "make ardoco: set ARDOCO_BENCH (a checkout of ArDoCo/Benchmark) and ARDOCO_CODE (a folder with each project's code, e.g. ARDOCO_CODE/mediastore); nothing is fetched" >&2; \
		exit 2; \
	fi

# gortex against clients nobody here wrote: Neovim's built-in LSP client
# drives gortex lsp (TestNeovim: hover, lenses, a diagnostic, a jump; needs
# nvim), the official MCP TypeScript SDK lists the tools and calls why and
# store_memory over stdio and over HTTP, the official MCP Go SDK does the
# same speaking 2026-07-28 and 2025-11-25 (mcp/gosdk_e2e_test.go, behind
# the e2e build tag so that make test does not start eight servers), both
# validating every structuredContent against the tool's outputSchema, and
# the TOON reference decoder checks every TOON answer against its JSON one
# (and prints their sizes). Needs node 18+ and npm; installs testdata/e2e's
# pinned packages (package-lock.json).
# The picture of a hover in docs/lsp.md: Neovim in tmux on the fixture, the
# screen rendered by headless Chromium (needs neovim, tmux and chromium).
.PHONY: lsp-picture
lsp-picture:
	$(GO) test ./cmd/gortex -count=1 -run '^TestNeovimHoverPicture$$' -update

.PHONY: e2e
e2e: build
	$(GO) test -count=1 -run '^TestNeovim$$' -v ./cmd/gortex/
	cd testdata/e2e && npm ci --no-audit --no-fund --loglevel=error
	node testdata/e2e/e2e.mjs $(BIN)
	GORTEX_BIN=$(abspath $(BIN)) $(GO) test -count=1 -tags e2e -run '^TestGoSDK$$' -v ./mcp/
	node testdata/e2e/toon-check.mjs $(BIN)

clean:
	rm -f $(BIN) $(MCP_BIN)
