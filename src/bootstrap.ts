import type { Config } from "./config/env";
import { fileStoreOf } from "./lib/files/store-for";
import type { FileStore } from "./lib/files/storage";
import type { Deps } from "./deps";
import { migrateDatabase, openDatabase } from "./db/client";
import { refuseNewerSchema, stampVersion } from "./db/startup";
import { SERVE_BUSY_TIMEOUT_MS } from "./db/busy";
import { systemClock, type Clock } from "./lib/clock";
import { SecretBox } from "./lib/crypto";
import { createLogger } from "./lib/log";
import { Mailer } from "./lib/mail";
import { Jobs } from "./lib/jobs";
import { AppMetrics } from "./lib/metrics";
import { memoryLimitStore, sqliteLimitStore } from "./lib/limit-store";

/** How long a CLI verb (user create, backup) lets SQLite wait for a running server's write lock. */
export const CLI_BUSY_TIMEOUT_MS = 5000;

/** The rate limits' file shared by the web processes of one database. */
const limitsFileOf = (databasePath: string) => `${databasePath}.limits`;

/**
 * Opens and migrates the database and builds the shared services. Refuses (StartupRefused)
 * a folder or file it cannot write and a database written by a newer Frank. The connection
 * then serves with busy_timeout 0 (src/db/busy.ts); CLI verbs ask for a waiting one.
 */
export function createDeps(config: Config, opts: { clock?: Clock; quiet?: boolean; busyTimeoutMs?: number; enqueueOnly?: boolean; sharedLimits?: boolean; files?: FileStore } = {}): Deps {
  const db = openDatabase(config.DATABASE_PATH);
  try {
    refuseNewerSchema(db.$client, config.DATABASE_PATH);
    migrateDatabase(db);
    stampVersion(db.$client);
  } catch (e) {
    db.$client.close();
    throw e;
  }
  db.$client.exec(`PRAGMA busy_timeout = ${opts.busyTimeoutMs ?? SERVE_BUSY_TIMEOUT_MS}`);
  // With a standby copy Litestream makes the checkpoints (decision 0043): an automatic one by any
  // process of Frank's (a worker, a CLI verb) racing its lock switch would start a new generation.
  if (config.replica) db.$client.exec("PRAGMA wal_autocheckpoint = 0");
  const log = createLogger({ quiet: opts.quiet, level: config.LOG_LEVEL });
  const clock = opts.clock ?? systemClock;
  // The web of a split server only writes tasks; its worker process runs them.
  const jobs = new Jobs(db, { clock, log, enqueueOnly: opts.enqueueOnly });
  const mail = new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log, clock });
  // E-mail is infrastructure: its kinds run wherever the worker runs; the features' kinds are
  // handed over by the features themselves when the app is built (app.ts).
  jobs.register(...mail.jobs());
  // Several web processes count every limit together, in a file beside the database.
  const limitStore = opts.sharedLimits ? sqliteLimitStore(limitsFileOf(config.DATABASE_PATH)) : memoryLimitStore();
  const deps: Deps = { config, db, clock, log, secrets: new SecretBox(config.APP_SECRET), jobs, mail, metrics: new AppMetrics(), limitStore, files: opts.files ?? fileStoreOf(config) };
  return deps;
}
