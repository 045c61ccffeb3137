// FILES_S3_URL: where candidates' files live when not in the data folder (issue 39). Two forms:
//   s3://bucket/prefix                          credentials S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY,
//                                               endpoint S3_ENDPOINT (AWS when unset), region S3_REGION
//   https://KEY:SECRET@host[:port]/bucket/prefix  any S3-compatible store, path-style, the credentials in
//                                               the URL (or from S3_*), ?region=… (else S3_REGION)
// The credentials are never part of what is shown of it (`describeFilesS3`).

export interface FilesS3 {
  bucket: string;
  /** Key prefix without slashes at either end ("" for the bucket's root). */
  prefix: string;
  /** The store's address (path-style); null: AWS S3 itself. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const cleanPrefix = (p: string) => p.replace(/^\/+|\/+$/g, "");

/** The URL's own parts, or why it is not one (without echoing it). */
export function parseFilesS3Url(
  raw: string,
): { bucket: string; prefix: string; endpoint: string | null; region: string | null; accessKeyId: string | null; secretAccessKey: string | null } | { problem: string } {
  const s3 = /^s3:\/\/([^/?#]+)\/?([^?#]*)$/.exec(raw.trim());
  if (s3) {
    if (!BUCKET.test(s3[1]!)) return { problem: "names no valid bucket" };
    return { bucket: s3[1]!, prefix: cleanPrefix(s3[2]!), endpoint: null, region: null, accessKeyId: null, secretAccessKey: null };
  }
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: "is not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { problem: "must start with s3://, https:// or http://" };
  const [bucket = "", ...rest] = url.pathname.replace(/^\/+/, "").split("/");
  if (!BUCKET.test(bucket)) return { problem: "names no valid bucket (the first part of the path)" };
  const user = url.username ? decodeURIComponent(url.username) : null;
  const pass = url.password ? decodeURIComponent(url.password) : null;
  if (!!user !== !!pass) return { problem: "must carry both the access key and the secret (KEY:SECRET@host), or neither" };
  return { bucket, prefix: cleanPrefix(rest.join("/")), endpoint: `${url.protocol}//${url.host}`, region: url.searchParams.get("region"), accessKeyId: user, secretAccessKey: pass };
}

/** With the S3_* variables filling in what the URL leaves out; null: credentials missing. */
export function resolveFilesS3(raw: string, env: { S3_ACCESS_KEY_ID?: string; S3_SECRET_ACCESS_KEY?: string; S3_ENDPOINT?: string; S3_REGION?: string }): FilesS3 | null {
  const p = parseFilesS3Url(raw);
  if ("problem" in p) return null;
  const accessKeyId = p.accessKeyId ?? env.S3_ACCESS_KEY_ID;
  const secretAccessKey = p.secretAccessKey ?? env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) return null;
  return { bucket: p.bucket, prefix: p.prefix, endpoint: p.endpoint ?? env.S3_ENDPOINT ?? null, region: p.region ?? env.S3_REGION ?? "us-east-1", accessKeyId, secretAccessKey };
}

/** What may be shown of it: s3://bucket/prefix (at the endpoint), never a credential. */
export function describeFilesS3(s: FilesS3): string {
  return `s3://${s.bucket}${s.prefix ? `/${s.prefix}` : ""}${s.endpoint ? ` at ${s.endpoint}` : ""}`;
}
