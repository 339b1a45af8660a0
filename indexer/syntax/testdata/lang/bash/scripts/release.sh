#!/usr/bin/env bash
# release.sh builds and publishes a release.
set -euo pipefail

VERSION="${1:-dev}"

# log prints a message with a timestamp.
log() {
  echo "$(date +%T) $*" >&2
}

# build compiles the binary for one platform.
function build {
  local os=$1 arch=$2
  log "building $os/$arch"
  GOOS=$os GOARCH=$arch go build -o "dist/gortex-$os-$arch" ./cmd/gortex
}

function publish() {
  for target in linux/amd64 darwin/arm64; do
    build "${target%/*}" "${target#*/}"
  done
  checksums
}

checksums() {
  (cd dist && sha256sum * > SHA256SUMS)
}

publish
