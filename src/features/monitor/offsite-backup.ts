import { basename, join } from "node:path";
import { mkdirSync, rmSync } from "node:fs";
import type { Config } from "../../config/env";
import type { Deps } from "../../deps";
import { backupQueue, backupFolder, backupPattern, databaseStem, type BackupQueue, type BackupResult } from "./db-backup";

/**
 * Backups off the machine: each snapshot is uploaded to BACKUP_S3_URL (s3://bucket/prefix,
 * any S3-compatible store), where the newest BACKUP_KEEP are kept too, and `frank restore
 * s3://bucket/prefix/<name>` downloads one. The client is Bun's built-in S3 client (SigV4,
 * multipart uploads for large files, nothing added to the binary); S3_ENDPOINT points it at
 * any S3-compatible store, with path-style addressing.
 */
export interface S3Location {
  bucket: string;
  /** The key prefix without slashes at either end ("" for the bucket's root). */
  prefix: string;
}

export function parseS3Url(url: string): S3Location {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url.trim());
  if (!m || !m[1]) throw new Error(`${url} is not an S3 location (s3://bucket/prefix)`);
  return { bucket: m[1], prefix: m[2]!.replace(/^\/+|\/+$/g, "") };
}

const keyOf = (loc: S3Location, name: string) => (loc.prefix ? `${loc.prefix}/${name}` : name);

// Outside calls get a time limit; an upload of a large database may take a while.
const TRANSFER_MS = 10 * 60_000;
const LIST_MS = 60_000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

function client(config: Config, bucket: string): Bun.S3Client {
  return new Bun.S3Client({
    bucket,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION ?? "us-east-1",
  });
}

/** Every key under the prefix (the listing is paged by the store). */
async function listKeys(s3: Bun.S3Client, loc: S3Location): Promise<string[]> {
  const keys: string[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await withTimeout(s3.list({ prefix: loc.prefix ? `${loc.prefix}/` : undefined, continuationToken }), LIST_MS, "listing the S3 backups");
    for (const o of page.contents ?? []) keys.push(o.key);
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
  return keys;
}

interface UploadResult {
  url: string;
  removed: string[];
}

/** Uploads one backup file, then removes the store's oldest backups of this database beyond BACKUP_KEEP. */
async function uploadBackup(config: Config, file: string): Promise<UploadResult> {
  if (!config.BACKUP_S3_URL) throw new Error("BACKUP_S3_URL is not set");
  const loc = parseS3Url(config.BACKUP_S3_URL);
  const s3 = client(config, loc.bucket);
  const key = keyOf(loc, basename(file));
  await withTimeout(s3.write(key, Bun.file(file), { type: "application/vnd.sqlite3" }), TRANSFER_MS, `uploading to s3://${loc.bucket}/${key}`);
  // Only this database's scheduled backups count (same names as on disk); other files stay.
  const pattern = backupPattern(databaseStem(config.DATABASE_PATH));
  const ours = (await listKeys(s3, loc)).filter((k) => k.slice(loc.prefix ? loc.prefix.length + 1 : 0) === basename(k) && pattern.test(basename(k)));
  const old = ours.sort().reverse().slice(Math.max(1, config.BACKUP_KEEP));
  for (const k of old) await withTimeout(s3.delete(k), LIST_MS, `removing s3://${loc.bucket}/${k}`);
  return { url: `s3://${loc.bucket}/${key}`, removed: old.map((k) => `s3://${loc.bucket}/${k}`) };
}

/** Downloads s3://bucket/key into the data folder's backups folder; returns the local file. */
export async function downloadBackup(config: Config, url: string): Promise<string> {
  const loc = parseS3Url(url);
  if (!loc.prefix) throw new Error(`${url} names no backup: use s3://bucket/prefix/NAME`);
  const s3 = client(config, loc.bucket);
  const dir = backupFolder(config.dataDir);
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `${basename(loc.prefix)}.download`);
  rmSync(target, { force: true });
  const remote = s3.file(loc.prefix);
  if (!(await withTimeout(remote.exists(), LIST_MS, `reading ${url}`))) throw new Error(`${url}: no such backup in the store`);
  try {
    await withTimeout(Bun.write(target, remote), TRANSFER_MS, `downloading ${url}`);
  } catch (e) {
    rmSync(target, { force: true });
    throw e;
  }
  return target;
}

export interface FullBackupResult extends BackupResult {
  upload: UploadResult | null;
}

/**
 * The backup of the scheduled job and of `frank backup`: the local snapshot first, then, when
 * BACKUP_S3_URL is set, its upload (outside the database's work, with a time limit). A failed
 * upload throws after the local backup is safely written.
 */
export async function backupWithUpload(deps: Deps, backup: BackupQueue = backupQueue(deps)): Promise<FullBackupResult> {
  const local = await backup();
  if (!deps.config.BACKUP_S3_URL) return { ...local, upload: null };
  try {
    const upload = await uploadBackup(deps.config, local.file);
    deps.log.info("database backup uploaded", { url: upload.url, removed: upload.removed.length });
    return { ...local, upload };
  } catch (e) {
    throw new OffsiteBackupFailed(local, e instanceof Error ? e.message : String(e));
  }
}

export class OffsiteBackupFailed extends Error {
  constructor(
    readonly local: BackupResult,
    reason: string,
  ) {
    super(`The backup was written to ${local.file}, but its upload failed: ${reason}`);
  }
}
