// Files under faults (issue 59): a full disk part-way through a write is a 507 and leaves no
// partial file; a bucket that takes the bytes but never answers leaves no object once the write
// is given up, and a removal from a hung bucket is answered within its own, shorter limit; the
// daily sweep removes stored files no row names, from the data folder and from a bucket.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeS3Objects } from "../../../test/fakes/s3-objects";
import { loadConfig } from "../../config/env";
import { AppError } from "../../lib/errors";
import { isDiskFullError } from "../../db/busy";
import { diskStore, filesFolder, type DiskStore, type WriteFile } from "../../lib/files/disk-store";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { sweepOrphanFiles } from "./orphans";
import { storedKeysIn } from "./stored-keys";
import { s3Store } from "../../lib/files/s3-store";

const dir = mkdtempSync(join(tmpdir(), "frank-files-faults-"));
const bucket = startFakeS3Objects();
afterAll(() => {
  bucket.release();
  bucket.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The file system of a disk with `room` bytes left: a write stores what fits, then fails with ENOSPC. */
const fullDisk =
  (room: number): WriteFile =>
  (path, bytes, opts) => {
    writeFileSync(path, bytes.subarray(0, room), opts);
    if (bytes.length > room) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
  };

describe("a full disk during a file's write", () => {
  for (const room of [0, 1000]) {
    test(`${room ? "a partial" : "an empty"} file is removed and the answer is 507`, async () => {
      const store = diskStore(dir, fullDisk(room));
      const err = await store.put(7, new Uint8Array(50_000).fill(65)).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 507, code: "disk_full", message: "The server is out of disk space" });
      expect(readdirSync(join(filesFolder(dir), "7"))).toEqual([]);
    });
  }
  test("an out-of-space error from anywhere else in a request is 507 too", () => {
    expect(isDiskFullError(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error("EACCES"), { code: "EACCES" }))).toBe(false);
  });
});

describe("a hung bucket", () => {
  const s3 = () =>
    s3Store(loadConfig({ APP_SECRET: "test-secret-test-secret-test-secret-0123", DATABASE_PATH: join(dir, "x.db"), FILES_S3_URL: bucket.filesUrl("cvs") }).filesS3!, { callMs: 300, removeMs: 300 });

  test("a write it took but never answered is a 503, and its object is removed once the bucket answers", async () => {
    bucket.hung.add("PUT");
    const started = Date.now();
    const err = await s3()
      .put(3, new Uint8Array([1, 2, 3]))
      .catch((e) => e);
    expect(err).toMatchObject({ status: 503, code: "file_store_unavailable" });
    expect(Date.now() - started).toBeLessThan(2000);
    expect([...bucket.objects.keys()].filter((k) => k.startsWith("cvs/3/"))).toHaveLength(1);
    bucket.release();
    for (let i = 0; i < 100 && [...bucket.objects.keys()].some((k) => k.startsWith("cvs/3/")); i++) await Bun.sleep(20);
    expect([...bucket.objects.keys()].filter((k) => k.startsWith("cvs/3/"))).toEqual([]);
  });

  test("a removal waits no longer than its limit", async () => {
    const store = s3();
    const key = await store.put(4, new Uint8Array([4]));
    bucket.hung.add("DELETE");
    const started = Date.now();
    const err = await store.remove(4, key).catch((e) => e);
    expect(err).toMatchObject({ status: 503 });
    expect(Date.now() - started).toBeLessThan(2000);
    bucket.release();
  });
});

