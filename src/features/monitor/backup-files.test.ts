import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { makeTestApp, sessionCookie } from "../../../test/helpers";
import { frankCommand } from "../../../test/kits/frank-command";
import { startFakeS3Objects } from "../../../test/fakes/s3-objects";
import { tinyDocx, tinyPdf } from "../../../test/kits/cv-fixtures";
import { loadConfig } from "../../config/env";
import { createDeps } from "../../bootstrap";
import { createApp } from "../../app";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { backupQueue } from "./db-backup";
import { filesInBackup } from "./backup-files";

// Issue 39 item 4: "backups and restore carry them". Files in the data folder travel inside the
// backup (an SQLite Archive table in the one backup file); with FILES_S3_URL they stay in the
// bucket and the backup says so. Restores run the real `frank restore` (the single binary).

const frank = await frankCommand();
const SECRET = "cli-secret-cli-secret-cli-secret-0123";
const scratch = mkdtempSync(join(tmpdir(), "frank-files-backup-"));
const bucket = startFakeS3Objects("frank-files");
afterAll(() => {
  bucket.stop();
  rmSync(scratch, { recursive: true, force: true });
});

// Spawned without blocking: the fake bucket answers from this process while the command runs.
const run = async (args: string[], dbPath: string, env: Record<string, string> = {}) => {
  const p = Bun.spawn([...frank, ...args], { env: { ...process.env, DATABASE_PATH: dbPath, APP_SECRET: SECRET, ...env }, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, out, err };
};

/** A workspace with a candidate and two CVs; returns what a download must give back. */
async function withFiles(t: ReturnType<typeof makeTestApp>) {
  const u = await t.signUp();
  const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `bf-${u.workspaceId}`, name: "Ada Lovelace" });
  const uploads: { id: number; bytes: Uint8Array }[] = [];
  for (const [bytes, name] of [
    [tinyPdf([["Ada Lovelace", "Kubernetes"]]), "cv.pdf"],
    [tinyDocx(["Ada Lovelace", "Terraform"]), "cv.docx"],
  ] as const) {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
    const res = await t.request(`/api/participants/${p.id}/files`, { method: "POST", body: form, cookie: u.cookie, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(201);
    uploads.push({ id: ((await res.json()) as any).file.id, bytes });
  }
  return { ...u, uploads };
}

/** A server on a restored database: signs in as the member and downloads each file. */
async function downloads(dbPath: string, email: string, password: string, ids: number[], env: Record<string, string> = {}) {
  const deps = createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: dbPath, APP_URL: "http://localhost", NODE_ENV: "test", ...env }), { quiet: true });
  try {
    const app = createApp(deps);
    const login = await app.handle(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) }));
    const cookie = sessionCookie(login);
    const out: (Uint8Array | number)[] = [];
    for (const id of ids) {
      const res = await app.handle(new Request(`http://localhost/api/files/${id}`, { headers: { cookie } }));
      out.push(res.status === 200 ? new Uint8Array(await res.arrayBuffer()) : res.status);
    }
    return out;
  } finally {
    deps.db.$client.close();
  }
}

const same = (a: Uint8Array | number | undefined, b: Uint8Array) => a instanceof Uint8Array && Buffer.from(a).equals(Buffer.from(b));

