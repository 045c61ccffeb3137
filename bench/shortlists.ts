// Issue 39's figures, measured from outside the process against a started server:
//  - the client's page /s/{token} with 10 candidates: bytes on the wire (gzip, as a browser asks)
//    and curl's time to first byte, p50/p95 of 30 requests;
//  - the times page /s/{token}/{candidate}/times of a share that lets the contact pick interview
//    times (the sharer's free starts of two weeks, computed on each view), beside /s/{token};
//  - CV text extraction in the job queue: a 2-page PDF and a 2-page DOCX uploaded over HTTP, timed
//    from the upload's answer until the file's text is read (polled every 5 ms), median of 5.
// Usage: bun bench/shortlists.ts   (BENCH_PORT, default 3411)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { tinyDocx, tinyPdf } from "../test/kits/cv-fixtures";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants } = await import("../src/features/candidates/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");

const dir = mkdtempSync(join(tmpdir(), "frank-bench-shortlists-"));
const env = { APP_SECRET: "bench-secret-bench-secret-bench-secret-39", DATABASE_PATH: join(dir, "bench.db"), NODE_ENV: "production" };
let server: Bun.Subprocess | null = null;

// A CV page: 40 lines of prose, the way a two-page CV reads.
const lines = (page: number) => Array.from({ length: 40 }, (_, i) => `Page ${page}, line ${i + 1}: led payments platform work with Kubernetes, Go and Postgres for a retail bank.`);

