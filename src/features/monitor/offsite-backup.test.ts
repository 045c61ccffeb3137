// Backups off the machine, against a local S3-compatible server: each backup is uploaded,
// the store keeps the newest BACKUP_KEEP, and `frank restore s3://…` brings one back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { tmpdir } from "node:os";
import { startFakeS3 } from "../../../test/fakes/s3";
import { makeTestApp } from "../../../test/helpers";
import { frankCommand } from "../../../test/kits/frank-command";

const frank = await frankCommand();
import { backupWithUpload, OffsiteBackupFailed, parseS3Url } from "./offsite-backup";

let s3: Awaited<ReturnType<typeof startFakeS3>>;
const dir = mkdtempSync(join(tmpdir(), "frank-offsite-"));
beforeAll(async () => {
  s3 = await startFakeS3("frank-backups");
});
afterAll(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Asynchronous: the S3 server runs in this process and must go on answering meanwhile.
async function cli(args: string[], env: Record<string, string>) {
  const p = Bun.spawn([...frank, ...args], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { stdout, stderr, exitCode };
}

describe("S3 backups", () => {
  test("s3:// locations", () => {
    expect(parseS3Url("s3://bucket/a/b/")).toEqual({ bucket: "bucket", prefix: "a/b" });
    expect(parseS3Url("s3://bucket")).toEqual({ bucket: "bucket", prefix: "" });
    expect(() => parseS3Url("https://bucket/x")).toThrow("not an S3 location");
  });

  test("each backup is uploaded and the store keeps the newest BACKUP_KEEP of this database", async () => {
    const t = makeTestApp({ ...s3.env, BACKUP_S3_URL: "s3://frank-backups/site-a/nightly", BACKUP_KEEP: "2" });
    await s3.client.write("site-a/nightly/notes.txt", "not a backup: left alone");
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(60_000);
      const r = await backupWithUpload(t.deps);
      expect(r.upload!.url).toBe(`s3://frank-backups/site-a/nightly/${basename(r.file)}`);
      names.push(basename(r.file));
    }
    expect(await s3.keys("site-a/")).toEqual(["site-a/nightly/notes.txt", `site-a/nightly/${names[1]}`, `site-a/nightly/${names[2]}`]);
    const uploaded = await s3.client.file(`site-a/nightly/${names[2]}`).bytes();
    expect(new TextDecoder().decode(uploaded.slice(0, 15))).toBe("SQLite format 3");
  });

  test("a failed upload keeps the local backup and says so", async () => {
    const t = makeTestApp({ ...s3.env, S3_ENDPOINT: "http://127.0.0.1:9", BACKUP_S3_URL: "s3://frank-backups/site-b" });
    const err = await backupWithUpload(t.deps).catch((e) => e);
    expect(err).toBeInstanceOf(OffsiteBackupFailed);
    expect(err.message).toContain("but its upload failed");
    expect(existsSync((err as OffsiteBackupFailed).local.file)).toBe(true);
  });

  test("frank backup uploads; frank restore s3://… brings the database back", async () => {
    const env = { ...s3.env, DATABASE_PATH: join(dir, "frank.db"), APP_SECRET: "s3-secret-s3-secret-s3-secret-s3-secret", BACKUP_S3_URL: "s3://frank-backups/site-c" };
    expect((await cli(["user", "create", "--email", "kept@example.com", "--password", "long-enough-pw"], env)).exitCode).toBe(0);
    const backup = await cli(["backup"], env);
    expect(backup.stderr).toBe("");
    expect(backup.exitCode).toBe(0);
    const url = /Uploaded: (s3:\/\/\S+)/.exec(backup.stdout)![1]!;
    expect(url).toStartWith("s3://frank-backups/site-c/frank-");

    // Lost after the backup: an account made later, then the file itself.
    expect((await cli(["user", "create", "--email", "later@example.com", "--password", "long-enough-pw"], env)).exitCode).toBe(0);
    rmSync(join(dir, "backups"), { recursive: true, force: true });

    const restore = await cli(["restore", url], env);
    expect(restore.stderr).toBe("");
    expect(restore.exitCode).toBe(0);
    expect(restore.stdout).toContain(`Restored ${url}`);
    const db = new Database(join(dir, "frank.db"), { readonly: true });
    expect(
      db
        .query<{ email: string }, []>("select email from users order by id")
        .all()
        .map((r) => r.email),
    ).toEqual(["kept@example.com"]);
    db.close();

    const missing = await cli(["restore", "s3://frank-backups/site-c/frank-20000101-000000-000.db"], env);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("no such backup in the store");
  });
});
