// Backups that carry the candidates' files (decision 0039), timed from outside the process: the
// `frank backup` and `frank restore` commands (the sources, as `npm run frank` runs them) on a
// database with FILES candidates' files of 200 kB in the data folder, beside the same database
// with its files in a bucket (a fake S3 store on 127.0.0.1), which a backup does not copy.
// Usage: bun bench/files-backup.ts   (FILES, default 300)
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { startFakeS3Objects } from "../test/fakes/s3-objects";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants } = await import("../src/features/candidates/service");
const { uploadFile } = await import("../src/features/candidate-files/service");

const COUNT = Number(process.env.FILES ?? 300);
const SIZE = 200 * 1024;
const SECRET = "bench-secret-bench-secret-bench-secret-39";
const dir = mkdtempSync(join(tmpdir(), "frank-bench-files-"));
const bucket = startFakeS3Objects("bench-files");

/** A database with COUNT files of SIZE bytes (plain text: the sniffing accepts it) for 20 candidates. */
async function seed(folder: string, env: Record<string, string>) {
  mkdirSync(folder, { recursive: true });
  const deps = createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: join(folder, "frank.db"), ...env }), { quiet: true });
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  addParticipants(
    deps,
    user.workspaceId,
    Array.from({ length: Math.ceil(COUNT / 20) }, (_, i) => ({ uniqueId: `b-${i}`, name: `Bench ${i}` })),
  );
  const ids = deps.db.$client
    .query<{ id: number }, []>("select id from participants order by id")
    .all()
    .map((r) => r.id);
  for (let i = 0; i < COUNT; i++) {
    const text = `CV ${i}\n` + "Kubernetes, Go and Postgres for a retail bank. ".repeat(SIZE / 48);
    await uploadFile(deps, user.workspaceId, ids[Math.floor(i / 20)]!, new File([text.slice(0, SIZE)], `cv${i}.txt`), "system", user.id);
  }
  // Their text read (and indexed) as it would be, before the database is closed.
  await deps.jobs.runDue();
  await deps.jobs.idle();
  deps.db.$client.close();
}

async function frank(args: string[], folder: string, env: Record<string, string>) {
  const t0 = performance.now();
  const p = Bun.spawn(["./node_modules/.bin/bun", "src/main.ts", ...args], {
    env: { ...process.env, APP_SECRET: SECRET, DATABASE_PATH: join(folder, "frank.db"), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  if (code !== 0) throw new Error(`frank ${args.join(" ")}: ${err || out}`);
  return { ms: performance.now() - t0, out };
}

try {
  const cases = [
    { name: "files in the data folder (carried)", folder: join(dir, "disk"), env: {} as Record<string, string> },
    { name: "files in a bucket (not copied)", folder: join(dir, "s3"), env: { FILES_S3_URL: bucket.filesUrl("bench") } },
  ];
  for (const c of cases) await seed(c.folder, c.env);
  console.log(`${COUNT} files of ${SIZE / 1024} kB (${((COUNT * SIZE) / 1024 / 1024).toFixed(0)} MB), load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}:`);
  for (const c of cases) {
    const backup = await frank(["backup"], c.folder, c.env);
    const file = /Backup written: (\S+)/.exec(backup.out)![1]!;
    const restoreInto = join(dir, `restored-${cases.indexOf(c)}`);
    mkdirSync(restoreInto);
    const restore = await frank(["restore", file], restoreInto, c.env);
    console.log(`  ${c.name.padEnd(36)} frank backup ${backup.ms.toFixed(0)} ms, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB; frank restore ${restore.ms.toFixed(0)} ms`);
  }
} finally {
  bucket.stop();
  rmSync(dir, { recursive: true, force: true });
}