describe("through the upload route", () => {
  const filesDir = mkdtempSync(join(tmpdir(), "frank-files-full-"));
  afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
  const t = makeTestApp({}, { files: diskStore(filesDir, fullDisk(1000)) });

  test("a CV upload onto a full disk answers 507 in the one envelope, and leaves neither a file nor a row", async () => {
    const u = await t.signUp();
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "full-1", name: "Ada Lovelace", emailAddress: "ada@example.com" });
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("Ada Lovelace\n" + "Kubernetes, Go, Postgres\n".repeat(200))], "cv.txt", { type: "text/plain" }));
    const res = await t.request(`/api/participants/${p.id}/files`, { method: "POST", cookie: u.cookie, body: form, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(507);
    expect(await res.json()).toMatchObject({ code: "disk_full", message: "The server is out of disk space" });
    expect(readdirSync(join(filesFolder(filesDir), String(u.workspaceId)))).toEqual([]);
    expect(((await (await t.request(`/api/participants/${p.id}/files`, { cookie: u.cookie })).json()) as { files: unknown[] }).files).toEqual([]);
  });
});

describe("the orphan sweep", () => {
  const t = makeTestApp();

  test("removes stored files no row names once past the grace period; a file with its row, or a recent one, stays", async () => {
    const u = await t.signUp();
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "orphan-1", name: "Ada Lovelace", emailAddress: "ada@example.com" });
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("Ada Lovelace\nKubernetes, Go, Postgres\n")], "cv.txt", { type: "text/plain" }));
    const res = await t.request(`/api/participants/${p.id}/files`, { method: "POST", cookie: u.cookie, body: form, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(201);
    const store = t.deps.files as DiskStore;
    const named = [...storedKeysIn(t.deps.db.$client)].find((k) => k.workspaceId === u.workspaceId)!;
    // An upload's bytes whose row never came (a crash between the two), two days ago; and one on its way now.
    const orphan = await store.put(u.workspaceId, new Uint8Array(100).fill(65));
    const onItsWay = await store.put(u.workspaceId, new Uint8Array(100).fill(66));
    const twoDaysAgo = new Date(t.clock.now().getTime() - 2 * 86_400_000);
    utimesSync(store.pathOf(u.workspaceId, orphan), twoDaysAgo, twoDaysAgo);
    utimesSync(store.pathOf(u.workspaceId, named.key), twoDaysAgo, twoDaysAgo);

    const r = await sweepOrphanFiles(t.deps);
    expect(r.removed).toBe(1);
    expect(readdirSync(join(filesFolder(t.deps.config.dataDir), String(u.workspaceId))).sort()).toEqual([named.key, onItsWay].sort());
    expect((await t.request(`/api/files/${((await res.json()) as { file: { id: number } }).file.id}`, { cookie: u.cookie })).status).toBe(200);
  });
});

