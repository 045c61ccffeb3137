// Run by Bun from the browser tests' global setup, for the whole run: makes the accounts the tests
// sign in with, on the e2e server's database, one POST at a time. A CLI run per account
// (`frank user create`) started Bun and loaded the app each time, while the test's worker waited.
//   bun e2e/account-server.ts        prints "listening <port>", then serves
//   POST /accounts {"name"?: string} → 201 {"email", "password"}
import { loadConfig } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { createUser } from "../src/features/auth/service";

const PASSWORD = "e2e-password-123";
// It writes while the e2e server serves the same file: like a CLI verb, it waits for the lock.
const deps = createDeps(loadConfig(process.env), { quiet: true, busyTimeoutMs: 10_000 });
let made = 0;

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    if (req.method !== "POST" || new URL(req.url).pathname !== "/accounts") return new Response("not found", { status: 404 });
    const { name } = (await req.json().catch(() => ({}))) as { name?: string };
    // The server starts on a new database each run, so the e-mails repeat from run to run.
    const email = `e2e-${++made}@example.com`;
    await createUser(deps, { email, password: PASSWORD, name: name ?? "E2E Recruiter" });
    return Response.json({ email, password: PASSWORD }, { status: 201 });
  },
});

const stop = () => {
  void server.stop(true);
  deps.db.$client.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// Its standard input is a pipe from the test run: when the run ends without stopping it (killed,
// crashed), the pipe closes and this process goes with it instead of holding the database open.
process.stdin.on("end", stop);
process.stdin.resume();
console.log(`listening ${server.port}`);
