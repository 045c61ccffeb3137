import { z } from "zod";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import type { TrustProxy } from "../lib/client-ip";
import { configMessages } from "./env-messages";
import { databasePathProblem } from "./data-folder";
import { parseFilesS3Url, resolveFilesS3, type FilesS3 } from "./files-s3";
import { replicaUrlProblem, resolveReplica, type Replica } from "./replica";
import { DEFAULT_PORT, portOfLocalUrl } from "./port";

// Every setting the server reads from the environment, with its default.
// Parsed once at start-up; a bad value stops the process with one line per variable.
const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional());
const optionalText = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
// Cron patterns are checked with the same parser that schedules them, at start-up.
const cronPattern = (fallback: string) => z.string().default(fallback).refine(validCron, "is not a valid cron pattern");
// s3://bucket or s3://bucket/prefix (any S3-compatible store).
const s3Url = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/)
    .optional(),
);

function validCron(pattern: string): boolean {
  try {
    Bun.cron.parse(pattern);
    return true;
  } catch {
    return false;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Unset: the port of a local APP_URL, else 3000 (config/port.ts).
  PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  // Web processes sharing the port (SO_REUSEPORT) and the database: by default the cores (at most 8).
  WEB_PROCESSES: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(64).optional()),
  // Loopback by default: publishing the server on a network is a choice (README, "Publishing").
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_PATH: z.string().min(1).default("./data/frank.db"),
  APP_URL: z.string().url().optional(),
  APP_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32, "must be at least 32 characters").optional()),
  // smtp:// or smtps:// (what the mailer speaks); "user:pass@host" would otherwise parse as a URL.
  SMTP_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .url()
      .refine((v) => /^smtps?:\/\//i.test(v), "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: z.string().default("Frank <no-reply@localhost>"),
  // Where the marketing site lives (pricing, terms, help). Defaults to this server's own pages.
  MARKETING_URL: optionalUrl,
  // Which X-Forwarded-For hops to believe (only behind a reverse proxy you run): a hop count
  // ("1" = one proxy in front) or a comma-separated list of the proxies' addresses.
  TRUST_PROXY: z.string().default("0").transform(parseTrustProxy),
  // Developer pages (/dev/mailbox, /shortlist-test, /database-debug) and seed endpoints; on in demo mode.
  DEV_PAGES: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "1" || v === "true")),
  // Login limits (see README): attempts per IP and failed attempts per e-mail, per 15 minutes.
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(100),
  // Answers to the candidate chats (prequalifier, assessment) per client address per 10 minutes.
  VISITOR_ANSWERS_PER_IP: z.coerce.number().int().positive().default(60),
  // Campaign link clicks counted per client address per hour (more are served, not counted).
  VISITOR_CLICKS_PER_IP: z.coerce.number().int().positive().default(30),
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
  // Microsoft 365 / Outlook.com (decision 34): an app registration's id and secret, its tenant
  // (common: work, school and personal accounts), and other clouds' (or the tests') endpoints.
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  MICROSOFT_TENANT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, "must be common, organizations, consumers, a tenant id or a domain")
    .default("common"),
  MICROSOFT_AUTHORITY_URL: optionalUrl,
  MICROSOFT_GRAPH_URL: optionalUrl,
  // The busy cache's incremental sync runs this often even without push (decision 32).
  CALENDAR_POLL_SECONDS: z.coerce.number().int().min(1).default(120),
  // Scheduled jobs: participants sync and database backups.
  SYNC_CRON: cronPattern("0 * * * *"),
  // Whole-database snapshots (daily at 03:00 by default), keeping the newest BACKUP_KEEP.
  BACKUP_CRON: cronPattern("0 3 * * *"),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  // Finished tasks (delivered or given-up e-mails, calendar work, webhook deliveries) are deleted after this many days.
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  // Off-machine copies of each backup (s3://bucket/prefix) and the store's credentials.
  BACKUP_S3_URL: s3Url,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalText,
  // Candidates' files (CVs) in an S3-compatible bucket instead of the data folder (config/files-s3.ts).
  FILES_S3_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .superRefine((v, ctx) => {
        const p = parseFilesS3Url(v);
        if ("problem" in p) ctx.addIssue({ code: "custom", message: p.problem });
      })
      .optional(),
  ),
  // The standby copy of the database, shipped continuously by Litestream (config/replica.ts).
  REPLICA_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .superRefine((v, ctx) => {
        const problem = replicaUrlProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  ),
  // Observability: the lowest log level written, and the bearer token of GET /metrics
  // (without one, /metrics answers only on the loopback address).
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  METRICS_TOKEN: optionalText,
  // Webhooks reach only public addresses; 1 lets them post to loopback and private networks
  // (a self-hosted install whose receivers are on its own network).
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
});

