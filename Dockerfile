# Builds the single binary and runs it on a slim base.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
RUN useradd --create-home frank
WORKDIR /home/frank
COPY --from=build /app/dist/frank /usr/local/bin/frank
USER frank
ENV PORT=3000 DATABASE_PATH=/home/frank/data/frank.db
VOLUME /home/frank/data
EXPOSE 3000
CMD ["frank", "serve"]
