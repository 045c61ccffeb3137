import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// Browser tests against the real server in demo mode on a fresh database file.
const PORT = Number(process.env.E2E_PORT ?? 3300);
// Several developers may run the suite at once: give each its own E2E_PORT and E2E_DB.
const E2E_DB = process.env.E2E_DB ?? "data/e2e.db";
process.env.E2E_DB = E2E_DB; // workers read it (e2e/fixtures.ts)
// Accounts the tests create with the CLI hash at the suite's cheap cost too (honoured only with NODE_ENV=test).
process.env.NODE_ENV = "test";
process.env.FRANK_TEST_PASSWORD_COST = "low";

// Debian's chromium-headless-shell is the headless-only build: the same engine as chromium at about
// half the CPU per page, which decides how long the suite takes on two cores. Full chromium otherwise.
const chromium = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: true,
  // Three: four browsers beside the unit tests cost more CPU than their overlap saves (decision 26).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // No retries: a flaky test is a failure to fix, not to hide.
  retries: 0,
  // Time limits bound a hang; they do not measure a speed: a test that takes 10 s alone takes
  // several times that on a machine busy with other work. The run as a whole ends after 30 minutes.
  timeout: 120_000,
  // An assertion waits as long for its page: on cores kept busy by other work a request that takes
  // a few ms alone took over 15 s (a toast that shows for 5 s was awaited and not seen).
  expect: { timeout: 60_000 },
  globalTimeout: 30 * 60_000,
  // Under `npm test`: a line per file as it ends (the run prints the suites side by side), and the
  // JSON report it counts from.
  reporter: process.env.PW_JSON ? [["./e2e/file-reporter.ts"], ["json", { outputFile: process.env.PW_JSON }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    trace: "off",
    launchOptions: {
      executablePath: chromium,
      // V8's optimising tiers (Maglev, TurboFan) off: a test page lives a few seconds and runs its
      // scripts a few times, too few to repay their compiling (about a sixth of the renderers' CPU).
      // One renderer process as the soft limit: a new tab's first navigation then stays in the
      // process that showed its about:blank instead of starting a second one (a process per test
      // page, about 0.035 CPU-seconds each). Each browser context still gets its own.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--js-flags=--no-opt,--no-maglev",
        "--renderer-process-limit=1",
      ],
    },
  },
  webServer: {
    // The single binary production runs (test/kits/compiled-binary.ts prints its path, building it
    // once for the sources as they are; the unit tests run the same file).
    command: `rm -rf ${E2E_DB}* && exec "$(./node_modules/.bin/bun test/kits/compiled-binary.ts)" serve --demo`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // Building the binary, when this run is the first to need it, takes a few seconds of the wait.
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATABASE_PATH: E2E_DB,
      APP_URL: `http://127.0.0.1:${PORT}`,
      // Served as in production (React's production build). The accounts the tests create hash at the
      // suite's cheap cost (below); what the server hashes itself (a reset, an invitation) costs what it costs.
      NODE_ENV: "production",
      E2E_DB,
      // Every browser test signs in, opens campaign links and answers the candidate chats from
      // 127.0.0.1: one address for the whole suite, which the default limits would cut short (or
      // stop counting) as tests are added or repeated.
      VISITOR_ANSWERS_PER_IP: "2000",
      VISITOR_CLICKS_PER_IP: "2000",
      LOGIN_LIMIT_PER_IP: "2000",
      // The webhook test's receiver listens on 127.0.0.1 beside the server.
      WEBHOOK_ALLOW_PRIVATE: "1",
      // It lives for the run and answers about a thousand requests: JavaScriptCore's top tier (FTL)
      // does not repay its compiling in that time (about a sixth less of the server's CPU without
      // it); DFG stays on. Production keeps every tier.
      BUN_JSC_useFTLJIT: "0",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
