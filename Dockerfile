# Rampart's container image (docs/operations.md, "Container image"; decision 039).
#   docker build -t rampart .
#   docker run -p 3000:3000 -v rampart-data:/data rampart                          # one process, embedded database
#   docker run -e DATABASE_URL=postgres://... -e RUN_WORKER=false -p 3000:3000 rampart   # an API instance
#   docker run -e DATABASE_URL=postgres://... rampart node scripts/start.mjs --worker      # a worker
# NODE_ENV is production here, so the sandbox is off unless SANDBOX_MODE=true (R4).
# Commands run node itself, never npm: node is then process 1 and gets docker stop's SIGTERM, drains and closes the
# database; npm would exit on it and leave node to be killed (decision 068).

# --- build: every dependency, then the SPA (Vite) and the API bundles (esbuild), as `npm run build` does -----------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts ./scripts
COPY packages/contracts ./packages/contracts
COPY apps/api ./apps/api
COPY apps/web ./apps/web
RUN npm run build

# --- production dependencies only: the API bundle imports its npm packages (and the contracts' ones) at run time ---
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace=@rampart/api --no-audit --no-fund

# --- runtime: the bundles, the migrations, the SPA's files and those dependencies; no sources, no build tools ---------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/packages/contracts/package.json ./packages/contracts/
COPY --from=build /app/apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/api/migrations ./apps/api/migrations
# The hosted card form's own files, found beside the bundle (modules/cards/hosted-form/form-routes.ts).
COPY --from=build /app/apps/api/src/modules/cards/hosted-form/form.js /app/apps/api/src/modules/cards/hosted-form/form.css ./apps/api/dist/
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
# start.mjs finds no sources here and runs what was built (no build at start).
COPY --from=build /app/scripts/start.mjs /app/scripts/build.mjs /app/scripts/node-version.mjs ./scripts/
# The embedded database and the uploads live in /data (mount a volume); with DATABASE_URL only uploads do.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers. Not the readiness check (/api/user/healthcheck, which a load balancer polls): a
# database outage would mark every container unhealthy and an orchestrator would replace them all (decision 068).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "scripts/start.mjs"]
