# Builds the single binary on Node.js 22 and runs it on a slim Debian base as a non-root user.
#   docker build --build-arg FRANK_COMMIT=$(git rev-parse --short HEAD) -t frank .
#   docker run -p 3000:3000 -v frank-data:/data -e APP_SECRET=... -e APP_URL=... frank
FROM node:22-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The commit `frank --version` shows (.git is not sent to the build).
ARG FRANK_COMMIT=unknown
ENV FRANK_COMMIT=${FRANK_COMMIT}
RUN npm run build
# The WAL shipper of the standby copy (REPLICA_URL), from the npm package's binary for this machine.
RUN cp "node_modules/@flydotio/litestream-linux-$(node -p process.arch)/litestream" dist/litestream

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --create-home --home-dir /home/frank frank \
 && mkdir -p /data \
 && chown frank:frank /data \
 && chmod 0700 /data
COPY --from=build /app/dist/frank /usr/local/bin/frank
COPY --from=build /app/dist/litestream /usr/local/bin/litestream
# The volume folder exists and belongs to frank before VOLUME, so a new named volume gets
# its owner; everything Frank writes (database, WAL, backups) goes there.
USER frank
WORKDIR /home/frank
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATABASE_PATH=/data/frank.db
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["frank", "healthcheck"]
CMD ["frank", "serve"]
