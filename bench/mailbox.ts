// Mailbox figures (issue 55):
//   1. IMAP, against a real IMAP server (Debian's Dovecot, started here on a loopback port with a
//      throwaway mail folder): first sync of a mailbox of 10,000 messages, 500 of them with
//      candidates; then one incremental sync after 10 new messages. Baseline in the same run:
//      imapflow alone reading the envelopes of the whole folder (what any sync must at least do).
//   2. Gmail, the same mailbox in the fake Gmail (test/fakes/gmail.ts) running in a process of its
//      own, read over HTTP by the real @googleapis/gmail client: the first sync lists the window and
//      reads headers, the incremental one reads the history. Baseline in the same run: plain fetch
//      listing the window and reading every message's headers (format=metadata), 8 at a time as
//      the sync does.
// Usage: bun bench/mailbox.ts [imap|gmail]  (both without an argument)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { ImapFlow } from "imapflow";
import { startDovecot } from "../test/kits/dovecot";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants } = await import("../src/features/candidates/service");
const { connectMailbox } = await import("../src/features/messages/service");
const { connectProviderMailbox } = await import("../src/features/messages/provider-connect");
const { syncMailbox } = await import("../src/features/messages/sync");
const { mailboxOfUser } = await import("../src/features/messages/repo");
const { saveConnection } = await import("../src/features/calendar/repo");
const { messages } = await import("../src/db/schema");

const only = process.argv[2];
const TOTAL = 10_000;
const WITH_CANDIDATES = 500;
const USER = "rita@agency.example";
const PASS = "bench-password";
const dir = mkdtempSync(join(tmpdir(), "frank-bench-mailbox-"));
const step = TOTAL / WITH_CANDIDATES;
const raw = (i: number, from: string) =>
  `From: ${from}\r\nTo: ${USER}\r\nSubject: Message ${i}\r\nMessage-ID: <m${i}@bench.example>\r\nDate: ${new Date(Date.now() - (i % 80) * 86_400_000).toUTCString()}\r\nContent-Type: text/plain\r\n\r\nBody of message ${i}, a few words long.\r\n`;
const fromOf = (i: number) => (i % step === 0 ? `c${i / step}@mail.example` : `someone${i}@elsewhere.example`);
const newFrom = (i: number) => (i % 2 ? `c${i % WITH_CANDIDATES}@mail.example` : `x${i}@elsewhere.example`);
const ms = (t0: number) => (performance.now() - t0).toFixed(0);

/** A workspace with its 500 candidates, in a database of its own. */
async function workspace(name: string, env: Record<string, string> = {}) {
  const deps = buildFeatures(
    createDeps(loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-01", DATABASE_PATH: join(dir, `${name}.db`), APP_URL: "http://localhost", NODE_ENV: "production", ...env }), {
      quiet: true,
    }),
  ).context;
  const user = await createUser(deps, { email: USER, password: "a-long-bench-password" });
  addParticipants(
    deps,
    user.workspaceId,
    Array.from({ length: WITH_CANDIDATES }, (_, i) => ({ name: `Candidate ${i}`, emailAddress: `c${i}@mail.example` })),
  );
  return { deps, user };
}

