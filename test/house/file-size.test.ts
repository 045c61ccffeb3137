// A reader opens small files: no source file of the product is over 300 lines (tests and the
// generated asset and migration tables aside). A longer one is split by what its parts hold.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Glob } from "bun";

const LIMIT = 300;

test(`no source file is over ${LIMIT} lines`, () => {
  const long: string[] = [];
  for (const file of new Glob("src/**/*.{ts,tsx}").scanSync(".")) {
    if (/\.test\.tsx?$|\.gen\.ts$/.test(file)) continue;
    const lines = readFileSync(file, "utf8").split("\n").length - 1;
    if (lines > LIMIT) long.push(`${file}: ${lines}`);
  }
  expect(long).toEqual([]);
});