try {
  const deps = createDeps(loadConfig({ ...env, APP_URL: "http://127.0.0.1" }), { quiet: true });
  await createUser(deps, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  const ws = deps.db.$client.query<{ id: number }, []>("select workspace_id as id from users limit 1").get()!.id;
  addParticipants(deps, ws, sampleCandidates({ count: 10, seed: 39, now: new Date(), days: 30 }));
  deps.db.$client.close();

  const port = Number(process.env.BENCH_PORT ?? 3411);
  const base = `http://127.0.0.1:${port}`;
  server = Bun.spawn(["./node_modules/.bin/bun", "src/main.ts", "serve"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", APP_URL: base },
    stdout: "ignore",
    stderr: "ignore",
  });
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200) break;
    if (i > 300) throw new Error("the app did not start");
    await Bun.sleep(50);
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "bench@example.com", password: "bench-password-1" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("frank_session="))!
    .split(";")[0]!;
  const api = async (path: string, init: { method?: string; json?: unknown; body?: BodyInit } = {}) => {
    const res = await fetch(base + path, {
      method: init.method ?? (init.json || init.body ? "POST" : "GET"),
      headers: { origin: base, cookie, ...(init.json ? { "content-type": "application/json" } : {}) },
      body: init.json ? JSON.stringify(init.json) : init.body,
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };

  const ids = (await api("/api/participants?limit=10")).participants.map((p: { id: number }) => p.id) as number[];
  const client = (await api("/api/clients", { json: { name: "Acme Pay" } })).client;
  const contact = (await api(`/api/clients/${client.id}/contacts`, { json: { name: "Jane Doe", email: "jane@acme.example" } })).contact;
  const shortlist = await api("/api/shortlists", { json: { name: "Payments shortlist" } });
  await api(`/api/shortlists/${shortlist.id}/candidates`, { json: { candidateIds: ids } });
  for (const id of ids) await api(`/api/shortlists/${shortlist.id}/candidates/${id}/note`, { method: "PUT", json: { note: "Strong on card payments; available in a month." } });
  await api(`/api/shortlists/${shortlist.id}/shares`, { json: { contactIds: [contact.id], allowScheduling: true } });
  // The link as the contact's e-mail carries it, read from the stored message (mail is off here).
  const { Database } = await import("bun:sqlite");
  const store = new Database(env.DATABASE_PATH, { readonly: true });
  const mail = store.query<{ text: string }, []>("select text from mail_messages where kind = 'shortlist_share' order by id desc limit 1").get()!.text;
  store.close();
  const link = mail.match(/\/s\/[A-Za-z0-9_-]{20,}/)![0];

  const once = (path: string) => {
    const r = Bun.spawnSync([
      "curl",
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code} %{time_starttransfer} %{size_download}",
      "-H",
      "Accept-Encoding: gzip, deflate, br, zstd",
      "-H",
      "Accept: text/html",
      base + path,
    ]);
    const [code, ttfb, size] = r.stdout.toString().split(" ");
    if (code !== "200") throw new Error(`${path}: ${code}`);
    return { ms: Number(ttfb) * 1000, bytes: Number(size) };
  };
  const q = (xs: number[], f: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(f * xs.length))]!;
  once(link);
  const runs = Array.from({ length: 30 }, () => once(link));
  const plain = Bun.spawnSync(["curl", "-s", "-o", "/dev/null", "-w", "%{size_download}", base + link]).stdout.toString();
  console.log("the client's page /s/{token}, 10 candidates (curl from outside the process):");
  console.log(
    `  time to first byte p50 ${q(
      runs.map((r) => r.ms),
      0.5,
    ).toFixed(1)} ms, p95 ${q(
      runs.map((r) => r.ms),
      0.95,
    ).toFixed(1)} ms`,
  );
  console.log(`  on the wire ${(runs[0]!.bytes / 1024).toFixed(1)} kB compressed (${(Number(plain) / 1024).toFixed(1)} kB uncompressed), plus app.css once`);
  // The link allows 120 requests in 10 minutes: the times page is measured on a second contact's link.
  const joe = (await api(`/api/clients/${client.id}/contacts`, { json: { name: "Joe Bloggs", email: "joe@acme.example" } })).contact;
  await api(`/api/shortlists/${shortlist.id}/shares`, { json: { contactIds: [joe.id], allowScheduling: true } });
  const again = new Database(env.DATABASE_PATH, { readonly: true });
  const joeLink = again
    .query<{ text: string }, []>("select text from mail_messages where kind = 'shortlist_share' order by id desc limit 1")
    .get()!
    .text.match(/\/s\/[A-Za-z0-9_-]{20,}/)![0];
  again.close();
  const timesPath = `${joeLink}/${ids[0]}/times`;
  once(timesPath);
  const times = Array.from({ length: 30 }, () => once(timesPath));
  const starts = (await (await fetch(base + timesPath)).text()).match(/name="start"/g)?.length ?? 0;
  console.log(`the times page (the sharer's free starts of 14 days: ${starts} on the half hour), same run:`);
  console.log(
    `  time to first byte p50 ${q(
      times.map((r) => r.ms),
      0.5,
    ).toFixed(1)} ms, p95 ${q(
      times.map((r) => r.ms),
      0.95,
    ).toFixed(1)} ms; ${(times[0]!.bytes / 1024).toFixed(1)} kB compressed`,
  );

  const candidate = ids[0]!;
  const timeExtraction = async (name: string, bytes: Uint8Array) => {
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
      const { file } = await api(`/api/participants/${candidate}/files`, { body: form });
      const t0 = performance.now();
      for (;;) {
        const files = (await api(`/api/participants/${candidate}/files`)).files as { id: number; textStatus: string }[];
        const f = files.find((x) => x.id === file.id)!;
        if (f.textStatus !== "pending") {
          if (f.textStatus !== "done") throw new Error(`${name}: ${f.textStatus}`);
          break;
        }
        await Bun.sleep(5);
      }
      ms.push(performance.now() - t0);
      await api(`/api/files/${file.id}`, { method: "DELETE" });
    }
    console.log(`  ${name.padEnd(22)} median ${q(ms, 0.5).toFixed(0)} ms, slowest ${Math.max(...ms).toFixed(0)} ms (first run loads the library: ${ms[0]!.toFixed(0)} ms)`);
  };
  console.log("CV text extraction in the job queue (upload answered → text stored), 5 runs each:");
  await timeExtraction(`2-page PDF (${(tinyPdf([lines(1), lines(2)]).length / 1024).toFixed(0)} kB)`, tinyPdf([lines(1), lines(2)]));
  const docx = tinyDocx([...lines(1), ...lines(2)]);
  await timeExtraction(`2-page DOCX (${(docx.length / 1024).toFixed(0)} kB)`, docx);
  console.log(`(load average now: ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}; a shared 2-core machine, other engineers' tests running)`);
} finally {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
