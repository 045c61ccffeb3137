import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { median, medianAndP90, percentile } from "./stats";

const t = makeTestApp();
t.clock.set(new Date("2031-03-10T09:00:00Z"));
let n = 0;

async function workspace() {
  const u = await t.signUp();
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    return { status: res.status, text: await res.text(), res };
  };
  const json = async (path: string, body: unknown, cookie = u.cookie) => JSON.parse((await call(path, { json: body, cookie })).text);
  const job = (await json("/api/jobs", { title: "Backend Engineer" })).job as { id: number };
  const apply = async (cookie = u.cookie) => {
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `rp-${++n}`, name: `Person ${n}`, emailAddress: `rp${n}@example.com` });
    return (await json(`/api/jobs/${job.id}/applications`, { candidateId: p.id }, cookie)).application as { id: number };
  };
  const move = (id: number, stage: string, cookie = u.cookie, rejectedReason?: string) => call(`/api/applications/${id}`, { method: "PATCH", json: { stage, rejectedReason }, cookie });
  return { ...u, call, json, job, apply, move };
}

/** The report's table from the CSV download: rows of cells. */
const csvRows = (text: string) =>
  text
    .trim()
    .split("\r\n")
    .map((l) => l.split(","));

describe("/reports", () => {
  test("the funnel counts a candidate who reached Interview and was later rejected as having reached Interview", async () => {
    const w = await workspace();
    const a = await w.apply();
    const b = await w.apply();
    await w.apply();
    await w.move(a.id, "Interview");
    await w.move(a.id, "Rejected", w.cookie, "Salary");
    await w.move(b.id, "Screening");
    const csv = await w.call("/reports.csv?report=funnel");
    expect(csv.status).toBe(200);
    expect(csv.res.headers.get("content-type")).toContain("text/csv");
    const rows = csvRows(csv.text);
    expect(rows[0]).toEqual(["Pipeline stage", "Reached", "Conversion to the next stage (%)", "Share of all (%)"]);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ["Applied", "3"],
      ["Screening", "2"],
      ["Interview", "1"],
      ["Offer", "0"],
      ["Placed", "0"],
    ]);
    // Only finished ones: the rejected application, which still reached Interview.
    const finished = csvRows((await w.call("/reports.csv?report=funnel&finished=1")).text);
    expect(finished.slice(1).map((r) => r[1])).toEqual(["1", "1", "1", "0", "0"]);
    const page = await w.call("/reports?report=funnel");
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="report-chart"');
  });

  test("a recruiter sees their own applications and placements; another recruiter's numbers are refused", async () => {
    const w = await workspace();
    const rec = await addMember(t, w.cookie, "recruiter");
    const other = await addMember(t, w.cookie, "recruiter");
    await w.apply(rec.cookie);
    await w.apply();
    await w.apply();
    const own = csvRows((await w.call("/reports.csv?report=funnel", { cookie: rec.cookie })).text);
    expect(own[1]).toEqual(["Applied", "1", "0", "100"]);
    const all = csvRows((await w.call("/reports.csv?report=funnel")).text);
    expect(all[1]![1]).toBe("3");
    const byRecruiter = csvRows((await w.call("/reports.csv?report=funnel&by=recruiter")).text);
    expect(
      byRecruiter
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(["1", "2"]);
    expect((await w.call(`/reports?report=funnel&recruiterId=${other.id}`, { cookie: rec.cookie })).status).toBe(403);
  });

  test("revenue by month, paid, invoiced and expected, split by recruiter; CSV cells are guarded", async () => {
    const w = await workspace();
    const rec = await addMember(t, w.cookie, "recruiter");
    const base = { currency: "EUR", feeType: "percent", feePercent: 20, salary: 60000 };
    const p1 = (
      await w.json("/api/placements", {
        applicationId: (await w.apply()).id,
        startDate: "2031-02-01",
        ...base,
        splits: [
          { userId: w.userId, percent: 50 },
          { userId: rec.id, percent: 50 },
        ],
      })
    ).placement;
    await w.json("/api/placements", { applicationId: (await w.apply()).id, startDate: "2031-03-01", ...base });
    await w.call(`/api/placements/${p1.id}`, { method: "PATCH", json: { paidOn: "2031-02-20" } });
    const rows = csvRows((await w.call("/reports.csv?report=revenue&from=2031-01-01&to=2031-03-31")).text);
    expect(rows).toEqual([
      ["Month", "Currency", "Paid", "Invoiced", "Expected", "Total", "Placements"],
      ["2031-02", "EUR", "12000", "0", "0", "12000", "1"],
      ["2031-03", "EUR", "0", "0", "12000", "12000", "1"],
    ]);
    const mine = csvRows((await w.call("/reports.csv?report=revenue&from=2031-01-01&to=2031-03-31", { cookie: rec.cookie })).text);
    expect(mine.slice(1)).toEqual([["2031-02", "EUR", "6000", "0", "0", "6000", "0.5"]]);
    const page = await w.call("/reports?report=revenue&from=2031-01-01&to=2031-03-31");
    expect(page.text).toContain("Paid");
  });

  test("every report answers with a chart and a table, whatever the filters in the address", async () => {
    const w = await workspace();
    await w.apply();
    for (const r of ["funnel", "times", "sources", "interviews", "revenue"]) {
      for (const extra of ["", "&by=job", "&by=source", "&from=bad&jobId=x&source=Direct"]) {
        const page = await w.call(`/reports?report=${r}${extra}`);
        expect({ r, extra, status: page.status }).toEqual({ r, extra, status: 200 });
        expect(page.text).toContain('data-testid="report-table"');
      }
    }
    const sources = csvRows((await w.call("/reports.csv?report=sources")).text);
    expect(sources[1]).toEqual(["Direct", "1", "0", "0", "0"]);
  });

  test("medians and 90th percentiles", () => {
    expect([median([]), median([3]), median([4, 1, 3, 2])]).toEqual([null, 3, 2.5]);
    expect([percentile([], 90), percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90), percentile([5], 90)]).toEqual([null, 9, 5]);
    // Sorted once, as numbers (not as text: 10 after 9), the same answers.
    for (const xs of [[], [3], [4, 1, 3, 2], [10, 9, 100, 2, 33, 5, 7, 8, 1, 6, 11]]) expect(medianAndP90(xs)).toEqual({ median: median(xs), p90: percentile(xs, 90) });
  });
});
