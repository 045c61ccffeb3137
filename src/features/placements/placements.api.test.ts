import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { webhookDeliveries } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";

const t = makeTestApp();
t.clock.set(new Date("2031-03-10T09:00:00Z"));
let n = 0;

async function workspace() {
  const u = await t.signUp();
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as any) : text, res };
  };
  await call("/api/webhooks", { json: { url: "https://hooks.example/frank", events: ["placement.created", "placement.updated"] } });
  const client = (await call("/api/clients", { json: { name: "Acme" } })).body.client;
  const job = (await call("/api/jobs", { json: { title: "Backend Engineer", clientId: client.id } })).body.job as { id: number };
  const apply = async (cookie = u.cookie) => {
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `pl-${++n}`, name: `Person ${n}`, emailAddress: `pl${n}@example.com` });
    return (await call(`/api/jobs/${job.id}/applications`, { json: { candidateId: p.id }, cookie })).body.application as { id: number; candidateId: number };
  };
  return { ...u, call, job, client, apply };
}

const BASE = { startDate: "2031-04-01", salary: "60,000", currency: "eur", feeType: "percent", feePercent: 20, guaranteeDays: 90 };

describe("/api/placements", () => {
  test("a placement computes its fee, moves the application to Placed, splits 100% to the owner, and sends placement.created", async () => {
    const w = await workspace();
    const app = await w.apply();
    const r = await w.call("/api/placements", { json: { applicationId: app.id, ...BASE } });
    expect(r.status).toBe(201);
    expect(r.body.placement).toMatchObject({
      applicationId: app.id,
      candidateId: app.candidateId,
      jobTitle: "Backend Engineer",
      clientId: w.client.id,
      clientName: "Acme",
      salary: 60000,
      currency: "EUR",
      salaryPeriod: "year",
      annualSalary: 60000,
      feePercent: 20,
      fee: 12000,
      invoiceDate: "2031-04-01",
      guaranteeUntil: "2031-06-30",
      status: "expected",
      netFee: 12000,
      splits: [{ userId: w.userId, percent: 100, amount: 12000 }],
    });
    expect((await w.call(`/api/applications/${app.id}`)).body.application.stage).toBe("Placed");
    expect((await w.call("/api/placements", { json: { applicationId: app.id, ...BASE } })).status).toBe(409);
    const deliveries = t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, w.workspaceId)).all();
    expect(deliveries.map((d) => d.type)).toEqual(["placement.created"]);
    expect(JSON.parse(deliveries[0]!.payload).data.placement).toMatchObject({ id: r.body.placement.id, fee: 12000 });
    const log = await w.call("/api/workspace/activity?action=placement.created");
    expect(log.body.activity).toHaveLength(1);
    const timeline = (await w.call(`/api/participants/${app.candidateId}/activity`)).body.activity.map((i: any) => i.text);
    expect(timeline).toContain("Placement recorded for Backend Engineer");
  });

  test("monthly salary and a fixed fee; splits must add up to 100 and name members", async () => {
    const w = await workspace();
    const rec = await addMember(t, w.cookie, "recruiter");
    const monthly = await w.call("/api/placements", { json: { applicationId: (await w.apply()).id, ...BASE, salary: 5000, salaryPeriod: "month", feePercent: 15 } });
    expect(monthly.body.placement).toMatchObject({ annualSalary: 60000, fee: 9000 });
    const fixed = await w.call("/api/placements", { json: { applicationId: (await w.apply()).id, ...BASE, feeType: "fixed", feePercent: undefined, feeAmount: 7500 } });
    expect(fixed.body.placement).toMatchObject({ feeType: "fixed", feePercent: null, fee: 7500 });
    const app = await w.apply();
    const ninety = await w.call("/api/placements", {
      json: {
        applicationId: app.id,
        ...BASE,
        splits: [
          { userId: w.userId, percent: 60 },
          { userId: rec.id, percent: 30 },
        ],
      },
    });
    expect(ninety.status).toBe(400);
    expect(ninety.body.fields.splits).toBe("The split must add up to 100% (it adds up to 90%)");
    const stranger = await w.call("/api/placements", { json: { applicationId: app.id, ...BASE, splits: [{ userId: 999999, percent: 100 }] } });
    expect(stranger.status).toBe(400);
    const noFee = await w.call("/api/placements", { json: { applicationId: app.id, ...BASE, feeType: "fixed", feePercent: undefined } });
    expect(noFee.body.fields).toEqual({ feeAmount: "Enter the fixed fee" });
    const split = await w.call("/api/placements", {
      json: {
        applicationId: app.id,
        ...BASE,
        salary: 33333.33,
        splits: [
          { userId: w.userId, percent: 66.67 },
          { userId: rec.id, percent: 33.33 },
        ],
      },
    });
    expect(split.status).toBe(201);
    // 20% of 33,333.33 = 6,666.67 (rounded); the parts add up to it to the cent.
    expect(split.body.placement.fee).toBe(6666.67);
    const parts = split.body.placement.splits.map((s: any) => s.amount);
    expect(parts).toEqual([4444.67, 2222]);
    expect(Math.round(parts.reduce((a: number, b: number) => a + b, 0) * 100)).toBe(666667);
    expect((await w.call("/api/placements", { json: { applicationId: app.id + 100000, ...BASE } })).status).toBe(404);
  });

  test("invoiced, paid, and fallen through only within the guarantee, with the refund share", async () => {
    const w = await workspace();
    const id = (await w.call("/api/placements", { json: { applicationId: (await w.apply()).id, ...BASE } })).body.placement.id;
    const paid = await w.call(`/api/placements/${id}`, { method: "PATCH", json: { paidOn: "2031-05-02" } });
    expect(paid.body.placement).toMatchObject({ status: "paid", invoicedOn: "2031-05-02", paidOn: "2031-05-02" });
    const late = await w.call(`/api/placements/${id}`, { method: "PATCH", json: { fellThroughOn: "2031-07-01", refundPercent: 50 } });
    expect(late.status).toBe(400);
    expect(late.body.fields.fellThroughOn).toBe("A placement falls through only within its guarantee: from the start date 2031-04-01 to 2031-06-30");
    const fell = await w.call(`/api/placements/${id}`, { method: "PATCH", json: { fellThroughOn: "2031-06-30", refundPercent: 50 } });
    expect(fell.body.placement).toMatchObject({ status: "fallen_through", refundPercent: 50, refund: 6000, netFee: 6000, splits: [{ amount: 6000 }] });
    const edited = await w.call(`/api/placements/${id}`, { method: "PATCH", json: { salary: 70000 } });
    expect(edited.body.placement).toMatchObject({ fee: 14000, refund: 7000, netFee: 7000 });
    const types = t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.workspaceId, w.workspaceId))
      .all()
      .map((d) => d.type);
    expect(types).toEqual(["placement.created", "placement.updated", "placement.updated", "placement.updated"]);
  });

  test("a recruiter sees the placements they share; another member's is 404 to them, and asking for another's list 403", async () => {
    const w = await workspace();
    const rec = await addMember(t, w.cookie, "recruiter");
    const other = await addMember(t, w.cookie, "recruiter");
    const mine = (await w.call("/api/placements", { json: { applicationId: (await w.apply()).id, ...BASE, splits: [{ userId: rec.id, percent: 100 }] } })).body.placement;
    const owners = (await w.call("/api/placements", { json: { applicationId: (await w.apply()).id, ...BASE } })).body.placement;
    expect((await w.call("/api/placements")).body.placements).toHaveLength(2);
    expect((await w.call(`/api/placements?recruiterId=${rec.id}`)).body.placements.map((p: any) => p.id)).toEqual([mine.id]);
    expect((await w.call("/api/placements", { cookie: rec.cookie })).body.placements.map((p: any) => p.id)).toEqual([mine.id]);
    expect((await w.call(`/api/placements/${owners.id}`, { cookie: rec.cookie })).status).toBe(404);
    expect((await w.call(`/api/placements?recruiterId=${other.id}`, { cookie: rec.cookie })).status).toBe(403);
    const foreign = await t.signUp();
    expect((await t.request(`/api/placements/${mine.id}`, { cookie: foreign.cookie })).status).toBe(404);
  });

  test("without JavaScript: a card moved to Placed goes to the placement form; the form records it and marks it invoiced", async () => {
    const w = await workspace();
    const app = await w.apply();
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      cookie: w.cookie,
    });
    const moved = await t.request(`/jobs/${w.job.id}/applications/${app.id}/move`, form({ stage: "Placed" }));
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`/placements/new?application=${app.id}`);
    const page = await w.call(`/placements/new?application=${app.id}`);
    expect(page.body).toContain('name="feePercent"');
    const bad = await t.request(
      "/placements",
      form({
        applicationId: String(app.id),
        startDate: "2031-04-01",
        salary: "61234",
        currency: "EUR",
        salaryPeriod: "month",
        feeType: "percent",
        feePercent: "17.5",
        guaranteeDays: "45",
        split1User: String(w.userId),
        split1Percent: "50",
      }),
    );
    // Refused: the form again with the reason, and every field as typed.
    expect(bad.status).toBe(400);
    const again = await bad.text();
    expect(again).toContain('role="alert"');
    expect(again).toContain("100");
    expect(again).toContain('value="61234"');
    expect(again).toContain('value="17.5"');
    expect(again).toContain('value="45"');
    expect(again).toContain('value="2031-04-01"');
    expect(again).toMatch(/<option value="month" selected=""/);
    expect(again).toContain('name="split1Percent" value="50"');
    const ok = await t.request(
      "/placements",
      form({
        applicationId: String(app.id),
        startDate: "2031-04-01",
        salary: "60000",
        currency: "EUR",
        salaryPeriod: "year",
        feeType: "percent",
        feePercent: "20",
        feeAmount: "",
        invoiceDate: "",
        guaranteeDays: "90",
        split1User: String(w.userId),
        split1Percent: "100",
        split2User: "",
        split2Percent: "",
      }),
    );
    expect(ok.status).toBe(303);
    const at = ok.headers.get("location")!;
    expect(at).toMatch(/^\/placements\/\d+$/);
    const shown = await w.call(at);
    expect(shown.body).toContain("€12,000.00");
    const invoiced = await t.request(at, form({ action: "invoiced", on: "2031-04-02" }));
    expect(invoiced.status).toBe(303);
    expect((await w.call(`/api/${at.slice(1)}`)).body.placement).toMatchObject({ status: "invoiced", invoicedOn: "2031-04-02" });
    const list = await w.call("/placements");
    expect(list.body).toContain("Invoiced");
  });
});

