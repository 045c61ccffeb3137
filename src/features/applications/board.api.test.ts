import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { mailMessages } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";

const t = makeTestApp();
t.clock.set(new Date("2030-03-04T03:00:00Z"));
let n = 0;

async function workspace() {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as any) : text, location: res.headers.get("location") };
  };
  const form = (path: string, fields: Record<string, string>, cookie = u.cookie) =>
    t.request(path, { method: "POST", cookie, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" }, body: new URLSearchParams(fields).toString() });
  const client = (await call("/api/clients", { json: { name: "Acme" } })).body.client;
  const job = (await call("/api/jobs", { json: { title: "Barista", location: "Perth", clientId: client.id } })).body.job;
  const stages = (await call("/api/pipeline")).body.stages as { id: number; name: string }[];
  const stage = (name: string) => stages.find((s) => s.name === name)!.id;
  const apply = async (name: string) => {
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `b-${++n}`, name, emailAddress: `c${n}@example.com`, city: "Perth" });
    const a = (await call(`/api/jobs/${job.id}/applications`, { json: { candidateId: p.id } })).body.application;
    return { p, a };
  };
  return { ...u, call, form, job, client, stage, apply };
}

const mailsTo = (to: string) =>
  t.deps.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to), eq(mailMessages.kind, "stage_email")))
    .all();

