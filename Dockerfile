# The whole product in one image: the API, the ad server and the built frontend.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4000
COPY --from=build /app ./
EXPOSE 4000
USER node
CMD ["node", "--max-semi-space-size=32", "backend/dist/main.js"]
