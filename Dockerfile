# One image, two roles: `docker run IMAGE web` (default) or `docker run IMAGE worker`.
# Both need REDIS_URL; DATABASE_URL defaults to SQLite in /data (mount a volume, one web host) and should be
# a postgres:// URL when web and workers run on several hosts. APP_SECRET is required (NODE_ENV=production).

# Node 24, the current LTS (CI runs the suite on Node 20 and on Node 24: .ci/node24).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
# better-sqlite3 and argon2 compile or load native code; keep the toolchain out of the final image.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY scripts/build-sqlite.sh scripts/
# better-sqlite3 built from source without node::ObjectWrap's cleanup hooks: the prebuilt binary for Node 24
# aborts when the garbage collector frees a statement (docs/decisions/0010-node-20-and-24.md).
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund && scripts/build-sqlite.sh

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/contract ./contract
COPY --from=build --chown=node:node /app/db ./db
COPY --from=build --chown=node:node /app/platform ./platform
COPY --from=build --chown=node:node /app/worker ./worker
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "build/server/container.js"]
CMD ["web"]