describe("the board at /jobs/{id}", () => {
  test("one column per stage with counts, cards with name, city and days in stage; Rejected folded; the client named", async () => {
    const w = await workspace();
    const ada = await w.apply("Ada Lovelace");
    await w.apply("Bob Builder");
    await w.call(`/api/applications/${ada.a.id}`, { method: "PATCH", json: { stage: "Rejected", rejectedReason: "Withdrew" } });
    const page = await w.call(`/jobs/${w.job.id}`);
    expect(page.status).toBe(200);
    const html = page.body as string;
    expect(html).toContain("Barista");
    expect(html).toContain(">Acme</a>");
    expect(html).toMatch(new RegExp(`data-count="${w.stage("Applied")}">1<`));
    expect(html).toMatch(new RegExp(`data-count="${w.stage("Rejected")}">1<`));
    expect(html).toMatch(new RegExp(`<details[^>]*data-column="${w.stage("Rejected")}"`));
    expect(html).not.toMatch(new RegExp(`<details[^>]*open[^>]*data-column="${w.stage("Rejected")}"`));
    expect(html).toContain("Bob Builder");
    expect(html).toContain("Perth · today");
    expect(html).toContain("Withdrew");
    expect((await w.call("/jobs/999999")).status).toBe(404);
    const other = await workspace();
    expect((await other.call(`/jobs/${w.job.id}`)).status).toBe(404);
  });

  test("the no-JavaScript move form: Rejected needs a reason; a recruiter moves; another job's card is refused", async () => {
    const w = await workspace();
    const rec = await addMember(t, w.cookie, "recruiter");
    const { a } = await w.apply("Cleo");
    const refused = await w.form(`/jobs/${w.job.id}/applications/${a.id}/move`, { stage: String(w.stage("Rejected")), rejectedReason: "" });
    expect(refused.status).toBe(303);
    expect((await w.call(`/api/applications/${a.id}`)).body.application.stage).toBe("Applied");
    const moved = await w.form(`/jobs/${w.job.id}/applications/${a.id}/move`, { stage: String(w.stage("Rejected")), rejectedReason: "Not a fit" }, rec.cookie);
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`/jobs/${w.job.id}`);
    expect((await w.call(`/api/applications/${a.id}`)).body.application).toMatchObject({ stage: "Rejected", rejectedReason: "Not a fit" });
    const otherJob = (await w.call("/api/jobs", { json: { title: "Other" } })).body.job;
    await w.form(`/jobs/${otherJob.id}/applications/${a.id}/move`, { stage: String(w.stage("Offer")) });
    expect((await w.call(`/api/applications/${a.id}`)).body.application.stage).toBe("Rejected");
  });

  test("stage e-mails: unknown variables refused by name; the template is written in the move's transaction and shows in the timeline", async () => {
    const w = await workspace();
    const bad = await w.call("/api/email-templates", { json: { name: "Oops", subject: "Hi {{candidate.nickname}}", body: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: "Unknown variable: {{candidate.nickname}}", fields: { subject: "Unknown variable: {{candidate.nickname}}" } });
    const made = await w.call("/api/email-templates", {
      json: {
        name: "Rejection – polite",
        subject: "Your application for {{job.title}}",
        body: "Dear {{candidate.firstName}},\n\nThank you for applying to {{client.name}} through {{company.name}}.\n\n{{recruiter.name}}",
        stageId: w.stage("Rejected"),
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.template).toMatchObject({ stage: "Rejected" });
    const { p, a } = await w.apply("Ada Lovelace");
    const preview = await w.call(`/api/email-templates/${made.body.template.id}/preview?applicationId=${a.id}`);
    expect(preview.body).toMatchObject({ to: p.emailAddress, subject: "Your application for Barista" });
    expect(preview.body.text).toContain("Dear Ada,");
    expect(preview.body.text).toContain("Thank you for applying to Acme through");
    expect(preview.body.text).toContain("Rita Recruiter");

    // A refused move sends nothing; a move without the tick sends nothing; with it, one e-mail.
    await w.call(`/api/applications/${a.id}`, { method: "PATCH", json: { stage: "Rejected", sendEmail: true } });
    expect(mailsTo(p.emailAddress!)).toHaveLength(0);
    await w.call(`/api/applications/${a.id}`, { method: "PATCH", json: { stage: "Screening", sendEmail: true } });
    expect(mailsTo(p.emailAddress!)).toHaveLength(0);
    const moved = await w.call(`/api/applications/${a.id}`, { method: "PATCH", json: { stage: "Rejected", rejectedReason: "Salary", sendEmail: true } });
    expect(moved.status).toBe(200);
    const mails = mailsTo(p.emailAddress!);
    expect(mails.map((m) => m.subject)).toEqual(["Your application for Barista"]);
    const timeline = (await w.call(`/api/participants/${p.id}/activity`)).body.activity.map((i: any) => i.text);
    expect(timeline).toContain("E-mail ‘Rejection – polite’ sent: Your application for Barista");

    const list = await w.call("/api/email-templates");
    expect(list.body.templates).toHaveLength(1);
    const rec = await addMember(t, w.cookie, "recruiter");
    expect((await w.call("/api/email-templates", { cookie: rec.cookie })).status).toBe(200);
    expect((await w.call(`/api/email-templates/${made.body.template.id}`, { method: "PATCH", json: { name: "Mine" }, cookie: rec.cookie })).status).toBe(403);
    const other = await workspace();
    expect((await other.call(`/api/email-templates/${made.body.template.id}`)).status).toBe(404);
    expect((await other.call(`/api/email-templates/${made.body.template.id}/preview?applicationId=${a.id}`)).status).toBe(404);
    expect((await w.call(`/api/email-templates/${made.body.template.id}`, { method: "PATCH", json: { body: "{{nope}}" } })).body.message).toBe("Unknown variable: {{nope}}");
    expect((await w.call(`/api/email-templates/${made.body.template.id}`, { method: "DELETE" })).status).toBe(200);
  });

  test("booking an interview moves an earlier application to Interview; a later one stays", async () => {
    const w = await workspace();
    const early = await w.apply("Dora");
    const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
    const s = (await w.call("/api/scheduling-sessions", { json: { candidateId: early.p.id, duration: 60, timeSlots: slots, timeZone: "UTC", sendEmail: false } })).body;
    expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0].id } })).status).toBe(200);
    expect((await w.call(`/api/applications/${early.a.id}`)).body.application.stage).toBe("Interview");
    const late = await w.apply("Eli");
    await w.call(`/api/applications/${late.a.id}`, { method: "PATCH", json: { stage: "Offer" } });
    const s2 = (await w.call("/api/scheduling-sessions", { json: { candidateId: late.p.id, duration: 60, timeSlots: slots, timeZone: "UTC", sendEmail: false } })).body;
    expect((await t.request(`/api/book/${s2.sessionToken}`, { json: { slotId: s2.timeSlots[1].id } })).status).toBe(200);
    expect((await w.call(`/api/applications/${late.a.id}`)).body.application.stage).toBe("Offer");
    const page = (await w.call(`/jobs/${w.job.id}`)).body as string;
    // In the reader's zone, in the product's one date style (issue 60): this member has none, the workspace neither: UTC.
    expect(page).toMatch(/Interview Mar \d{1,2}, 2030, 9:00 AM UTC/);
  });

  test("bulk moves: one transaction; the stage's e-mail by default up to 20 cards, not above", async () => {
    const w = await workspace();
    await w.call("/api/email-templates", { json: { name: "Offer note", subject: "Good news about {{job.title}}", body: "Hi {{candidate.firstName}}", stageId: w.stage("Offer") } });
    const few = [];
    for (let i = 0; i < 3; i++) few.push((await w.apply(`Few ${i}`)).a.id);
    const r = await w.call(`/api/jobs/${w.job.id}/applications/move`, { json: { applicationIds: few, stage: "Offer" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ emailed: 3 });
    const many = [];
    for (let i = 0; i < 21; i++) many.push((await w.apply(`Many ${i}`)).a.id);
    expect((await w.call(`/api/jobs/${w.job.id}/applications/move`, { json: { applicationIds: many, stage: "Offer" } })).body.emailed).toBe(0);
    const other = (await w.call("/api/jobs", { json: { title: "Elsewhere" } })).body.job;
    const stray = await w.call(`/api/jobs/${other.id}/applications/move`, { json: { applicationIds: [few[0]], stage: "Screening" } });
    expect(stray.status).toBe(404);
    expect((await w.call(`/api/applications/${few[0]}`)).body.application.stage).toBe("Offer");
    const refused = await w.call(`/api/jobs/${w.job.id}/applications/move`, { json: { applicationIds: many.slice(0, 2), stage: "Rejected" } });
    expect(refused.body.message).toBe("Choose a reason for Rejected");
    expect((await w.call(`/api/jobs/${w.job.id}/applications?stage=Rejected`)).body.applications).toHaveLength(0);
  });
});