function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const v = raw.trim().toLowerCase();
  if (v === "" || v === "false") return { hops: 0 };
  if (v === "true") return { hops: 1 };
  if (/^\d+$/.test(v)) return { hops: Number(v) };
  const addresses = v
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  if (addresses.some((a) => !isIP(a))) {
    ctx.addIssue({ code: "custom", message: "must be a hop count or a comma-separated list of IP addresses" });
    return { hops: 0 };
  }
  return { addresses };
}

/** True for 127.0.0.0/8, ::1 and localhost: a server bound there is not reachable from the network. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h.startsWith("::ffff:127.");
}

type Env = z.infer<typeof schema>;
export type Config = Env & {
  PORT: number;
  APP_URL: string;
  APP_SECRET: string;
  MARKETING_URL: string;
  demo: boolean;
  dataDir: string;
  secureCookies: boolean;
  devPages: boolean;
  /** FILES_S3_URL resolved with its credentials; null: files live in the data folder. */
  filesS3: FilesS3 | null;
  /** REPLICA_URL resolved with its credentials; null: no standby copy. */
  replica: Replica | null;
  /** How many processes answer pages on the port: WEB_PROCESSES, else the machine's cores (at most 8). */
  webProcesses: number;
  /** Which of them this is (1: the parent; set by `frank serve` for the others). */
  webIndex: number;
};

export class ConfigError extends Error {}

/** Parses the environment. In demo mode a missing APP_SECRET is generated once and kept in the data folder. */
export function loadConfig(source: Record<string, string | undefined>, opts: { demo?: boolean; dataSecret?: boolean } = {}): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new ConfigError(configMessages(parsed.error.issues, source).join("\n"));
  const env = parsed.data;
  if (env.BACKUP_S3_URL && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("BACKUP_S3_URL is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too");
  }
  const filesS3 = env.FILES_S3_URL ? resolveFilesS3(env.FILES_S3_URL, env) : null;
  if (env.FILES_S3_URL && !filesS3) {
    throw new ConfigError("FILES_S3_URL is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too (or give them in the URL: https://KEY:SECRET@host/bucket/prefix)");
  }
  const replica = env.REPLICA_URL ? resolveReplica(env.REPLICA_URL, env) : null;
  if (env.REPLICA_URL && !replica) {
    throw new ConfigError("REPLICA_URL is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too (or give them in the URL: https://KEY:SECRET@host/bucket/prefix)");
  }
  const pathProblem = databasePathProblem(env.DATABASE_PATH);
  if (pathProblem) throw new ConfigError(pathProblem);
  const demo = !!opts.demo;
  const dataDir = dirname(env.DATABASE_PATH);
  let secret = env.APP_SECRET;
  if (!secret) {
    // The command line's verbs use the secret a demo server kept in the same data folder (never making one).
    const kept = opts.dataSecret ? keptSecret(dataDir) : undefined;
    if (!demo && !kept) throw new ConfigError("APP_SECRET must be set outside demo mode: at least 32 characters (for example the output of: openssl rand -base64 48)");
    secret = kept ?? demoSecret(dataDir);
  }
  const port = env.PORT ?? portOfLocalUrl(env.APP_URL) ?? DEFAULT_PORT;
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  return {
    ...env,
    PORT: port,
    APP_URL: appUrl,
    APP_SECRET: secret,
    MARKETING_URL: (env.MARKETING_URL ?? appUrl).replace(/\/$/, ""),
    demo,
    dataDir,
    secureCookies: appUrl.startsWith("https://"),
    devPages: env.DEV_PAGES ?? demo,
    filesS3,
    replica,
    // The cores, at most 8; a small host that shares its cores with heavy work may set 1 (decision 47).
    webProcesses: env.WEB_PROCESSES ?? Math.max(1, Math.min(availableParallelism(), 8)),
    webIndex: Number(source.FRANK_WEB_INDEX) || 1,
  };
}

const secretFile = (dataDir: string) => join(dataDir, ".app-secret");

/** The secret a demo server wrote in the data folder, if there is one of the right length. */
function keptSecret(dataDir: string): string | undefined {
  const file = secretFile(dataDir);
  if (!existsSync(file)) return undefined;
  const secret = readFileSync(file, "utf8").trim();
  return secret.length >= 32 ? secret : undefined;
}

function demoSecret(dataDir: string): string {
  const file = secretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
