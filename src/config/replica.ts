// REPLICA_URL: where the standby copy of the database is shipped, continuously (decision 0043).
//   s3://bucket/prefix                              credentials S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY,
//                                                   endpoint S3_ENDPOINT (AWS when unset), region S3_REGION
//   https://KEY:SECRET@host[:port]/bucket/prefix    any S3-compatible store, path-style (as FILES_S3_URL)
//   file:///absolute/folder                         a folder (another disk, a mounted share; the tests)
// The credentials are never part of what is shown of it (`describeReplica`).
import { isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFilesS3Url, resolveFilesS3, type FilesS3 } from "./files-s3";

export type Replica = { kind: "file"; folder: string } | ({ kind: "s3" } & FilesS3);

/** Why the URL cannot name a replica, or null (without echoing it: it may hold a secret). */
export function replicaUrlProblem(raw: string): string | null {
  if (raw.startsWith("file:")) {
    const absolute = "must name an absolute folder (file:///path)";
    try {
      return raw.startsWith("file:///") && isAbsolute(fileURLToPath(raw)) ? null : absolute;
    } catch {
      return absolute;
    }
  }
  const p = parseFilesS3Url(raw);
  return "problem" in p ? `${p.problem} (use s3://bucket/prefix, https://KEY:SECRET@host/bucket/prefix or file:///folder)` : null;
}

/** The replica with the S3_* variables filling in what the URL leaves out; null: credentials missing. */
export function resolveReplica(raw: string, env: Parameters<typeof resolveFilesS3>[1]): Replica | null {
  if (raw.startsWith("file:")) return { kind: "file", folder: fileURLToPath(raw) };
  const s3 = resolveFilesS3(raw, env);
  return s3 ? { kind: "s3", ...s3 } : null;
}

/** What may be shown of it: the folder, or s3://bucket/prefix (at the endpoint), never a credential. */
export function describeReplica(r: Replica): string {
  if (r.kind === "file") return r.folder;
  return `s3://${r.bucket}${r.prefix ? `/${r.prefix}` : ""}${r.endpoint ? ` at ${r.endpoint}` : ""}`;
}
