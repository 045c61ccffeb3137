// Run by Bun from the browser tests' global setup, for the whole run: makes the accounts the tests
// sign in with, on the e2e server's database, one POST at a time. A CLI run per account
// (`frank user create`) started Bun and loaded the app each time, while the test's worker waited.
//   bun e2e/account-server.ts        prints "listening <port>", then serves
//   POST /accounts {"name"?: string} → 201 {"email", "password"}
//   GET /mail?to=<address> → 200 {"html", "text"} of the newest e-mail to that address (the
//   recipient's inbox: the dev mailbox shows a member only their own e-mails), 404 when none
// A test with a server of its own names that server's database and secret, and the e-mail and
// password to use: {"database", "secret", "email", "password", "name"?}.
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
    const url = new URL(req.url);
    if (req.method === "GET" && url.pathname === "/mail") {
      const to = (url.searchParams.get("to") ?? "").toLowerCase();
      const row = deps.db.$client.query('SELECT html, text FROM mail_messages WHERE lower("to") = ? ORDER BY id DESC LIMIT 1').get(to);
      return row ? Response.json(row) : new Response("no e-mail", { status: 404 });
    }
    if (req.method !== "POST" || url.pathname !== "/accounts") return new Response("not found", { status: 404 });
    const body = (await req.json().catch(() => ({}))) as { name?: string; database?: string; secret?: string; email?: string; password?: string };
    const name = body.name ?? "E2E Recruiter";
    if (body.database) {
      if (!body.secret || !body.email || !body.password) return new Response("database needs secret, email and password", { status: 400 });
      // Opened for this one account: the test removes its database when it ends.
      const own = createDeps(loadConfig({ ...process.env, DATABASE_PATH: body.database, APP_SECRET: body.secret }), { quiet: true, busyTimeoutMs: 10_000 });
      try {
        await createUser(own, { email: body.email, password: body.password, name });
      } finally {
        own.db.$client.close();
      }
      return Response.json({ email: body.email, password: body.password }, { status: 201 });
    }
    // The server starts on a new database each run, so the e-mails repeat from run to run.
    const email = `e2e-${++made}@example.com`;
    await createUser(deps, { email, password: PASSWORD, name });
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
