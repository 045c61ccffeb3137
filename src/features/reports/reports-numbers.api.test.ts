// The reports read summaries kept with each move (decision 57) where they read the log of stage
// changes before. Their numbers on one workspace with a history (test/kits/reports-scenario.ts) are
// compared, report by report, grouping by grouping, filter by filter, with the CSVs the reports gave
// when they read the log (test/fixtures/reports-numbers.json, written by the code before the change
// with WRITE_REPORTS_GOLDEN=1). Break the summaries' upkeep (applications/repo.ts insertMove) and
// this fails.
import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp } from "../../../test/helpers";
import { reportUrls, reportsScenario } from "../../../test/kits/reports-scenario";

const GOLDEN = join(import.meta.dir, "../../../test/fixtures/reports-numbers.json");
const t = makeTestApp();

test("every report gives the numbers it gave when it read the log, under every filter and grouping, for an owner and a recruiter", async () => {
  const w = await reportsScenario(t);
  const got: Record<string, string> = {};
  const urls = reportUrls(w.ids);
  for (const [key, url] of urls) {
    const res = await t.request(url, { cookie: w.cookie });
    got[key] = `${res.status}\n${await res.text()}`;
  }
  // A recruiter's own numbers (the recruiter filters are theirs or refused: left out).
  for (const [key, url] of urls.filter(([k]) => !k.includes("recruiter"))) {
    const res = await t.request(url, { cookie: w.rec1Cookie });
    got[`recruiter's own: ${key}`] = `${res.status}\n${await res.text()}`;
  }
  if (process.env.WRITE_REPORTS_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(got, null, 1)}\n`);
  const want = JSON.parse(readFileSync(GOLDEN, "utf8")) as Record<string, string>;
  expect(Object.keys(got).length).toBe(Object.keys(want).length);
  // Sources of as many applications came in no set order before; now by name: their rows are compared as a set.
  const rows = (key: string, csv: string | undefined) => {
    const lines = (csv ?? "").split("\r\n");
    return key.includes("sources by") ? [lines[0], ...lines.slice(1).sort()] : lines;
  };
  for (const key of Object.keys(want)) expect({ key, csv: rows(key, got[key]) }).toEqual({ key, csv: rows(key, want[key]) });
}, 120_000);
