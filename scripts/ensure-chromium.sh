#!/usr/bin/env bash
# Makes sure the system Chromium used by the browser tests (apps/web/e2e) is installed at /usr/bin/chromium.
# Installs it with apt-get when missing; as root directly, otherwise through sudo when available.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "ensure-chromium: $CHROMIUM not found, installing the chromium package with apt-get" >&2

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "ensure-chromium: not root and sudo is not available; install chromium yourself (apt-get install chromium)" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: apt-get is not available; install Chromium so that $CHROMIUM exists" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" apt-get install -y chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: chromium was installed but $CHROMIUM is still missing; the browser tests cannot run" >&2
  exit 1
fi

echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM installed")" >&2
