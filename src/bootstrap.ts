import type { Config } from "./config/env";
import type { Deps } from "./deps";
import { migrateDatabase, openDatabase } from "./db/client";
import { systemClock, type Clock } from "./lib/clock";
import { SecretBox } from "./lib/crypto";
import { createLogger } from "./lib/log";
import { Mailer } from "./lib/mail";
import { WorkQueue } from "./lib/work-queue";

/** Opens and migrates the database and builds the shared services. */
export function createDeps(config: Config, opts: { clock?: Clock; quiet?: boolean } = {}): Deps {
  const db = openDatabase(config.DATABASE_PATH);
  migrateDatabase(db);
  const log = createLogger({ quiet: opts.quiet, level: config.LOG_LEVEL });
  const clock = opts.clock ?? systemClock;
  return {
    config,
    db,
    clock,
    log,
    secrets: new SecretBox(config.APP_SECRET),
    mail: new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log, clock }),
    work: new WorkQueue(db, { clock, log }),
  };
}