describe("the dashboard", () => {
  test("shows this month's placements, fees and the jobs still open", async () => {
    const w = await workspace();
    await w.call("/api/jobs", { json: { title: "Designer" } });
    await w.call("/api/placements", { json: { applicationId: (await w.apply()).id, ...BASE } });
    const page = (await w.call("/dashboard")).body as string;
    const figures = page.slice(page.indexOf('data-testid="month-figures"'));
    expect(figures).toContain("Placements this month");
    expect(figures).toMatch(/Placements this month<\/span><span[^>]*>1</);
    expect(figures).toContain("€12,000.00");
    expect(figures).toMatch(/Open jobs<\/span><span[^>]*>1</);
  });

  test("Job Positions lists the newest 100 jobs by title and location only; open jobs counts them all", async () => {
    const w = await workspace();
    const insert = t.deps.db.$client.prepare("INSERT INTO jobs (workspace_id, title, location, description) VALUES (?1, ?2, 'Lisbon', 'A long posting text')");
    for (let i = 1; i <= 120; i++) insert.run(w.workspaceId, `Bulk job ${i}`);
    const page = (await w.call("/dashboard")).body as string;
    const card = page.slice(page.indexOf('data-island="dashboard-jobs"'), page.indexOf('data-island="dashboard-campaigns"'));
    expect(card).toContain("Bulk job 120");
    expect(card).toContain("Bulk job 21<");
    expect(card).not.toContain("Bulk job 20<");
    expect(card).not.toContain("A long posting text");
    expect((card.match(/<li /g) ?? []).length).toBe(100);
    // 121 jobs (the workspace's own and 120): 21 are past the card.
    expect(card).toContain("21 older jobs are on the");
    expect(page).toMatch(/Open jobs<\/span><span[^>]*>121</);
  });
});
