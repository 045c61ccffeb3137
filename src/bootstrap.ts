import type { Config } from "./config/env";
import type { Deps } from "./deps";
import { migrateDatabase, openDatabase } from "./db/client";
import { systemClock, type Clock } from "./lib/clock";
import { SecretBox } from "./lib/crypto";
import { createLogger } from "./lib/log";
import { Mailer } from "./lib/mail";

/** Opens and migrates the database and builds the shared services. */
export function createDeps(config: Config, opts: { clock?: Clock; quiet?: boolean } = {}): Deps {
  const db = openDatabase(config.DATABASE_PATH);
  migrateDatabase(db);
  const log = createLogger({ quiet: opts.quiet, level: config.LOG_LEVEL });
  return {
    config,
    db,
    clock: opts.clock ?? systemClock,
    log,
    secrets: new SecretBox(config.APP_SECRET),
    mail: new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
  };
}
