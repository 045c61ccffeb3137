import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/** A random URL-safe token with `bytes` bytes of entropy (default 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Random alphanumeric string (for short human-visible codes). */
export function randomAlphanumeric(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let out = "";
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      // 248 = 62 * 4: reject the tail so every character is equally likely.
      if (b < 248 && out.length < length) out += alphabet[b % 62];
    }
  }
  return out;
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Production's password hashing: OWASP's argon2id minimum, 19 MiB, 2 iterations, 1 lane. */
export const PASSWORD_HASH = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

export type PasswordCost = { algorithm: "argon2id"; memoryCost: number; timeCost: number };
/** The cheap cost of the test suites (unit tests through test/preload.ts, the browser tests' server through the environment). */
export const TEST_PASSWORD_HASH: PasswordCost = { algorithm: "argon2id", memoryCost: 64, timeCost: 1 };
let passwordCost: PasswordCost = process.env.NODE_ENV === "test" && process.env.FRANK_TEST_PASSWORD_COST === "low" ? TEST_PASSWORD_HASH : PASSWORD_HASH;

/**
 * Tests only (test/preload.ts): a cheap cost, so a suite full of sign-ups does not spend half its
 * time hashing. Refused outside NODE_ENV=test, so production always hashes at PASSWORD_HASH.
 * Verification reads the cost from the stored hash, so either kind verifies anywhere.
 */
export function usePasswordCostForTests(cost: PasswordCost): void {
  if (process.env.NODE_ENV !== "test") throw new Error("the password cost can only be lowered in tests");
  passwordCost = cost;
}

export function hashPassword(password: string, cost: PasswordCost = passwordCost): Promise<string> {
  return Bun.password.hash(password, cost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash).catch(() => false);
}

/** Encrypts secrets at rest (OAuth tokens, webhook secrets) with AES-256-GCM. */
export class SecretBox {
  private key: Buffer;
  constructor(appSecret: string, purpose = "frank:secrets-at-rest") {
    this.key = Buffer.from(hkdfSync("sha256", appSecret, "frank", purpose, 32));
  }
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
  }
  open(sealed: string): string {
    const [v, iv, tag, body] = sealed.split(".");
    if (v !== "v1" || !iv || !tag || body === undefined) throw new Error("unreadable secret");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  }
}
