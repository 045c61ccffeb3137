import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { FAKE_S3_KEY, FAKE_S3_SECRET, startFakeS3Objects } from "../../../test/fakes/s3-objects";
import { ConfigError, loadConfig } from "../../config/env";
import { describeFilesS3 } from "../../config/files-s3";
import { participantFiles } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";

// FILES_S3_URL (issue 39 item 4): the URL's two forms, its refusals at start, and what a
// recruiter gets when the bucket refuses or is down; erasure still removes the bytes later.

const bucket = startFakeS3Objects();
afterAll(() => bucket.stop());
const base = { APP_SECRET: "test-secret-test-secret-test-secret-0123", DATABASE_PATH: "/nonexistent-dir-for-config/frank.db" };

describe("FILES_S3_URL", () => {
  test("s3://bucket/prefix with the S3_* credentials, or an endpoint URL carrying them; a bad one stops the start naming it, without its secret", () => {
    const a = loadConfig({
      ...base,
      FILES_S3_URL: "s3://frank-files/cvs/",
      S3_ACCESS_KEY_ID: "AKID",
      S3_SECRET_ACCESS_KEY: "sekret",
      S3_ENDPOINT: "https://s3.example.com",
      S3_REGION: "eu-central-1",
    });
    expect(a.filesS3).toEqual({ bucket: "frank-files", prefix: "cvs", endpoint: "https://s3.example.com", region: "eu-central-1", accessKeyId: "AKID", secretAccessKey: "sekret" });
    const b = loadConfig({ ...base, FILES_S3_URL: "https://AKID2:se%2Fcret@minio.example.com:9000/frank/files/cvs?region=auto" });
    expect(b.filesS3).toEqual({ bucket: "frank", prefix: "files/cvs", endpoint: "https://minio.example.com:9000", region: "auto", accessKeyId: "AKID2", secretAccessKey: "se/cret" });
    expect(describeFilesS3(b.filesS3!)).toBe("s3://frank/files/cvs at https://minio.example.com:9000");
    expect(loadConfig(base).filesS3).toBeNull();

    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error("not refused");
    };
    const bad = refused({ FILES_S3_URL: "ftp://AKID:topsecret@host/bucket" });
    expect(bad).toStartWith("FILES_S3_URL must be an S3 location such as s3://bucket/prefix");
    expect(bad).not.toContain("topsecret");
    expect(refused({ FILES_S3_URL: "https://AKID:topsecret@host/" })).not.toContain("topsecret");
    expect(refused({ FILES_S3_URL: "s3://Bad_Bucket/x" })).toStartWith("FILES_S3_URL must be");
    expect(refused({ FILES_S3_URL: "s3://frank-files/cvs" })).toBe(
      "FILES_S3_URL is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too (or give them in the URL: https://KEY:SECRET@host/bucket/prefix)",
    );
  });

  test("a bucket that refuses the signature: the upload is refused plainly and leaves nothing behind", async () => {
    const t = makeTestApp({ FILES_S3_URL: `http://${FAKE_S3_KEY}:wrong-secret@127.0.0.1:${new URL(bucket.endpoint).port}/${bucket.bucket}/refused` });
    const u = await t.signUp();
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "s3-refused", name: "Ada Lovelace" });
    const form = new FormData();
    form.append("file", new File(["Ada Lovelace\nKubernetes\n"], "cv.txt"));
    const res = await t.request(`/api/participants/${p.id}/files`, { method: "POST", body: form, cookie: u.cookie, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe("file_store_unavailable");
    expect(body.message).toContain("SignatureDoesNotMatch");
    expect(body.message).not.toContain("wrong-secret");
    expect(t.deps.db.select().from(participantFiles).where(eq(participantFiles.participantId, p.id)).all()).toEqual([]);
    expect(bucket.requests.at(-1)).toMatchObject({ method: "PUT", refused: "signature does not match" });
    expect([...bucket.objects.keys()].some((k) => k.startsWith("refused/"))).toBe(false);
  });

  test("erasure while the bucket is down: the bytes go when it answers again; a file whose bytes are gone is a 404", async () => {
    const t = makeTestApp({ FILES_S3_URL: `s3://${bucket.bucket}/down`, S3_ENDPOINT: bucket.endpoint, S3_ACCESS_KEY_ID: FAKE_S3_KEY, S3_SECRET_ACCESS_KEY: FAKE_S3_SECRET });
    const u = await t.signUp();
    const upload = async (pid: number) => {
      const form = new FormData();
      form.append("file", new File(["Ada Lovelace\nKubernetes\n"], "cv.txt"));
      return (await (await t.request(`/api/participants/${pid}/files`, { method: "POST", body: form, cookie: u.cookie, headers: { origin: "http://localhost" } })).json()) as any;
    };
    const ada = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "s3-down-1", name: "Ada Lovelace" });
    const { file } = await upload(ada.id);
    const key = `down/${u.workspaceId}/${t.deps.db.select().from(participantFiles).where(eq(participantFiles.id, file.id)).get()!.storageKey}`;
    expect(bucket.objects.has(key)).toBe(true);

    bucket.failing.add("DELETE");
    expect((await t.request(`/api/participants/${ada.id}`, { method: "DELETE", cookie: u.cookie })).status).toBe(200);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect(bucket.objects.has(key)).toBe(true); // the bucket said no, twice
    bucket.failing.delete("DELETE");
    t.clock.set(new Date(t.clock.now().getTime() + 5 * 60_000));
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect(bucket.objects.has(key)).toBe(false);

    const bob = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "s3-down-2", name: "Bob Byte" });
    const second = (await upload(bob.id)).file;
    bucket.objects.clear();
    const gone = await t.request(`/api/files/${second.id}`, { cookie: u.cookie });
    expect([gone.status, ((await gone.json()) as any).message]).toEqual([404, "This file's content is missing from the file store"]);
  });
});
