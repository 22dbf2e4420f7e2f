FROM node:22-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config web/vite.config.ts
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
EXPOSE 3000
# The node flags of `npm start` (package.json).
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "scripts/start.ts"]
