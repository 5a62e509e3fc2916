#!/usr/bin/env bash
# Makes sure Debian's Chromium packages are installed: chromium (/usr/bin/chromium: the benchmarks, Lighthouse) and
# chromium-headless-shell (/usr/bin/chromium-headless-shell: the browser tests in apps/web/e2e, decision 0175).
# Installs the missing ones with apt-get; as root directly, otherwise through sudo when available.
set -euo pipefail

declare -A BINARIES=([chromium]=/usr/bin/chromium [chromium-headless-shell]=/usr/bin/chromium-headless-shell)
MISSING=()
for package in "${!BINARIES[@]}"; do
  [ -x "${BINARIES[$package]}" ] || MISSING+=("$package")
done

if [ "${#MISSING[@]}" -eq 0 ]; then
  exit 0
fi

echo "ensure-chromium: installing ${MISSING[*]} with apt-get" >&2

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "ensure-chromium: not root and sudo is not available; install them yourself (apt-get install ${MISSING[*]})" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: apt-get is not available; install Chromium so that ${BINARIES[*]} exist" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" apt-get install -y "${MISSING[@]}"

for package in "${MISSING[@]}"; do
  binary="${BINARIES[$package]}"
  if [ ! -x "$binary" ]; then
    echo "ensure-chromium: $package was installed but $binary is still missing; the browser tests cannot run" >&2
    exit 1
  fi
  echo "ensure-chromium: $("$binary" --version 2>/dev/null || echo "$binary installed")" >&2
done
