// Litestream (litestream.io, v0.3), the WAL shipper behind the standby copy (decision 0043):
// where its binary is, the configuration Frank writes for it, and its restore.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Replica } from "../../config/replica";

/** How often Litestream copies new WAL frames from the database and ships them. */
const SYNC_INTERVAL = "1s";
/** A full snapshot this often bounds what a restore replays (at most this much WAL). */
const SNAPSHOT_INTERVAL = "6h";
/** How far back `restore --at` can go; an erased person's data leaves the replica after this too. */
const RETENTION = "24h";

/**
 * The binary: beside Frank's own executable (the container image puts both in /usr/local/bin),
 * else the npm package's (@flydotio/litestream-<platform>-<arch>), else `litestream` on PATH.
 */
export function litestreamBinary(): string | null {
  const beside = join(dirname(process.execPath), "litestream");
  if (existsSync(beside)) return beside;
  const pkg = join("node_modules", "@flydotio", `litestream-${process.platform}-${process.arch}`, "litestream");
  for (const start of [import.meta.dir, process.cwd()]) {
    for (let dir = start; ; dir = dirname(dir)) {
      if (existsSync(join(dir, pkg))) return join(dir, pkg);
      if (dirname(dir) === dir) break;
    }
  }
  return Bun.which("litestream");
}

/** Litestream's configuration for one database and its replica (JSON is YAML); no secret is in it. */
export function litestreamConfig(databasePath: string, replica: Replica, metricsAddr: string | null): string {
  const common = { "sync-interval": SYNC_INTERVAL, "snapshot-interval": SNAPSHOT_INTERVAL, retention: RETENTION };
  const target =
    replica.kind === "file"
      ? { type: "file", path: replica.folder }
      : { type: "s3", bucket: replica.bucket, path: replica.prefix, region: replica.region, ...(replica.endpoint ? { endpoint: replica.endpoint, "force-path-style": true } : {}) };
  return JSON.stringify({ ...(metricsAddr ? { addr: metricsAddr } : {}), dbs: [{ path: resolve(databasePath), replicas: [{ ...target, ...common }] }] }, null, 2);
}

/** The credentials go to the child's environment, never into the file. */
export function litestreamEnv(replica: Replica): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("LITESTREAM_") && !k.startsWith("AWS_")) env[k] = v;
  if (replica.kind === "s3") {
    env.LITESTREAM_ACCESS_KEY_ID = replica.accessKeyId;
    env.LITESTREAM_SECRET_ACCESS_KEY = replica.secretAccessKey;
  }
  return env;
}

/** Writes the configuration beside the database (private, like the data folder) and answers its path. */
export function writeLitestreamConfig(databasePath: string, replica: Replica, metricsAddr: string | null): string {
  const file = `${resolve(databasePath)}-litestream.yml`;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, litestreamConfig(databasePath, replica, metricsAddr), { mode: 0o600 });
  return file;
}

export class ReplicaRestoreFailed extends Error {}

/**
 * Brings the database back from the replica into `out` (a new file): the latest state, or the
 * state at `at` (within the retention). The live database is not touched here.
 */
export async function restoreFromReplica(databasePath: string, replica: Replica, out: string, at: Date | null): Promise<void> {
  const bin = litestreamBinary();
  if (!bin) throw new ReplicaRestoreFailed("the litestream binary was not found (install it beside frank or on PATH)");
  const config = writeLitestreamConfig(databasePath, replica, null);
  const args = [bin, "restore", "-config", config, "-o", out, ...(at ? ["-timestamp", at.toISOString()] : []), resolve(databasePath)];
  const proc = Bun.spawn(args, { env: litestreamEnv(replica), stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  if (code !== 0 || !existsSync(out)) {
    const said = (stderr + stdout).trim().split("\n").filter(Boolean).pop() ?? `exit code ${code}`;
    throw new ReplicaRestoreFailed(/error="([^"]*)"/.exec(said)?.[1] ?? said.replace(/^time=\S+ level=\S+ msg=/, ""));
  }
}
