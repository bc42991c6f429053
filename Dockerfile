# riskscan: one image for API processes (default command) and scan workers (`npm run worker`).
# Multi-stage: dependencies and the web build in a full stage, only what runs in the final one.
# Not built on the development machine (no Docker engine there); see docs/operations.md.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/scanner/package.json packages/scanner/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
# Chromium from Debian for the browser stage; fonts so pages render text; tini reaps Chromium's children.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-noto-color-emoji tini ca-certificates \
  && rm -rf /var/lib/apt/lists/*
# MALLOC_MMAP_THRESHOLD_: blocks of 16 KB and more are mapped and unmapped on their own, so the
# buffers a bounded worker thread used go back to the system when it ends (decision 471).
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=16384 \
    CHROMIUM_PATH=/usr/bin/chromium \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
# Non-root: Chromium keeps its own sandbox on (no --no-sandbox anywhere); the container needs
# unprivileged user namespaces (default on Docker and Kubernetes with the runtime's seccomp profile).
USER node
EXPOSE 8080 9464
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
