import { z } from "zod";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

// Every setting the server reads from the environment, with its default.
// Parsed once at start-up; a bad value stops the process with one line per variable.
const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional());
const optionalText = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_PATH: z.string().min(1).default("./data/frank.db"),
  APP_URL: z.string().url().optional(),
  APP_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Frank <no-reply@localhost>"),
  // Where the marketing site lives (pricing, terms, help). Defaults to this server's own pages.
  MARKETING_URL: optionalUrl,
  // Trust X-Forwarded-For for the client address (only behind a reverse proxy you run).
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0").transform((v) => v === "1" || v === "true"),
  // Login limits (see README): attempts per IP and failed attempts per e-mail, per 15 minutes.
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  // Stripe (billing is off without a secret key).
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl,
  // Language model (a built-in assistant answers without one).
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  // The assistant gives up when the model sends no token for this long, and when a started
  // answer then stays silent for OPENAI_STALL_MS (a clear error; nothing is stored).
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  OPENAI_STALL_MS: z.coerce.number().int().positive().default(15_000),
  // Google Calendar (the connect button explains these when they are missing).
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_OAUTH_BASE_URL: optionalUrl,
  GOOGLE_API_BASE_URL: optionalUrl,
  // Scheduled jobs: participants sync and database backups.
  SYNC_CRON: z.string().default("0 * * * *"),
  // Whole-database snapshots (daily at 03:00 by default), keeping the newest BACKUP_KEEP.
  BACKUP_CRON: z.string().default("0 3 * * *"),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
});

export type Env = z.infer<typeof schema>;
export type Config = Env & {
  APP_URL: string;
  APP_SECRET: string;
  MARKETING_URL: string;
  demo: boolean;
  dataDir: string;
  secureCookies: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment. In demo mode a missing APP_SECRET is generated once and kept in the data folder. */
export function loadConfig(source: Record<string, string | undefined>, opts: { demo?: boolean } = {}): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`);
    throw new ConfigError(lines.join("\n"));
  }
  const env = parsed.data;
  const demo = !!opts.demo;
  const dataDir = dirname(env.DATABASE_PATH);
  let secret = env.APP_SECRET;
  if (!secret) {
    if (!demo) throw new ConfigError("APP_SECRET: required outside demo mode (at least 32 characters)");
    secret = demoSecret(dataDir);
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    ...env,
    APP_URL: appUrl,
    APP_SECRET: secret,
    MARKETING_URL: (env.MARKETING_URL ?? appUrl).replace(/\/$/, ""),
    demo,
    dataDir,
    secureCookies: appUrl.startsWith("https://"),
  };
}

function demoSecret(dataDir: string): string {
  const file = join(dataDir, ".app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
