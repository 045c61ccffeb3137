// A small S3-compatible object store for tests on 127.0.0.1: one bucket, path-style
// (/bucket/key), PUT, GET, HEAD and DELETE of objects kept in memory, ListObjectsV2 of the
// bucket (GET /bucket?list-type=2: prefix, start-after, max-keys and continuation tokens, in key
// order, with each object's LastModified), and every request's AWS
// Signature V4 checked against the one access key and secret it knows (an unsigned request or
// a wrong signature is 403, as S3 answers). It records what it was asked, so a test can see that
// the bytes really went to the bucket and that erasure removed them.
import { createHash, createHmac } from "node:crypto";

export const FAKE_S3_KEY = "FRANKTESTKEY";
export const FAKE_S3_SECRET = "frank-test-secret-0123456789";

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const sha256hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

function s3Error(status: number, code: string, message: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`, { status, headers: { "content-type": "application/xml" } });
}

/** Why a request's signature is not the one its secret makes, or null when it is. */
function signatureProblem(req: Request, url: URL, body: Uint8Array, secret: string, accessKey: string): string | null {
  const auth = req.headers.get("authorization") ?? "";
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return "unsigned";
  const [, key, date, region, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
  if (key !== accessKey) return "unknown access key";
  const amzDate = req.headers.get("x-amz-date") ?? "";
  if (!amzDate.startsWith(date)) return "x-amz-date does not match the credential's date";
  const payloadHash = req.headers.get("x-amz-content-sha256") ?? "";
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256hex(body)) return "the body is not the one signed";
  const names = signedHeaders.split(";");
  if (!names.includes("host")) return "host is not signed";
  const headers = names.map((n) => `${n}:${(n === "host" ? (req.headers.get("host") ?? url.host) : (req.headers.get(n) ?? "")).trim().replace(/\s+/g, " ")}\n`).join("");
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256hex(canonical)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), "s3"), "aws4_request");
  return createHmac("sha256", signingKey).update(toSign).digest("hex") === signature ? null : "signature does not match";
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** Objects by key (without the bucket). */
  objects: Map<string, Uint8Array>;
  /** When each object was written (ListObjectsV2's LastModified); a test may set it back. */
  written: Map<string, Date>;
  /** The most keys one list page holds, whatever max-keys asks (S3's own limit is 1,000). */
  pageSize: number;
  /** Every request: method, key, and why it was refused (null: served). */
  requests: { method: string; key: string; refused: string | null }[];
  /** Methods answered 503 (after the signature check): a store that is down for them. */
  failing: Set<string>;
  /** Methods that hang (a PUT stores its object first, as a bucket that got the bytes but never answers) until release(). */
  hung: Set<string>;
  release(): void;
  /** FILES_S3_URL for this store, credentials in it, under `prefix`. */
  filesUrl(prefix?: string): string;
  stop(): void;
}

/** Starts the store on a free port of 127.0.0.1 (synchronously: its address is known at once). */
export function startFakeS3Objects(bucket = "frank-files", opts: { accessKey?: string; secret?: string } = {}): FakeS3 {
  const accessKey = opts.accessKey ?? FAKE_S3_KEY;
  const secret = opts.secret ?? FAKE_S3_SECRET;
  const objects = new Map<string, Uint8Array>();
  const written = new Map<string, Date>();
  const requests: FakeS3["requests"] = [];
  const failing = new Set<string>();
  const hung = new Set<string>();
  let released = Promise.withResolvers<void>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const [first = "", ...rest] = url.pathname.replace(/^\//, "").split("/");
      const key = decodeURIComponent(rest.join("/"));
      const body = new Uint8Array(await req.arrayBuffer());
      const refused = signatureProblem(req, url, body, secret, accessKey);
      requests.push({ method: req.method, key, refused });
      if (refused) return s3Error(403, refused === "unsigned" ? "AccessDenied" : "SignatureDoesNotMatch", refused);
      if (decodeURIComponent(first) !== bucket) return s3Error(404, "NoSuchBucket", "The specified bucket does not exist");
      if (failing.has(req.method)) return s3Error(503, "ServiceUnavailable", "Please reduce your request rate.");
      if (!key) return req.method === "GET" && url.searchParams.get("list-type") === "2" ? list(url.searchParams) : s3Error(400, "InvalidRequest", "Only objects and ListObjectsV2 are served here");
      if (hung.has(req.method)) {
        if (req.method === "PUT") put(key, body);
        await released.promise;
      }
      switch (req.method) {
        case "PUT":
          put(key, body);
          return new Response(null, { status: 200, headers: { etag: `"${sha256hex(body).slice(0, 32)}"` } });
        case "GET":
        case "HEAD": {
          const o = objects.get(key);
          if (!o) return req.method === "HEAD" ? new Response(null, { status: 404 }) : s3Error(404, "NoSuchKey", "The specified key does not exist.");
          return new Response(req.method === "HEAD" ? null : (o as Uint8Array<ArrayBuffer>), {
            headers: { "content-type": "application/octet-stream", "content-length": String(o.length), etag: `"${sha256hex(o).slice(0, 32)}"` },
          });
        }
        case "DELETE":
          objects.delete(key);
          written.delete(key);
          return new Response(null, { status: 204 });
        default:
          return s3Error(405, "MethodNotAllowed", "The method is not allowed");
      }
    },
  });
  const put = (key: string, body: Uint8Array) => {
    objects.set(key, body);
    written.set(key, new Date());
  };
  /**
   * ListObjectsV2: the keys under prefix in key order, after start-after or the continuation
   * token (the last key of the page before, opaque to the client), at most max-keys (and the
   * store's page size) to a page; IsTruncated and NextContinuationToken while more follow.
   */
  function list(q: URLSearchParams): Response {
    if (q.get("delimiter")) return s3Error(501, "NotImplemented", "A delimiter is not supported by this store");
    const prefix = q.get("prefix") ?? "";
    const maxKeys = q.has("max-keys") ? Number(q.get("max-keys")) : 1000;
    if (!Number.isInteger(maxKeys) || maxKeys < 0) return s3Error(400, "InvalidArgument", "max-keys must be a non-negative integer");
    const token = q.get("continuation-token");
    let after = q.get("start-after") ?? "";
    if (token !== null) {
      const m = /^fk1\.(.*)$/.exec(Buffer.from(token, "base64url").toString());
      if (!m) return s3Error(400, "InvalidArgument", "The continuation token provided is incorrect");
      after = m[1]!;
    }
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, Math.min(maxKeys, state.pageSize));
    const truncated = page.length < keys.length;
    const xml = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const contents = page.map((k) => {
      const o = objects.get(k)!;
      return `<Contents><Key>${xml(k)}</Key><LastModified>${(written.get(k) ?? new Date(0)).toISOString()}</LastModified><ETag>&quot;${sha256hex(o).slice(0, 32)}&quot;</ETag><Size>${o.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    });
    const body = [
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">`,
      `<Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>`,
      token !== null ? `<ContinuationToken>${xml(token)}</ContinuationToken>` : "",
      truncated ? `<NextContinuationToken>${Buffer.from(`fk1.${page.at(-1)}`).toString("base64url")}</NextContinuationToken>` : "",
      q.has("start-after") ? `<StartAfter>${xml(q.get("start-after")!)}</StartAfter>` : "",
      ...contents,
      `</ListBucketResult>`,
    ].join("");
    return new Response(body, { headers: { "content-type": "application/xml" } });
  }
  const endpoint = `http://127.0.0.1:${server.port}`;
  const state: FakeS3 = {
    endpoint,
    bucket,
    objects,
    written,
    pageSize: 1000,
    requests,
    failing,
    hung,
    release: () => {
      hung.clear();
      released.resolve();
      released = Promise.withResolvers<void>();
    },
    filesUrl: (prefix = "cvs") => `http://${accessKey}:${encodeURIComponent(secret)}@127.0.0.1:${server.port}/${bucket}/${prefix}`,
    stop: () => void server.stop(true),
  };
  return state;
}
