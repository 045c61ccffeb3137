// Candidate data figures, measured on the wire against a real server process on 127.0.0.1:
// CSV import of 100,000 rows (time, the server's peak memory), CSV export of 100,000 rows
// (time), and erasure of one candidate with a full history (time). Each is printed beside a
// baseline from the same run (1,000 rows; a list page; a candidate without history).
// Usage: bun bench/candidates-io.ts   (run `npm run build:assets` first)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

const ROWS = Number(process.env.ROWS ?? 100_000);
const PORT = Number(process.env.PORT ?? 3497);
const BASE = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "frank-bench-io-"));
const env = {
  ...process.env,
  DATABASE_PATH: join(dir, "bench.db"),
  APP_SECRET: "bench-secret-bench-secret-bench-secret-00",
  APP_URL: BASE,
  PORT: String(PORT),
  NODE_ENV: "production",
  LOG_LEVEL: "error",
};
const bun = "./node_modules/.bin/bun";

const created = Bun.spawnSync([bun, "src/main.ts", "user", "create", "--email", "bench@example.com", "--password", "bench-password-123", "--name", "Bench Recruiter"], { env });
if (created.exitCode !== 0) throw new Error(`user create failed: ${created.stderr}`);
const server = Bun.spawn([bun, "src/main.ts", "serve"], { env, stdout: "ignore", stderr: "inherit" });

// Peak resident memory of the server so far (VmHWM), in MB.
const peakMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function up() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error("server did not start");
}

/** The fields of the answers this script reads. */
interface Answer {
  participants: { id: number }[];
  id: number;
  sessionToken: string;
  timeSlots: { id: string }[];
  activity: unknown[];
  interviewsKept: number;
  imported: number;
  updated: number;
  failedCount: number;
}

