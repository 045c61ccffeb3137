import type { Config } from "./config/env";
import type { DB } from "./db/client";
import type { Clock } from "./lib/clock";
import type { Mailer } from "./lib/mail";
import type { SecretBox } from "./lib/crypto";
import type { Logger } from "./lib/log";
import type { Jobs } from "./lib/jobs";
import type { AppMetrics } from "./lib/metrics";
import type { LimitStore } from "./lib/limit-store";
import type { FileStore } from "./lib/files/storage";

/**
 * What every route and service needs, built once at start-up (or per test) and passed
 * explicitly, so tests run several isolated apps in one process.
 */
export interface Deps {
  config: Config;
  db: DB;
  clock: Clock;
  mail: Mailer;
  /** The worker of the one task table (src/lib/jobs.ts): e-mail, webhooks, calendar work. */
  jobs: Jobs;
  secrets: SecretBox;
  /** The process's counters for /metrics (requests, scheduled jobs). */
  metrics: AppMetrics;
  log: Logger;
  /** Where rate limits count: this process's memory, or a file every web process shares (lib/limit-store.ts). */
  limitStore: LimitStore;
  /** Where candidates' files and logos are kept: the data folder, or the bucket of FILES_S3_URL. */
  files: FileStore;
}
