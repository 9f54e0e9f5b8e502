# The API with the built web app, one process per container (docs/production.md, "Container image").
#   docker build -t incentive:$(git rev-parse --short HEAD) .
#   docker run -d --name incentive-api-1 -p 3000:3000 \
#     -e PUBLIC_URL=https://program.example.com -e TRUST_PROXY=10.0.0.0/8 \
#     -e DATABASE_URL_FILE=/run/secrets/database-url -v /srv/incentive/secrets:/run/secrets:ro \
#     incentive:<tag>
# It stops on SIGTERM within SHUTDOWN_GRACE_SECONDS (25): give `docker stop` --time 35.

# Build: every dependency, then the web app (Vite) into apps/web/dist.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: only the API's and the contracts' runtime dependencies (about 250 MB), the sources tsx runs,
# and the built web app. No compiler, no browser, no test tools.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data WEB_DIST=apps/web/dist
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --workspace @incentive/api --workspace @incentive/contracts --no-audit --no-fund \
  && npm cache clean --force
COPY packages/contracts packages/contracts
COPY apps/api/server.js apps/api/tsconfig.json apps/api/
COPY apps/api/src apps/api/src
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
# The load balancer should use /api/ready too: 503 while the database is unreachable or migrations are pending.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/server.js"]
