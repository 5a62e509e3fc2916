# syntax=docker/dockerfile:1
# The portal server (API and the built web app on one port) as a container: docs/operations.md, decision 0201.
#   docker build -t portal .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e JWT_SECRET=... portal
# scripts/container-rehearsal.sh runs the same stages' commands without Docker; keep the two in step.

ARG NODE_IMAGE=node:24-slim

# --- build: every dependency, development ones included, and the builds of the web app and the server ---------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the installed dependencies stay cached while only source changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/carrier-sim/package.json apps/carrier-sim/
COPY packages/contract/package.json packages/contract/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @portal/web -w @portal/server

# --- runtime: production dependencies of the server and the contract only, and the built files -----------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SEED=none
WORKDIR /app
# Only the two workspaces' manifests: with the others absent npm links no other workspace (the simulators are a
# development dependency of the server) and installs exactly the lock's production tree of these two.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY packages/contract/package.json packages/contract/
# No package of the server's production tree has an install script (npm run check:dependencies reads that tree).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @portal/server -w @portal/contract \
    && npm cache clean --force \
    && mkdir -p /data && chown node:node /data
COPY --from=build /app/apps/server/dist apps/server/dist
# The server finds the web build beside its own (apps/server/dist → apps/web/dist).
COPY --from=build /app/apps/web/dist apps/web/dist

USER node
VOLUME ["/data"]
EXPOSE 3000
# The slim image has no curl; Node's own fetch asks the liveness probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node as PID 1 receives docker stop's SIGTERM itself and drains its connections (decision 0183).
CMD ["node", "apps/server/dist/main.js"]
