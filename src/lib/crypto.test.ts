import { expect, test } from "bun:test";
import { hashPassword, PASSWORD_HASH, usePasswordCostForTests, verifyPassword } from "./crypto";

test("production hashes passwords with argon2id, 19 MiB, 2 iterations, 1 lane", async () => {
  expect(PASSWORD_HASH).toEqual({ algorithm: "argon2id", memoryCost: 19456, timeCost: 2 });
  const hash = await hashPassword("correct-horse-battery", PASSWORD_HASH);
  expect(hash).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
  expect(await verifyPassword("correct-horse-battery", hash)).toBe(true);
  expect(await verifyPassword("wrong-horse-battery", hash)).toBe(false);
});

test("tests hash at a low cost, and such hashes still verify", async () => {
  const hash = await hashPassword("correct-horse-battery");
  expect(hash).toStartWith("$argon2id$v=19$m=64,t=1,p=1$");
  expect(await verifyPassword("correct-horse-battery", hash)).toBe(true);
});

test("the cost cannot be lowered outside tests", () => {
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    expect(() => usePasswordCostForTests({ algorithm: "argon2id", memoryCost: 64, timeCost: 1 })).toThrow();
  } finally {
    process.env.NODE_ENV = env;
  }
});

test("the browser tests' server asks for the cheap cost through the environment, only under NODE_ENV=test", async () => {
  const run = (env: Record<string, string>) =>
    Bun.spawnSync([process.execPath, "-e", `const { hashPassword } = await import(${JSON.stringify(import.meta.dir + "/crypto.ts")}); console.log(await hashPassword("x-password-1"));`], {
      env: { PATH: process.env.PATH ?? "", ...env },
    }).stdout.toString();
  expect(run({ NODE_ENV: "test", FRANK_TEST_PASSWORD_COST: "low" })).toStartWith("$argon2id$v=19$m=64,t=1,p=1$");
  expect(run({ NODE_ENV: "production", FRANK_TEST_PASSWORD_COST: "low" })).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
  expect(run({ FRANK_TEST_PASSWORD_COST: "low" })).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
});
