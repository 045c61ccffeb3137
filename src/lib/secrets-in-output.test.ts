// A URL's user-info is a credential: no start-up message and no log line prints it (issue 37).
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "./log";
import { redactUserInfo } from "./redact";
import { frankCommand } from "../../test/kits/frank-command";

// The compiled binary (built once for the suite): starting `bun src/main.ts` four times costs
// seconds each on a loaded machine.
const frank = await frankCommand();

const PASSWORD = "hunter2-Sup3rSecret";

describe("user-info never printed", () => {
  test("a bad SMTP_URL with a password: the process stops naming SMTP_URL, and its output does not hold the password", () => {
    const dir = mkdtempSync(join(tmpdir(), "frank-redact-"));
    try {
      for (const bad of [`smtp://mailer:${PASSWORD}@mail example.com:587`, `mailer:${PASSWORD}@mail.example.com`, `smtp://mailer:${PASSWORD}@mail.example.com:99999`, `smtp//mailer:${PASSWORD}@x`]) {
        const run = Bun.spawnSync([...frank, "migrate"], {
          env: { ...process.env, SMTP_URL: bad, APP_SECRET: "x".repeat(40), DATABASE_PATH: join(dir, "f.db") },
          stdout: "pipe",
          stderr: "pipe",
        });
        const out = run.stdout.toString() + run.stderr.toString();
        expect(run.exitCode).not.toBe(0);
        expect(out).toContain("SMTP_URL");
        expect({ bad, leaked: out.includes(PASSWORD) || out.includes("hunter2") }).toEqual({ bad, leaked: false });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("log lines hide the user-info of any URL, in the message and in the data", () => {
    const lines: string[] = [];
    const log = createLogger({ out: (l) => lines.push(l) });
    log.error(`connect failed for smtps://me:${PASSWORD}@mail.example.com:465`, { error: `Invalid URL postgres://a:${PASSWORD}@db/x`, url: `https://u:${PASSWORD}@hooks.example/frank` });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(PASSWORD);
    expect(lines[0]).toContain("smtps://***@mail.example.com:465");
    expect(JSON.parse(lines[0]!).url).toBe("https://***@hooks.example/frank");
  });

  test("redactUserInfo leaves URLs without user-info alone", () => {
    expect(redactUserInfo("see https://hire.example.com/jobs?a=b and smtp://mail.example.com:587")).toBe("see https://hire.example.com/jobs?a=b and smtp://mail.example.com:587");
  });
});
