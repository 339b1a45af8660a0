#!/usr/bin/env bash
# The entry of .pre-commit-hooks.yaml: the staged diff read by gortex check
# (--diff -), the hook's arguments passed on (--fail-on KIND); the exit
# status gortex check's. Nothing staged, nothing to check.
set -uo pipefail

if ! command -v gortex >/dev/null; then
  echo "gortex check: gortex is not on PATH (go install github.com/gortex/gortex/cmd/gortex@latest)" >&2
  exit 2
fi
diff=$(git diff --cached --no-color --no-ext-diff --no-textconv -M -U0) || exit 2
if [ -z "$diff" ]; then
  exit 0
fi
printf '%s\n' "$diff" | gortex check --diff - "$@"
