// The single binary's bytecode build as ESM (decision 0039) beside the CommonJS build it replaced
// (decision 0006), in the same run: size, cold start to the first 200 from an empty folder
// (alternating the two, 7 starts each), and, in the ESM binary, the time from a PDF's upload to
// its text stored (pdf.js loads on the first PDF). The CommonJS build cannot hold pdf.js, so it
// is built here with the PDF library left out the way it was before (a specifier the bundler
// does not follow), which is what the comparison is about.
// Usage: bun bench/binary-format.ts
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { BUILD_FLAGS, ENTRY_POINTS } from "../scripts/build-binary";
import { tinyPdf } from "../test/kits/cv-fixtures";

const work = mkdtempSync(join(tmpdir(), "frank-format-"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function build(name: string, flags: string[], cwd = process.cwd()): string {
  const out = join(work, name);
  const r = Bun.spawnSync([process.execPath, "build", ...flags, "--define", 'FRANK_COMMIT="bench"', ...ENTRY_POINTS, "--outfile", out], { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${name}: ${r.stderr.toString()}`);
  return out;
}

// The CommonJS baseline: a copy of the sources with unpdf behind a computed specifier, as before.
Bun.spawnSync(["cp", "-r", "src", "public", "migrations", "package.json", "tsconfig.json", work]);
symlinkSync(join(process.cwd(), "node_modules"), join(work, "node_modules"));
const extract = join(work, "src/features/candidate-files/extract.ts");
writeFileSync(extract, readFileSync(extract, "utf8").replace('await import("unpdf")', '(await import(["un", "pdf"].join(""))) as typeof import("unpdf")'));
const cjs = build(
  "frank-cjs",
  BUILD_FLAGS.filter((f) => f !== "--format=esm"),
  work,
);
const esm = build("frank-esm", BUILD_FLAGS);

const env = { ...process.env, APP_SECRET: "bench-secret-bench-secret-bench-secret-00", NODE_ENV: "production" };
async function start(bin: string, port: number, opts: { demo?: boolean } = {}) {
  const dir = mkdtempSync(join(work, "run-"));
  copyFileSync(bin, join(dir, "frank"));
  mkdirSync(join(dir, "data"));
  const t0 = performance.now();
  const proc = Bun.spawn([join(dir, "frank"), "serve", ...(opts.demo ? ["--demo"] : [])], {
    cwd: dir,
    env: { ...env, PORT: String(port), DATABASE_PATH: join(dir, "data/frank.db") },
    stdout: "ignore",
    stderr: "ignore",
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) break;
    } catch {}
    if (performance.now() - t0 > 15_000) throw new Error("server did not start");
    await Bun.sleep(2);
  }
  return { ms: performance.now() - t0, proc, dir };
}

const starts: Record<string, number[]> = { cjs: [], esm: [] };
for (let i = 0; i < 7; i++) {
  for (const [name, bin] of [
    ["cjs", cjs],
    ["esm", esm],
  ] as const) {
    const s = await start(bin, 3490);
    starts[name]!.push(s.ms);
    s.proc.kill();
    await s.proc.exited;
    rmSync(s.dir, { recursive: true, force: true });
  }
}

// PDF text in the ESM binary: upload to text stored, first (loads pdf.js) and the median of 5 more.
const s = await start(esm, 3491, { demo: true });
const base = "http://127.0.0.1:3491";
const demo = await fetch(`${base}/api/auth/demo-login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
const cookie = demo.headers
  .getSetCookie()
  .find((c) => c.startsWith("frank_session="))!
  .split(";")[0]!;
const someone = ((await (await fetch(`${base}/api/participants?limit=1`, { headers: { cookie } })).json()) as { participants: { id: number }[] }).participants[0]!;
const pdf = tinyPdf([["Ada Lovelace", "Kubernetes and payments"], ["Second page"]]);
const reads: number[] = [];
for (let i = 0; i < 6; i++) {
  const form = new FormData();
  form.append("file", new File([pdf as Uint8Array<ArrayBuffer>], `cv${i}.pdf`));
  const t0 = performance.now();
  const up = (await (await fetch(`${base}/api/participants/${someone.id}/files`, { method: "POST", body: form, headers: { cookie, origin: base } })).json()) as { file: { id: number } };
  for (;;) {
    const files = ((await (await fetch(`${base}/api/participants/${someone.id}/files`, { headers: { cookie } })).json()) as { files: { id: number; textStatus: string }[] }).files;
    const st = files.find((f) => f.id === up.file.id)!.textStatus;
    if (st !== "pending") {
      if (st !== "done") throw new Error(`text ${st}`);
      break;
    }
    await Bun.sleep(2);
  }
  reads.push(performance.now() - t0);
}
s.proc.kill();
await s.proc.exited;

const mib = (f: string) => (statSync(f).size / 1024 / 1024).toFixed(1);
console.log(`load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
console.log(`size:        CommonJS ${mib(cjs)} MiB (no pdf.js), ESM ${mib(esm)} MiB (with pdf.js)`);
console.log(
  `cold start:  CommonJS median ${median(starts.cjs!).toFixed(0)} ms (${starts.cjs!.map((x) => x.toFixed(0)).join(", ")}), ESM median ${median(starts.esm!).toFixed(0)} ms (${starts.esm!.map((x) => x.toFixed(0)).join(", ")})`,
);
console.log(`PDF text in the ESM binary, upload to text stored: first ${reads[0]!.toFixed(0)} ms (loads pdf.js), then median ${median(reads.slice(1)).toFixed(0)} ms`);
rmSync(work, { recursive: true, force: true });
