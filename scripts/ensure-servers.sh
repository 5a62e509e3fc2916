#!/usr/bin/env bash
# Makes sure the servers the tests run for real are installed from Debian's packages: redis-server (the shared
# sign-in throttle and Redis outages, each test starting its own) and nginx (several instances behind a load
# balancer). Installs the missing ones with apt-get; as root directly, otherwise through sudo when available.
set -euo pipefail

declare -A BINARIES=([redis-server]=redis-server [nginx]=nginx)
MISSING=()
for package in "${!BINARIES[@]}"; do
  command -v "${BINARIES[$package]}" >/dev/null 2>&1 || [ -x "/usr/sbin/${BINARIES[$package]}" ] || MISSING+=("$package")
done

if [ "${#MISSING[@]}" -eq 0 ]; then
  exit 0
fi

echo "ensure-servers: installing ${MISSING[*]} with apt-get" >&2
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "ensure-servers: not root and sudo is not available; install them yourself (apt-get install ${MISSING[*]})" >&2
  exit 1
fi
"${SUDO[@]}" apt-get update -qq
# Installed to be started by the tests themselves: no service is enabled or started by the packages here.
DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${MISSING[@]}"