describe("backups carry the candidates' files", () => {
  test("data folder: the backup holds the files; restored into an empty data folder, downloads give the same bytes", async () => {
    const t = makeTestApp();
    const w = await withFiles(t);
    const r = await backupQueue(t.deps)();
    expect(r.files).toEqual({ count: 2, bytes: w.uploads[0]!.bytes.length + w.uploads[1]!.bytes.length, missing: 0 });
    expect(filesInBackup(r.file).count).toBe(2);

    // Another machine: an empty data folder, the backup restored by the command line.
    const dir = join(scratch, "disk");
    mkdirSync(dir);
    const dbPath = join(dir, "frank.db");
    const restored = await run(["restore", r.file], dbPath);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`Restored 2 candidate files (${r.files!.bytes} bytes) into the data folder (${join(dir, "files")}).`);
    const live = new Database(dbPath, { readonly: true });
    expect(live.query("select name from sqlite_master where name = 'sqlar'").all()).toEqual([]); // no second copy in the live file
    live.close();
    const got = await downloads(
      dbPath,
      w.email,
      w.password,
      w.uploads.map((u) => u.id),
    );
    expect(w.uploads.every((u, i) => same(got[i], u.bytes))).toBe(true);

    // The files folder and the database lost: the same backup brings both back.
    rmSync(join(dir, "files"), { recursive: true, force: true });
    rmSync(dbPath, { force: true });
    expect(existsSync(join(dir, "files"))).toBe(false);
    expect((await run(["restore", r.file], dbPath)).code).toBe(0);
    const again = await downloads(
      dbPath,
      w.email,
      w.password,
      w.uploads.map((u) => u.id),
    );
    expect(w.uploads.every((u, i) => same(again[i], u.bytes))).toBe(true);

    // `frank backup` says what it did with them.
    const backup = await run(["backup"], dbPath);
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/Candidate files: 2 files \(\d+ bytes\) from the data folder \(.*\) are in the backup\./);

    // A backup from the data folder restored where FILES_S3_URL is set: the files go to the bucket.
    const moved = join(scratch, "to-bucket");
    mkdirSync(moved);
    const s3env = { FILES_S3_URL: bucket.filesUrl("moved") };
    const toBucket = await run(["restore", r.file], join(moved, "frank.db"), s3env);
    expect(toBucket.code, toBucket.out + toBucket.err).toBe(0);
    expect(toBucket.out).toContain(`Restored 2 candidate files (${r.files!.bytes} bytes) into s3://frank-files/moved at ${bucket.endpoint}.`);
    expect(toBucket.out).not.toContain("frank-test-secret");
    expect(existsSync(join(moved, "files"))).toBe(false);
    const fromBucket = await downloads(
      join(moved, "frank.db"),
      w.email,
      w.password,
      w.uploads.map((u) => u.id),
      s3env,
    );
    expect(w.uploads.every((u, i) => same(fromBucket[i], u.bytes))).toBe(true);
  });

  test("FILES_S3_URL: the backup says plainly the files stay in the bucket; a restore finds them there", async () => {
    const env = { FILES_S3_URL: bucket.filesUrl("kept") };
    const t = makeTestApp(env);
    const w = await withFiles(t);
    const r = await backupQueue(t.deps)();
    expect([r.files, r.filesWhere]).toEqual([null, `s3://frank-files/kept at ${bucket.endpoint}`]);
    expect(filesInBackup(r.file).count).toBe(0);

    const dir = join(scratch, "s3");
    mkdirSync(dir);
    const dbPath = join(dir, "frank.db");
    expect((await run(["restore", r.file], dbPath, env)).out).toContain(`This backup holds no candidate files: they are kept in s3://frank-files/kept at ${bucket.endpoint}.`);
    const backup = await run(["backup"], dbPath, env);
    expect(backup.out).toContain(`Candidate files: not in this backup; they are kept in s3://frank-files/kept at ${bucket.endpoint}`);
    expect(backup.out + backup.err).not.toContain("frank-test-secret");
    const got = await downloads(
      dbPath,
      w.email,
      w.password,
      w.uploads.map((u) => u.id),
      env,
    );
    expect(w.uploads.every((u, i) => same(got[i], u.bytes))).toBe(true);
  });

  test("CVs still waiting as drafts travel too, and a confirmed draft's file (the same bytes) is carried once", async () => {
    const t = makeTestApp();
    const w = await withFiles(t);
    const draftCv = tinyDocx(["Grace Hopper", "grace@example.com", "COBOL"]);
    const form = new FormData();
    form.append("file", new File([draftCv as Uint8Array<ArrayBuffer>], "grace.docx"));
    const made = await t.request("/api/participants/from-files", { method: "POST", body: form, cookie: w.cookie, headers: { origin: "http://localhost" } });
    expect(made.status).toBe(201);
    const total = w.uploads[0]!.bytes.length + w.uploads[1]!.bytes.length + draftCv.length;
    expect((await backupQueue(t.deps)()).files).toEqual({ count: 3, bytes: total, missing: 0 });
    await t.deps.jobs.idle();
    const draftId = ((await made.json()) as any).drafts[0].id;
    const confirmed = await t.request(`/api/participant-drafts/${draftId}/confirm`, { method: "POST", json: { name: "Grace Hopper" }, cookie: w.cookie });
    expect(confirmed.status).toBe(201);
    expect((await backupQueue(t.deps)()).files).toEqual({ count: 3, bytes: total, missing: 0 });
  });
});