describe("the orphan sweep in an S3 bucket", () => {
  const prefix = "sweep";
  const t = makeTestApp({ FILES_S3_URL: bucket.filesUrl(prefix) });
  const inBucket = (under: string) => [...bucket.objects.keys()].filter((k) => k.startsWith(under)).sort();

  test("through Frank's S3 client, page by page (ListObjectsV2): an orphan past the grace period leaves the bucket; a young one, every object a row names, and objects outside Frank's prefix stay", async () => {
    const u = await t.signUp();
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "orphan-s3", name: "Ada Lovelace", emailAddress: "ada@example.com" });
    const ids: number[] = [];
    for (const name of ["cv.txt", "cover.txt"]) {
      const form = new FormData();
      form.append("file", new File([new TextEncoder().encode(`Ada Lovelace\nKubernetes, Go, Postgres\n${name}\n`)], name, { type: "text/plain" }));
      const res = await t.request(`/api/participants/${p.id}/files`, { method: "POST", cookie: u.cookie, body: form, headers: { origin: "http://localhost" } });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { file: { id: number } }).file.id);
    }
    await t.deps.jobs.idle();
    const store = t.deps.files;
    expect(store.kind).toBe("s3");
    const named = storedKeysIn(t.deps.db.$client)
      .filter((k) => k.workspaceId === u.workspaceId)
      .map((k) => `${prefix}/${u.workspaceId}/${k.key}`);
    expect(named.length).toBeGreaterThanOrEqual(2);
    // An upload's bytes whose row never came, two days ago; one on its way now; and, two days old,
    // another workspace's object under a key a row of this workspace names (the workspace is part of the name).
    const orphan = `${prefix}/${u.workspaceId}/${await store.put(u.workspaceId, new Uint8Array(100).fill(65))}`;
    const young = `${prefix}/${u.workspaceId}/${await store.put(u.workspaceId, new Uint8Array(100).fill(66))}`;
    const elsewhere = `${prefix}/${u.workspaceId + 1000}/${named[0]!.split("/").at(-1)}`;
    await store.putAt(u.workspaceId + 1000, named[0]!.split("/").at(-1)!, new Uint8Array([1]));
    // Beside Frank's objects in the bucket: outside its prefix, and a name under it that is not a file's.
    bucket.objects.set("other/7/AAAAAAAAAAAAAAAAAAAAAAAA", new Uint8Array([2]));
    bucket.objects.set(`${prefix}/README`, new Uint8Array([3]));
    const twoDaysAgo = new Date(t.clock.now().getTime() - 2 * 86_400_000);
    for (const k of [orphan, elsewhere, ...named, "other/7/AAAAAAAAAAAAAAAAAAAAAAAA", `${prefix}/README`]) bucket.written.set(k, twoDaysAgo);

    bucket.pageSize = 2;
    const listsBefore = bucket.requests.filter((r) => r.method === "GET" && r.key === "").length;
    const r = await sweepOrphanFiles(t.deps).finally(() => (bucket.pageSize = 1000));
    const lists = bucket.requests.filter((r) => r.method === "GET" && r.key === "").length - listsBefore;

    expect(r).toEqual({ checked: named.length + 3, removed: 2 });
    // Every page was read: the objects under the prefix, two to a page.
    expect(lists).toBe(Math.ceil((named.length + 4) / 2));
    expect(inBucket(`${prefix}/`)).toEqual([...named, young, `${prefix}/README`].sort());
    expect(inBucket("other/")).toEqual(["other/7/AAAAAAAAAAAAAAAAAAAAAAAA"]);
    for (const id of ids) expect((await t.request(`/api/files/${id}`, { cookie: u.cookie })).status).toBe(200);
  });
});

describe("the fake bucket's ListObjectsV2", () => {
  test("prefix, max-keys and continuation tokens, as Bun's S3 client reads them; a signed request only", async () => {
    const own = startFakeS3Objects("list-bucket");
    try {
      const client = new Bun.S3Client({ accessKeyId: "FRANKTESTKEY", secretAccessKey: "frank-test-secret-0123456789", endpoint: own.endpoint, bucket: "list-bucket", region: "us-east-1" });
      for (const k of ["a/1", "a/2", "a/3", "a/4", "a/5", "b/1"]) await client.write(k, "x");
      const first = await client.list({ prefix: "a/", maxKeys: 2 });
      expect(first.contents?.map((o) => o.key)).toEqual(["a/1", "a/2"]);
      expect(first.isTruncated).toBe(true);
      const second = await client.list({ prefix: "a/", maxKeys: 2, continuationToken: first.nextContinuationToken });
      expect(second.contents?.map((o) => o.key)).toEqual(["a/3", "a/4"]);
      const last = await client.list({ prefix: "a/", maxKeys: 2, continuationToken: second.nextContinuationToken });
      expect(last.contents?.map((o) => o.key)).toEqual(["a/5"]);
      expect(last.isTruncated).toBe(false);
      expect(last.nextContinuationToken).toBeUndefined();
      expect((await client.list({ prefix: "b/" })).contents?.map((o) => [o.key, o.size])).toEqual([["b/1", 1]]);
      const forged = new Bun.S3Client({ accessKeyId: "FRANKTESTKEY", secretAccessKey: "wrong", endpoint: own.endpoint, bucket: "list-bucket", region: "us-east-1" });
      expect(await forged.list({ prefix: "a/" }).catch((e) => e)).toBeInstanceOf(Error);
    } finally {
      own.stop();
    }
  });
});
