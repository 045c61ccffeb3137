// The bytes of candidates' files in an S3-compatible bucket (FILES_S3_URL): objects
// <prefix>/<workspace>/<random key>, written and read with Bun's built-in S3 client (SigV4,
// nothing added to the binary), path-style at FILES_S3_URL's endpoint. Each call has a time limit.
import { randomToken } from "../crypto";
import { describeFilesS3, type FilesS3 } from "../../config/files-s3";
import { checkKey, fileMissing, storeUnavailable, type FileStore } from "./storage";

/** Each call's time limit: a write carries a file's bytes; a removal is small, and whoever waits on it is told soon. */
const S3_LIMITS = { callMs: 30_000, removeMs: 5_000 };

async function limited<T>(p: Promise<T>, what: string, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(storeUnavailable(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A store error without its request details (they can carry the bucket's address and headers). */
function failed(e: unknown, what: string): Error {
  const code = (e as { code?: string; name?: string }).code ?? (e as { name?: string }).name ?? "";
  if (code === "NoSuchKey" || /NoSuchKey|404/.test(String((e as Error).message))) return fileMissing();
  if ((e as { status?: number }).status) return e as Error;
  return storeUnavailable(`${what}: ${code || (e instanceof Error ? e.message : String(e)).slice(0, 120)}`);
}

export function s3Store(s: FilesS3, limits = S3_LIMITS): FileStore {
  const client = new Bun.S3Client({ bucket: s.bucket, accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, region: s.region, ...(s.endpoint ? { endpoint: s.endpoint } : {}) });
  const objectKey = (workspaceId: number, key: string) => `${s.prefix ? `${s.prefix}/` : ""}${Math.trunc(workspaceId)}/${checkKey(key)}`;
  const remove = async (name: string) => {
    try {
      await limited(client.delete(name), "removing a file", limits.removeMs);
    } catch (e) {
      const err = failed(e, "removing a file");
      if ((err as { status?: number }).status !== 404) throw err;
    }
  };
  const write = async (workspaceId: number, key: string, bytes: Uint8Array) => {
    const name = objectKey(workspaceId, key);
    const writing = client.write(name, bytes, { type: "application/octet-stream" });
    try {
      await limited(writing, "writing a file", limits.callMs);
    } catch (e) {
      // A failed write removes what it may have stored: now, and again once a write that went
      // unanswered does finish (the bucket got the bytes), so no object is left that no row names.
      void remove(name).catch(() => {});
      void writing.then(
        () => remove(name).catch(() => {}),
        () => {},
      );
      throw failed(e, "writing a file");
    }
  };
  return {
    kind: "s3",
    where: describeFilesS3(s),
    async put(workspaceId, bytes) {
      const key = randomToken(18);
      await write(workspaceId, key, bytes);
      return key;
    },
    putAt: write,
    async get(workspaceId, key) {
      try {
        return await limited(client.file(objectKey(workspaceId, key)).bytes(), "reading a file", limits.callMs);
      } catch (e) {
        throw failed(e, "reading a file");
      }
    },
    async remove(workspaceId, key) {
      await remove(objectKey(workspaceId, key));
    },
    async *list() {
      const prefix = s.prefix ? `${s.prefix}/` : "";
      let continuationToken: string | undefined;
      do {
        const page = await limited(client.list({ prefix, maxKeys: 1000, continuationToken }), "listing files", limits.callMs).catch((e) => {
          throw failed(e, "listing files");
        });
        for (const o of page.contents ?? []) {
          const m = /^(\d+)\/([A-Za-z0-9_-]{16,64})$/.exec(o.key.slice(prefix.length));
          if (m) yield { workspaceId: Number(m[1]), key: m[2]!, writtenAt: new Date(o.lastModified ?? 0) };
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
