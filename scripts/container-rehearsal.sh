#!/usr/bin/env bash
# Rehearses the Dockerfile's stages where no Docker daemon runs: the same commands in temporary folders, then the
# runtime stage's server started as the image starts it, asked /health with the image's HEALTHCHECK command.
#   bash scripts/container-rehearsal.sh postgres://postgres@127.0.0.1:5432/SCRATCH_DB
# The database is migrated (SEED=none loads nothing); use a scratch one. Keep this in step with the Dockerfile.
set -euo pipefail
database_url=${1:?usage: container-rehearsal.sh DATABASE_URL}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
# The image's Node 24 (the node devDependency) runs npm and the server; this machine's own node may be older.
export PATH="$repo/node_modules/.bin:$PATH"
node24="$repo/node_modules/.bin/node"
runtime_manifests=(package.json package-lock.json apps/server/package.json packages/contract/package.json)
echo "rehearsing in $work"

echo "--- build stage: npm ci, then the web and server builds"
mkdir -p "$work/build"
# The build context: what git tracks or would track (.gitignore leaves out what .dockerignore leaves out).
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$work/build"
(cd "$work/build" && npm ci --no-audit --no-fund >/dev/null && npm run build -w @portal/web -w @portal/server >/dev/null)

echo "--- runtime stage: npm ci --omit=dev for the server and the contract, and the built files"
mkdir -p "$work/runtime/data"
for manifest in "${runtime_manifests[@]}"; do install -D -m 644 "$work/build/$manifest" "$work/runtime/$manifest"; done
(cd "$work/runtime" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @portal/server -w @portal/contract >/dev/null)
cp -r "$work/build/apps/server/dist" "$work/runtime/apps/server/dist"
mkdir -p "$work/runtime/apps/web" && cp -r "$work/build/apps/web/dist" "$work/runtime/apps/web/dist"
echo "installed: $(cd "$work/runtime" && npm ls --omit=dev --all --parseable | grep -c node_modules) packages and links, $(du -sh "$work/runtime/node_modules" | cut -f1)"
for dev_only in @faker-js/faker autocannon lighthouse vitest tsup @portal/bench @portal/carrier-sim; do
  if [ -e "$work/runtime/node_modules/$dev_only" ] || [ -L "$work/runtime/node_modules/$dev_only" ]; then echo "✗ $dev_only is installed in the runtime stage"; exit 1; fi
done
echo "✓ no faker, bench tool, simulator or build tool in the runtime stage's node_modules"

echo "--- the image's CMD with its environment, SEED=none, on $database_url"
port=$((20000 + RANDOM % 20000))
cd "$work/runtime"
NODE_ENV=production HOST=127.0.0.1 PORT=$port DATA_DIR="$work/runtime/data" SEED=none LOG_LEVEL=warn \
  DATABASE_URL="$database_url" "$node24" apps/server/dist/main.js >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
healthy=no
for _ in $(seq 1 120); do
  if PORT=$port "$node24" -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
    healthy=yes
    break
  fi
  sleep 0.5
done
if [ "$healthy" != yes ]; then echo "✗ /health did not answer"; cat "$work/server.log"; exit 1; fi
echo "✓ HEALTHCHECK passes: $(curl -s "http://127.0.0.1:$port/health") $(curl -s "http://127.0.0.1:$port/ready")"
page=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' -H 'Accept: text/html' "http://127.0.0.1:$port/login")
if [ "${page%% *}" != 200 ]; then echo "✗ the sign-in page answered $page"; exit 1; fi
echo "✓ the web app is served: /login answers $page"
kill -TERM $server && wait $server || true
trap - EXIT
echo "rehearsal passed; files left in $work"