if (only !== "gmail") {
  console.log("== IMAP (Dovecot)");
  const dovecot = await startDovecot();
  dovecot.addUser(USER, PASS);
  const { deps, user } = await workspace("imap");
  const imap = new ImapFlow({ host: "127.0.0.1", port: dovecot.port, secure: false, auth: { user: USER, pass: PASS }, logger: false });
  await imap.connect();
  let t0 = performance.now();
  for (let i = 0; i < TOTAL; i++) await imap.append("INBOX", raw(i, fromOf(i)));
  console.log(`filled the mailbox with ${TOTAL} messages over IMAP APPEND in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Baseline: imapflow alone, every envelope of the folder.
  t0 = performance.now();
  const lock = await imap.getMailboxLock("INBOX");
  let n = 0;
  for await (const _ of imap.fetch("1:*", { envelope: true })) n++;
  lock.release();
  const baseline = ms(t0);

  await connectMailbox(deps, { id: user.id, workspaceId: user.workspaceId }, { address: USER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, username: USER, password: PASS });
  const box = mailboxOfUser(deps.db, user.workspaceId, user.id)!;
  t0 = performance.now();
  const first = await syncMailbox(deps, box.id);
  const firstMs = ms(t0);
  for (let i = TOTAL; i < TOTAL + 10; i++) await imap.append("INBOX", raw(i, newFrom(i)));
  t0 = performance.now();
  const next = await syncMailbox(deps, box.id);
  const nextMs = ms(t0);
  await imap.logout();

  console.log(`baseline: imapflow reading ${n} envelopes: ${baseline} ms`);
  console.log(`first sync: ${first.read} headers read, ${first.kept} kept, ${firstMs} ms (${first.error ?? "ok"})`);
  console.log(`incremental sync after 10 new (5 with candidates): ${next.read} read, ${next.kept} kept, ${nextMs} ms`);
  console.log(`messages stored: ${deps.db.select().from(messages).all().length}`);
  await dovecot.stop();
}

if (only !== "imap") {
  console.log("== Gmail (the fake Gmail in its own process, the real @googleapis/gmail client)");
  const child = Bun.spawn([process.execPath, "test/fakes/gmail.ts"], { stdout: "pipe", stderr: "inherit" });
  const reader = child.stdout.getReader();
  const { url } = JSON.parse(new TextDecoder().decode((await reader.read()).value).split("\n")[0]!) as { url: string };
  const control = async (body: unknown) => (await fetch(`${url}/__control`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
  const env = { GOOGLE_CLIENT_ID: "fake-client-id", GOOGLE_CLIENT_SECRET: "fake-client-secret", GOOGLE_OAUTH_BASE_URL: url, GOOGLE_API_BASE_URL: url };
  const { deps, user } = await workspace("gmail", env);
  const scopes = ["https://www.googleapis.com/auth/calendar", "https://www.googleapis.com/auth/gmail.readonly", "https://www.googleapis.com/auth/gmail.send"];
  await control({ grant: { email: USER, refreshToken: "1//bench-refresh", scopes } });
  let t0 = performance.now();
  for (let i = 0; i < TOTAL; i += 1000) await control({ mail: { deliver: Array.from({ length: 1000 }, (_, k) => ({ owner: USER, raw: raw(i + k, fromOf(i + k)) })) } });
  console.log(`filled the fake Gmail with ${TOTAL} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  saveConnection(deps.db, user.id, { provider: "google", email: USER, accessTokenSealed: null, refreshTokenSealed: deps.secrets.seal("1//bench-refresh") });
  await import("@googleapis/gmail"); // the SDK's first load is not the sync's

  // Baseline: plain fetch, the window listed and every message's headers read, 8 at a time.
  const token = (
    (await (
      await fetch(`${url}/token`, {
        method: "POST",
        body: new URLSearchParams({ client_id: env.GOOGLE_CLIENT_ID, client_secret: env.GOOGLE_CLIENT_SECRET, grant_type: "refresh_token", refresh_token: "1//bench-refresh" }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const get = async (path: string) => (await fetch(`${url}/gmail/v1/users/me/${path}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<any>;
  t0 = performance.now();
  const ids: string[] = [];
  for (let page: string | undefined = ""; page !== undefined;) {
    const r: any = await get(`messages?maxResults=500&q=after:${Math.floor(Date.now() / 1000) - 90 * 86_400}${page ? `&pageToken=${page}` : ""}`);
    ids.push(...r.messages.map((m: { id: string }) => m.id));
    page = r.nextPageToken;
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ids.length) await get(`messages/${ids[next++]}?format=metadata&metadataHeaders=From&metadataHeaders=To&metadataHeaders=Cc&metadataHeaders=Message-ID`);
    }),
  );
  const baseline = ms(t0);

  await connectProviderMailbox(deps, { id: user.id, workspaceId: user.workspaceId }, "gmail");
  const box = mailboxOfUser(deps.db, user.workspaceId, user.id)!;
  t0 = performance.now();
  const first = await syncMailbox(deps, box.id);
  const firstMs = ms(t0);
  await control({ mail: { deliver: Array.from({ length: 10 }, (_, k) => ({ owner: USER, raw: raw(TOTAL + k, newFrom(TOTAL + k)) })) } });
  t0 = performance.now();
  const again = await syncMailbox(deps, box.id);
  const nextMs = ms(t0);
  const calls = (await control({ mail: {} })).mail.calls;

  console.log(`baseline: fetch listing ${ids.length} ids and reading their headers: ${baseline} ms`);
  console.log(`first sync: ${first.read} headers read, ${first.kept} kept, ${firstMs} ms (${first.error ?? "ok"})`);
  console.log(`incremental sync after 10 new (5 with candidates): ${again.read} read, ${again.kept} kept, ${nextMs} ms (${again.error ?? "ok"})`);
  console.log(`messages stored: ${deps.db.select().from(messages).all().length}; Gmail calls: ${JSON.stringify(calls)}`);
  child.kill();
}
rmSync(dir, { recursive: true, force: true });
process.exit(0);
