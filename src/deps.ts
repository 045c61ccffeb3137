import type { Config } from "./config/env";
import type { DB } from "./db/client";
import type { Clock } from "./lib/clock";
import type { Mailer } from "./lib/mail";
import type { SecretBox } from "./lib/crypto";
import type { Logger } from "./lib/log";

/**
 * What every route and service needs, built once at start-up (or per test) and passed
 * explicitly, so tests run several isolated apps in one process.
 */
export interface Deps {
  config: Config;
  db: DB;
  clock: Clock;
  mail: Mailer;
  secrets: SecretBox;
  log: Logger;
}
