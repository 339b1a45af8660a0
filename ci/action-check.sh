#!/usr/bin/env bash
# The step of action.yml: gortex check --base over the checked-out work
# tree, its Markdown appended to the job summary, the exit status gortex
# check's (1 when --fail-on matched). Inputs come through the environment:
# GORTEX_BASE (required), GORTEX_FAIL_ON, GORTEX_VERSION.
set -uo pipefail

if [ -z "${GORTEX_BASE:-}" ]; then
  echo "gortex check: no base revision; give the action's base input outside a pull request" >&2
  exit 2
fi
if ! command -v gortex >/dev/null; then
  CGO_ENABLED=1 go install "github.com/gortex/gortex/cmd/gortex@${GORTEX_VERSION:-latest}" || exit 2
  PATH="$(go env GOPATH)/bin:$PATH"
fi

args=(check --base "$GORTEX_BASE" --format markdown)
if [ -n "${GORTEX_FAIL_ON:-}" ]; then
  args+=(--fail-on "$GORTEX_FAIL_ON")
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
gortex "${args[@]}" >"$out"
status=$?
cat "$out"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$out" >>"$GITHUB_STEP_SUMMARY"
fi
exit "$status"
