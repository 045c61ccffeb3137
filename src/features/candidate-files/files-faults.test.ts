// Files under faults (issue 59): a full disk part-way through a write is a 507 and leaves no
// partial file; a bucket that takes the bytes but never answers leaves no object once the write
// is given up, and a removal from a hung bucket is answered within its own, shorter limit.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeS3Objects } from "../../../test/fakes/s3-objects";
import { loadConfig } from "../../config/env";
import { AppError } from "../../lib/errors";
import { isDiskFullError } from "../../db/busy";
import { diskStore, filesFolder, type WriteFile } from "./disk-store";
import { s3Store } from "./s3-store";

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
