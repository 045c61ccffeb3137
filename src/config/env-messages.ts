import type { z } from "zod";
import { redactUserInfo } from "../lib/redact";

type Issue = z.ZodError["issues"][number];

/**
 * Plain-word messages for bad configuration: each names the variable, says what it must be
 * and shows what it got ("PORT must be a number from 1 to 65535, got 'abc'"), instead of the
 * validation library's wording. Secret values are never echoed, only their length.
 */
const EXPECTED: Record<string, string> = {
  NODE_ENV: "one of development, production, test",
  PORT: "a number from 1 to 65535",
  HOST: "an address to listen on, such as 0.0.0.0 or 127.0.0.1",
  DATABASE_PATH: "the path of the SQLite file, such as /data/frank.db",
  APP_URL: "a full URL such as https://hire.example.com",
  APP_SECRET: "at least 32 characters (for example the output of: openssl rand -base64 48)",
  SMTP_URL: "a URL such as smtp://user:pass@mail.example.com:587",
  MARKETING_URL: "a full URL such as https://www.example.com",
  TRUST_PROXY: "0 or 1",
  LOGIN_LIMIT_PER_IP: "a whole number of at least 1",
  LOGIN_LIMIT_PER_EMAIL: "a whole number of at least 1",
  VISITOR_ANSWERS_PER_IP: "a whole number of at least 1",
  VISITOR_CLICKS_PER_IP: "a whole number of at least 1",
  STRIPE_API_BASE: "a full URL",
  OPENAI_BASE_URL: "a full URL such as https://api.openai.com/v1",
  GOOGLE_OAUTH_BASE_URL: "a full URL",
  GOOGLE_API_BASE_URL: "a full URL",
  SYNC_CRON: "a 5-field cron pattern (minute hour day month weekday) such as '0 * * * *'",
  BACKUP_CRON: "a 5-field cron pattern (minute hour day month weekday) such as '0 3 * * *'",
  BACKUP_KEEP: "a whole number of at least 1",
  LOG_LEVEL: "one of debug, info, warn, error, silent",
  BACKUP_S3_URL: "an S3 location such as s3://bucket/prefix",
  FILES_S3_URL: "an S3 location such as s3://bucket/prefix or https://KEY:SECRET@s3.example.com/bucket/prefix",
  REPLICA_URL: "an S3 location such as s3://bucket/prefix or https://KEY:SECRET@s3.example.com/bucket/prefix, or a folder such as file:///mnt/standby/frank",
  S3_ENDPOINT: "a full URL such as https://s3.eu-central-1.amazonaws.com",
};

/** Variables whose values must not appear in a terminal or a log. */
const SECRET = /SECRET|TOKEN|PASSWORD|KEY/;

function describeValue(name: string, raw: string | undefined): string {
  if (raw === undefined) return "nothing";
  if (SECRET.test(name)) return `a value of ${raw.length} character${raw.length === 1 ? "" : "s"}`;
  // A URL's user-info is a credential (smtp://user:password@host), however malformed the URL.
  if (name.endsWith("_URL") && raw.includes("@")) {
    const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(raw)?.[0] ?? "";
    return `'${scheme}***${raw.slice(raw.lastIndexOf("@"))}'`;
  }
  return `'${redactUserInfo(raw)}'`;
}

/** One line for one bad variable. */
export function configMessage(name: string, raw: string | undefined, issue?: Issue): string {
  const expected = EXPECTED[name];
  if (raw === undefined && issue?.code === "custom") return `${name} ${issue.message}`;
  if (expected) return `${name} must be ${expected}, got ${describeValue(name, raw)}`;
  return `${name} is not valid (${issue?.message ?? "bad value"}), got ${describeValue(name, raw)}`;
}

/** The lines for every bad variable, one per variable, in the order of the schema. */
export function configMessages(issues: readonly Issue[], source: Record<string, string | undefined>): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "environment");
    if (seen.has(name)) continue;
    seen.add(name);
    lines.push(configMessage(name, source[name], issue));
  }
  return lines;
}
