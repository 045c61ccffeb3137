import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { ConfigError, loadConfig } from "../config/env";
import { RateLimiter } from "./rate-limit";
import { SecretBox, randomAlphanumeric, randomToken } from "./crypto";
import { redactPath } from "./log";

describe("configuration", () => {
  test("defaults", () => {
    const dir = mkdtempSync(join(tmpdir(), "frank-cfg-"));
    const c = loadConfig({ DATABASE_PATH: join(dir, "frank.db") }, { demo: true });
    expect(c.PORT).toBe(3000);
    expect(c.APP_URL).toBe("http://localhost:3000");
    expect(c.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    // generated once and kept in the data folder
    expect(readFileSync(join(dir, ".app-secret"), "utf8").trim()).toBe(c.APP_SECRET);
    expect(loadConfig({ DATABASE_PATH: join(dir, "frank.db") }, { demo: true }).APP_SECRET).toBe(c.APP_SECRET);
    rmSync(dir, { recursive: true, force: true });
  });
  test("one line per bad variable", () => {
    try {
      loadConfig({ PORT: "eighty", APP_URL: "not a url", APP_SECRET: "short" });
      throw new Error("should fail");
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const lines = (e as Error).message.split("\n");
      expect(lines).toHaveLength(3);
      expect(lines).toContain("PORT must be a number from 1 to 65535, got 'eighty'");
      expect(lines).toContain("APP_URL must be a full URL such as https://hire.example.com, got 'not a url'");
      // A secret is never echoed, only its length.
      expect(lines).toContain("APP_SECRET must be at least 32 characters (for example the output of: openssl rand -base64 48), got a value of 5 characters");
    }
  });
  test("APP_SECRET is required outside demo mode", () => {
    expect(() => loadConfig({})).toThrow("APP_SECRET must be set outside demo mode");
  });
});

describe("rate limiter", () => {
  test("counts per key in a fixed window", () => {
    let now = 0;
    const l = new RateLimiter(2, 1000, () => now);
    expect(l.hit("a").ok).toBe(true);
    expect(l.hit("a").ok).toBe(true);
    const over = l.hit("a");
    expect(over.ok).toBe(false);
    expect(over.retryAfter).toBe(1);
    expect(l.hit("b").ok).toBe(true);
    now = 1001;
    expect(l.hit("a").ok).toBe(true);
  });
});

describe("crypto", () => {
  test("secrets at rest round-trip and are unreadable with another key", () => {
    const box = new SecretBox("a".repeat(40));
    const sealed = box.seal("refresh-token-123");
    expect(sealed).not.toContain("refresh-token-123");
    expect(box.open(sealed)).toBe("refresh-token-123");
    expect(() => new SecretBox("b".repeat(40)).open(sealed)).toThrow();
  });
  test("random tokens", () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(randomToken());
    expect(randomAlphanumeric(5)).toMatch(/^[A-Za-z0-9]{5}$/);
  });
});

describe("logs never carry tokens", () => {
  test.each([
    ["/book/AbCdEfGhIjKlMnOpQrStUv", "/book/:token"],
    ["/reset-password?token=secret", "/reset-password"],
    ["/booking-option-b/AbCdEfGhIjKlMnOpQrStUv/confirm", "/booking-option-b/:token/confirm"],
    ["/api/jobs/12", "/api/jobs/12"],
  ])("%s", (input, out) => expect(redactPath(input)).toBe(out));
});
