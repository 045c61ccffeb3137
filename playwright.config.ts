import { defineConfig } from "@playwright/test";

// Browser tests against the real server in demo mode on a fresh database file.
const PORT = Number(process.env.E2E_PORT ?? 3300);
// Several developers may run the suite at once: give each its own E2E_PORT and E2E_DB.
const E2E_DB = process.env.E2E_DB ?? "data/e2e.db";
process.env.E2E_DB = E2E_DB; // workers read it (e2e/fixtures.ts)

export default defineConfig({
  testDir: "e2e",
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: false,
  workers: 2,
  // No retries: a flaky test is a failure to fix, not to hide.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PW_JSON ? [["list"], ["json", { outputFile: process.env.PW_JSON }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: `rm -f ${E2E_DB}* && ./node_modules/.bin/bun src/main.ts serve --demo`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(PORT),
      DATABASE_PATH: E2E_DB,
      APP_URL: `http://127.0.0.1:${PORT}`,
      NODE_ENV: "test",
      // Sign-ups and logins hash at the suite's cheap cost (honoured only with NODE_ENV=test).
      FRANK_TEST_PASSWORD_COST: "low",
      E2E_DB,
      // Every browser test answers the candidate chats from 127.0.0.1: one address for the whole suite.
      VISITOR_ANSWERS_PER_IP: "2000",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
