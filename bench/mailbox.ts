// Mailbox figures (issue 55), against a real IMAP server (Debian's Dovecot, started here on a
// loopback port with a throwaway mail folder):
//   1. First sync of a mailbox of 10,000 messages, 500 of them with candidates; then one
//      incremental sync after 10 new messages. Baseline in the same run: imapflow alone reading the
//      envelopes of the whole folder (what any sync must at least do).
// Usage: bun bench/mailbox.ts
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
const { syncMailbox } = await import("../src/features/messages/sync");
const { messages } = await import("../src/db/schema");

const TOTAL = 10_000;
const WITH_CANDIDATES = 500;
const USER = "rita@agency.example";
const PASS = "bench-password";
const dir = mkdtempSync(join(tmpdir(), "frank-bench-mailbox-"));
const dovecot = await startDovecot();
dovecot.addUser(USER, PASS);
const deps = buildFeatures(
  createDeps(loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-01", DATABASE_PATH: join(dir, "frank.db"), APP_URL: "http://localhost", NODE_ENV: "production" }), { quiet: true }),
).context;
const user = await createUser(deps, { email: USER, password: "a-long-bench-password" });
addParticipants(
  deps,
  user.workspaceId,
  Array.from({ length: WITH_CANDIDATES }, (_, i) => ({ name: `Candidate ${i}`, emailAddress: `c${i}@mail.example` })),
);

const raw = (i: number, from: string) =>
  `From: ${from}\r\nTo: ${USER}\r\nSubject: Message ${i}\r\nMessage-ID: <m${i}@bench.example>\r\nDate: ${new Date(Date.now() - (i % 80) * 86_400_000).toUTCString()}\r\nContent-Type: text/plain\r\n\r\nBody of message ${i}, a few words long.\r\n`;
const imap = new ImapFlow({ host: "127.0.0.1", port: dovecot.port, secure: false, auth: { user: USER, pass: PASS }, logger: false });
await imap.connect();
let t0 = performance.now();
const step = TOTAL / WITH_CANDIDATES;
for (let i = 0; i < TOTAL; i++) await imap.append("INBOX", raw(i, i % step === 0 ? `c${i / step}@mail.example` : `someone${i}@elsewhere.example`));
console.log(`filled the mailbox with ${TOTAL} messages over IMAP APPEND in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// Baseline: imapflow alone, every envelope of the folder.
t0 = performance.now();
const lock = await imap.getMailboxLock("INBOX");
let n = 0;
for await (const _ of imap.fetch("1:*", { envelope: true })) n++;
lock.release();
const baseline = performance.now() - t0;

await connectMailbox(deps, { id: user.id, workspaceId: user.workspaceId }, { address: USER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, username: USER, password: PASS });
const box = (await import("../src/features/messages/repo")).mailboxOfUser(deps.db, user.workspaceId, user.id)!;
t0 = performance.now();
const first = await syncMailbox(deps, box.id);
const firstMs = performance.now() - t0;
for (let i = TOTAL; i < TOTAL + 10; i++) await imap.append("INBOX", raw(i, i % 2 ? `c${i % WITH_CANDIDATES}@mail.example` : `x${i}@elsewhere.example`));
t0 = performance.now();
const next = await syncMailbox(deps, box.id);
const nextMs = performance.now() - t0;
await imap.logout();

console.log(`baseline: imapflow reading ${n} envelopes: ${baseline.toFixed(0)} ms`);
console.log(`first sync: ${first.read} headers read, ${first.kept} kept, ${firstMs.toFixed(0)} ms (${first.error ?? "ok"})`);
console.log(`incremental sync after 10 new (5 with candidates): ${next.read} read, ${next.kept} kept, ${nextMs.toFixed(0)} ms`);
console.log(`messages stored: ${deps.db.select().from(messages).all().length}`);
await dovecot.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
