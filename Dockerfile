# syntax=docker/dockerfile:1
# The site in one container (decision 0019): Node 24 slim, the production
# dependencies only, a non-root user, and everything the site writes (the
# SQLite database, uploads, Excel exports) under one volume, /data.
#   docker build -t trading-site .
#   docker run -p 3000:3000 -v trading-data:/data --env-file .env trading-site
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# better-sqlite3 13 and argon2 ship prebuilt binaries, but npm still runs node-gyp for
# better-sqlite3 (it then builds nothing), and node-gyp needs Python and make; g++ is
# for a platform without a prebuilt binary.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./

# Every dependency, to build the site and bundle the server.
FROM base AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What the runtime stage runs with: `npm ci --omit=dev`, here where a compiler
# exists, so the runtime image carries neither dev tools nor a compiler.
FROM base AS production-dependencies
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/app.db
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY db/migrations ./db/migrations
COPY db/seed-files ./db/seed-files
COPY --from=build /app/build ./build
# The app's files belong to root and are read-only to the site; only /data is its own.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Slim images have no curl: Node asks /healthz, which reads the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM: in-flight requests finish, jobs stop, SQLite closes.
CMD ["node", "build/server.js"]
