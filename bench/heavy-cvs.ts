// Does the server keep answering while hostile CVs are read? /healthz timed on the wire, from a
// process of its own (healthz-probe.ts), first with nothing to do (the baseline of the same run),
// then while five PDFs of 16,000 pages (uploaded to a candidate) and five DOCX files of 15,000
// paragraphs (one "Add candidates from CVs" upload) are read, then quiet again. The server is the
// single binary production runs (built for the sources as they are); FRANK=source runs
// `bun src/main.ts` instead.
// Usage: bun bench/heavy-cvs.ts
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { manyPages, tinyDocx } from "../test/kits/cv-fixtures";
import { compiledBinary } from "../test/kits/compiled-binary";
import { freePort, load, signIn } from "./wire";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");

const SECRET = "bench-secret-bench-secret-bench-secret-44";
const PASSWORD = "bench-password-123";
const dir = mkdtempSync(join(tmpdir(), "frank-bench-heavy-"));
const db = join(dir, "frank.db");

/** The workspace and the candidate the PDFs go to. */
async function seed(): Promise<number> {
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: db }), { quiet: true })).context;
  const user = await createUser(deps, { email: "bench@example.com", password: PASSWORD, name: "Bench" });
  const id = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: "heavy-1", name: "Ada Lovelace", emailAddress: "ada@example.com" }).id;
  await deps.jobs.stop(0);
  deps.db.$client.close();
  return id;
}

async function command(): Promise<string[]> {
  if (process.env.FRANK === "source") return ["./node_modules/.bin/bun", "src/main.ts"];
  const built = await compiledBinary();
  if (built.exitCode !== 0) throw new Error(`building the binary failed:\n${built.output}`);
  return [built.path];
}

/** /healthz asked from a process of its own (healthz-probe.ts) until `until` resolves, or for `ms`: every answer's time. */
async function healthz(base: string, until: Promise<unknown> | number): Promise<number[]> {
  const probe = Bun.spawn(["./node_modules/.bin/bun", "bench/healthz-probe.ts", base], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  await (typeof until === "number" ? Bun.sleep(until) : until.catch(() => {}));
  await probe.stdin.end();
  const out = await new Response(probe.stdout).text();
  if ((await probe.exited) !== 0) throw new Error("the /healthz probe failed");
  return JSON.parse(out) as number[];
}

function line(name: string, ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))]!.toFixed(1);
  return `  ${name.padEnd(44)} p50 ${q(0.5).padStart(6)} ms   p99 ${q(0.99).padStart(6)} ms   max ${s.at(-1)!.toFixed(1).padStart(7)} ms   (${ms.length} answers)`;
}

const kb = (b: Uint8Array) => `${Math.round(b.length / 1024)} kB`;
const memory = (pid: number, field: "VmHWM" | "VmRSS") => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "latin1"))?.[1] ?? 0) / 1024;

const candidateId = await seed();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = Bun.spawn([...(await command()), "serve"], {
  env: {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    APP_SECRET: SECRET,
    DATABASE_PATH: db,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: base,
    LOG_LEVEL: "error",
  },
  stdout: "ignore",
  stderr: "ignore",
});
try {
  for (let i = 0; (await fetch(`${base}/healthz`).catch(() => null))?.status !== 200; i++) {
    if (i > 600 || server.exitCode !== null) throw new Error("the server did not start");
    await Bun.sleep(50);
  }
  const cookie = await signIn(base, "bench@example.com", PASSWORD);
  const pdf = manyPages(16_000);
  const docx = tinyDocx(Array.from({ length: 15_000 }, (_, i) => `Paragraph ${i} of a long CV, with Kubernetes and Go`));
  const post = async (path: string, files: { bytes: Uint8Array; name: string }[]) => {
    const form = new FormData();
    for (const f of files) form.append("file", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name));
    const res = await fetch(base + path, { method: "POST", body: form, headers: { cookie, origin: base } });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  const get = async (path: string) => (await fetch(base + path, { headers: { cookie } })).json() as Promise<any>;

  console.log(`/healthz on the wire (${load()}); hostile: 5 PDFs of 16,000 pages (${kb(pdf)} each), 5 DOCX of 15,000 paragraphs (${kb(docx)} each)`);
  await healthz(base, 500); // warm
  const rssBefore = memory(server.pid, "VmRSS");
  console.log(line("quiet", await healthz(base, 5000)));

  const from = performance.now();
  const uploads = (async () => {
    for (let i = 0; i < 5; i++) await post(`/api/participants/${candidateId}/files`, [{ bytes: pdf, name: `huge-${i}.pdf` }]);
    await post(
      "/api/participants/from-files",
      Array.from({ length: 5 }, (_, i) => ({ bytes: docx, name: `long-${i}.docx` })),
    );
  })();
  // Until every file is read or refused, and every draft proposed.
  const settled = (async () => {
    await uploads;
    for (;;) {
      const files = (await get(`/api/participants/${candidateId}/files`)).files as { textStatus: string; textNote: string | null }[];
      const drafts = (await get("/api/participant-drafts")).drafts as { status: string; note: string | null }[];
      if (files.length === 5 && drafts.length === 5 && !files.some((f) => f.textStatus === "pending") && !drafts.some((d) => d.status === "reading")) return { files, drafts };
      await Bun.sleep(100);
    }
  })();
  const busy = await healthz(base, settled);
  const { files, drafts } = await settled;
  const took = (performance.now() - from) / 1000;
  console.log(line("while 5 PDFs and 5 DOCX files are read", busy));
  console.log(line("quiet again, after", await healthz(base, 5000)));
  console.log(`  all ten settled in ${took.toFixed(1)} s; server memory ${rssBefore.toFixed(0)} MB before, peak ${memory(server.pid, "VmHWM").toFixed(0)} MB`);
  const tally = (xs: string[]) => [...new Set(xs)].map((x) => `${xs.filter((y) => y === x).length} × ${x}`).join("; ");
  console.log(`  PDFs:  ${tally(files.map((f) => `${f.textStatus}${f.textNote ? ` (${f.textNote})` : ""}`))}`);
  console.log(`  DOCX:  ${tally(drafts.map((d) => `${d.status}${d.note ? ` (${d.note})` : ""}`))}`);
} finally {
  server.kill();
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