// A browser's headers: same-origin requests with the session cookie.
let cookie = "";
const headers = (extra: Record<string, string> = {}) => ({ origin: BASE, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36", accept: "*/*", cookie, ...extra });
const call = async (method: string, path: string, json?: unknown) => {
  const res = await fetch(BASE + path, { method, headers: headers(json === undefined ? {} : { "content-type": "application/json" }), body: json === undefined ? undefined : JSON.stringify(json) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Answer>;
};
const timed = async <T>(f: () => Promise<T>): Promise<[number, T]> => {
  const t0 = performance.now();
  const v = await f();
  return [performance.now() - t0, v];
};

const CITIES = ["Melbourne", "Sydney", "Brisbane", "Perth", "Adelaide", "Hobart"];
const ROLES = ["Product Owner", "UX Designer", "Senior Developer", "Engineering Manager", "Designer", "Data Analyst"];
function csv(rows: number, prefix: string): string {
  let out = "name,emailAddress,city,jobTitle,roleApplied,linkedinUrl,industry,stages,prequalifier\n";
  for (let i = 0; i < rows; i++) {
    const conv = `"Frank: Where are you based?\nCandidate: ${CITIES[i % 6]}, happy to work hybrid, ""three days"" in the office."`;
    out += `Person ${prefix}${i},${prefix}${i}@example.com,${CITIES[i % 6]},Engineer,${ROLES[i % 6]},https://linkedin.com/in/p${i},Software,${(i % 5) + 1},${conv}\n`;
  }
  return out;
}

try {
  await up();
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: headers({ "content-type": "application/json" }),
    body: JSON.stringify({ email: "bench@example.com", password: "bench-password-123" }),
  });
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const importOne = (text: string) =>
    fetch(`${BASE}/api/participants/import`, { method: "POST", headers: headers({ "content-type": "text/csv" }), body: text }).then((r) => r.json() as Promise<Answer>);
  // A request takes at most 10 MB (issue 37): a larger file goes in parts of 25,000 rows (about
  // 5 MB), one after another, as the import page sends its parts.
  const importCsv = async (text: string): Promise<Answer> => {
    const [head, ...lines] = text.replace(/\n$/, "").split(/\n(?=Person )/);
    if (lines.length <= 25_000) return importOne(text);
    const sum = { imported: 0, updated: 0, failedCount: 0 } as Answer;
    for (let i = 0; i < lines.length; i += 25_000) {
      const r = await importOne(`${head}\n${lines.slice(i, i + 25_000).join("\n")}\n`);
      sum.imported += r.imported;
      sum.updated += r.updated;
      sum.failedCount += r.failedCount;
    }
    return sum;
  };

  // 1. Import: 1,000 rows (baseline), then 100,000 rows in one file.
  const small = csv(1000, "b");
  const [tSmall, rSmall] = await timed(() => importCsv(small));
  const big = csv(ROWS, "p");
  const memBefore = peakMb();
  const rssBefore = rssMb();
  const [tBig, rBig] = await timed(() => importCsv(big));
  const memAfter = peakMb();
  // 1b. The same rows again: every row is an update (de-duplication by e-mail).
  const [tAgain, rAgain] = await timed(() => importCsv(big));

  // 2. Export: one list page (baseline), then every candidate as CSV, streamed.
  const [tPage] = await timed(() => call("GET", "/api/participants?limit=100"));
  const [tExport, bytes] = await timed(async () => {
    const res = await fetch(`${BASE}/api/participants/export.csv`, { headers: headers() });
    let n = 0;
    for await (const chunk of res.body!) n += chunk.length;
    return n;
  });
  const [tExportFiltered] = await timed(async () => (await fetch(`${BASE}/api/participants/export.csv?role=Developer&location=Brisbane`, { headers: headers() })).text());

  // 3. Erasure: a candidate with no history (baseline), then one with a full history.
  const plain = (await call("GET", "/api/participants?search=b1&limit=1")).participants[0];
  const [tPlain] = await timed(() => call("DELETE", `/api/participants/${plain.id}`));
  const full = (await call("GET", "/api/participants?search=b2&limit=1")).participants[0];
  for (let i = 0; i < 20; i++) await call("POST", `/api/participants/${full.id}/notes`, { body: `Note ${i} about the candidate` });
  for (const s of [2, 3, 4, 5]) await call("PATCH", `/api/participants/${full.id}`, { stages: s });
  const sl = await call("POST", "/api/shortlists", { name: "Finalists" });
  await call("POST", `/api/shortlists/${sl.id}/candidates`, { candidateIds: [full.id] });
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slots = [9, 10, 11].map((h) => ({ startTime: `${day}T${String(h).padStart(2, "0")}:00:00.000Z`, endTime: `${day}T${String(h + 1).padStart(2, "0")}:00:00.000Z` }));
  const session = await call("POST", "/api/scheduling-sessions", { candidateId: full.id, title: "Interview", duration: 60, timeSlots: slots, timeZone: "UTC" });
  await fetch(`${BASE}/api/book/${session.sessionToken}`, { method: "POST", headers: headers({ "content-type": "application/json" }), body: JSON.stringify({ slotId: session.timeSlots[0].id }) });
  await call("POST", "/api/scheduling-sessions", { candidateId: full.id, title: "Second round", duration: 60, timeSlots: slots.slice(1), timeZone: "UTC" });
  const history = (await call("GET", `/api/participants/${full.id}/activity`)).activity.length;
  const [tFull, erased] = await timed(() => call("DELETE", `/api/participants/${full.id}`));

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`Candidate data figures (${ROWS.toLocaleString("en")} rows, server on 127.0.0.1, measured on the wire)`);
  console.log(
    `  import   ${ROWS.toLocaleString("en")} rows (${(big.length / 1e6).toFixed(1)} MB, in parts of 25,000 rows: a request takes at most 10 MB): ${s(tBig)} → imported ${rBig.imported}, updated ${rBig.updated}, failed ${rBig.failedCount}`,
  );
  console.log(`           baseline 1,000 rows: ${s(tSmall)} (imported ${rSmall.imported})`);
  console.log(`           same file again (all updates): ${s(tAgain)} → updated ${rAgain.updated}`);
  console.log(`           server peak memory: ${memAfter.toFixed(0)} MB (peak before the import ${memBefore.toFixed(0)} MB, resident ${rssBefore.toFixed(0)} MB)`);
  console.log(`  export   ${ROWS.toLocaleString("en")}+ rows: ${s(tExport)}, ${(bytes / 1e6).toFixed(1)} MB streamed; filtered (Developer in Brisbane): ${s(tExportFiltered)}`);
  console.log(`           baseline one list page of 100: ${tPage.toFixed(1)} ms`);
  console.log(
    `  erasure  candidate with ${history} timeline entries (20 notes, 4 stage changes, shortlist, 2 sessions, 1 interview, e-mails): ${tFull.toFixed(1)} ms (interviews kept ${erased.interviewsKept})`,
  );
  console.log(`           baseline candidate without history: ${tPlain.toFixed(1)} ms`);
} finally {
  server.kill();
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
