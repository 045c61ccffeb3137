import { afterAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { apply, careersWorkspace, startedOf } from "../../../test/kits/careers";
import { mailMessages, participants, webhookDeliveries } from "../../db/schema";
import { candidateEvents } from "../candidates/service-records";
import { tinyPdf } from "../../../test/kits/cv-fixtures";
import { startWebhookReceiver } from "../../../test/fakes/webhook-receiver";

// The webhook receiver listens on 127.0.0.1: private addresses are allowed here.
const t = makeTestApp({ TRUST_PROXY: "1", WEBHOOK_ALLOW_PRIVATE: "1" });
const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());
let ip = 0;
/** Each test applies from its own address (the per-address limit is tested on its own). */
const addr = () => `203.0.113.${++ip}`;

async function setup() {
  const w = await careersWorkspace(t);
  const job = await w.job("ICU Nurse", { city: "Sydney", country: "AU" });
  const form = await w.call(`/api/jobs/${job.id}/application-form`, {
    method: "PUT",
    json: {
      fields: { linkedin: "optional", cv: "required", note: "optional", phone: "required" },
      questions: [
        { id: "rights", label: "Do you have the right to work in Australia?", kind: "yes_no", mode: "required", knockout: "no" },
        { id: "shift", label: "Preferred shift", kind: "choice", options: ["Day", "Night"], mode: "optional" },
        { id: "reg", label: "AHPRA registration number", kind: "text", mode: "optional" },
      ],
    },
  });
  expect(form.status).toBe(200);
  return { w, job };
}

const applicationsOfCandidate = async (w: Awaited<ReturnType<typeof careersWorkspace>>, id: number) => (await w.call(`/api/participants/${id}`)).body.applications as any[];

describe("applying on the careers site (issue 56 item 4)", () => {
  test("one transaction: candidate, application with source, answers and flags, the CV and its text, private link, both e-mails, timeline, webhook", async () => {
    const { w, job } = await setup();
    expect((await w.call("/api/webhooks", { json: { url: receiver.url(), events: ["application.created"] } })).status).toBe(201);
    const started = await startedOf(t, w.slug, job.id, "?utm_source=LinkedIn");
    const res = await apply(t, w.slug, job.id, {
      started,
      source: "LinkedIn",
      ip: addr(),
      email: "Ada@Example.com",
      answers: { rights: "no", shift: "Night", reg: "NMW0001" },
      note: "Available from March.",
      cv: { bytes: tinyPdf([["Ada Applicant", "ICU nurse since 2016"]]), name: "ada-cv.pdf" },
    });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/careers\/applications\/[A-Za-z0-9_-]{32}\?sent=1$/);

    const person = t.deps.db
      .select()
      .from(participants)
      .where(and(eq(participants.workspaceId, w.workspaceId), eq(participants.emailAddress, "ada@example.com")))
      .all();
    expect(person).toHaveLength(1);
    const cid = person[0]!.id;
    const apps = await applicationsOfCandidate(w, cid);
    expect(apps).toHaveLength(1);
    const one = (await w.call(`/api/applications/${apps[0].id}`)).body.application;
    expect(one).toMatchObject({ jobId: job.id, stage: "Applied", source: "linkedin" });
    expect(one.answers).toEqual([
      { question: "Do you have the right to work in Australia?", answer: "no" },
      { question: "Preferred shift", answer: "Night" },
      { question: "AHPRA registration number", answer: "NMW0001" },
      { question: "Note", answer: "Available from March." },
    ]);
    expect(one.flags).toEqual(["Knock-out answer: “Do you have the right to work in Australia?” → no"]);
    // The job's board shows the flag and the source on the card.
    const board = await (await t.request(`/jobs/${job.id}`, { cookie: w.cookie })).text();
    expect(board).toContain("⚑ Knock-out answer: “Do you have the right to work in Australia?” → no");
    expect(board).toContain("Source: linkedin");

    const files = (await w.call(`/api/participants/${cid}/files`)).body.files;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: "ada-cv.pdf", type: "pdf", textStatus: "pending" });
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect((await w.call(`/api/participants/${cid}/files`)).body.files[0].textStatus).toBe("done");

    const mails = t.deps.db.select().from(mailMessages).where(eq(mailMessages.workspaceId, w.workspaceId)).all();
    const toApplicant = mails.find((m) => m.to === "ada@example.com")!;
    expect(toApplicant.subject).toBe("Your application for ICU Nurse");
    expect(toApplicant.html).toContain(`http://localhost${location.replace("?sent=1", "")}`);
    const toOwner = mails.find((m) => m.to === w.email)!;
    expect(toOwner.subject).toBe("New application for ICU Nurse (flagged)");
    expect(toOwner.text).toContain("Knock-out answer");

    const timeline = candidateEvents(t.deps, w.workspaceId, cid).map((e) => JSON.stringify(e));
    expect(timeline.some((e) => e.includes("Applied for ICU Nurse on the careers site (source: linkedin)"))).toBe(true);
    // The activity log: the application, without the applicant's name or e-mail.
    const act = await w.call("/api/workspace/activity?action=application.created");
    const activity = act.body.activity as any[];
    expect(activity.map((x) => x.summary)).toEqual([`Candidate #${cid} applied for ICU Nurse on the careers site (source: linkedin), flagged`]);
    expect(JSON.stringify(activity)).not.toContain("ada@example.com");
    const hooks = t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, w.workspaceId)).all();
    expect(hooks.map((h) => h.type)).toEqual(["application.created"]);
    expect(JSON.parse(hooks[0]!.payload).data).toMatchObject({ jobId: job.id, source: "linkedin", application: { id: apps[0].id, source: "linkedin" } });
    // Sent after the commit, signed, to the endpoint.
    const sent = receiver.received.map((r) => JSON.parse(r.body));
    expect(sent.map((b) => b.type)).toEqual(["application.created"]);
    expect(sent[0].data.application.flags).toEqual(one.flags);

    // The private link shows the answers and withdraws.
    const own = await t.request(location);
    expect(own.status).toBe(200);
    const page = await own.text();
    expect(page).toContain("your application was sent");
    expect(page).toContain("Night");
    const token = location.split("/")[3]!.split("?")[0]!;
    const withdrawn = await t.request(`/careers/applications/${token}/withdraw`, { method: "POST", headers: { origin: "http://localhost" } });
    expect(withdrawn.status).toBe(303);
    const after = (await w.call(`/api/applications/${apps[0].id}`)).body.application;
    expect(after).toMatchObject({ stage: "Rejected", rejectedReason: "Withdrew" });
    expect(await (await t.request(`/careers/applications/${token}`)).text()).toContain("You withdrew it.");
    expect((await t.request("/careers/applications/not-a-real-token-at-all-xxxxx")).status).toBe(404);
  });

  test("a second application with the same e-mail updates the same candidate; the same job twice is refused at the e-mail field", async () => {
    const { w, job } = await setup();
    const other = await w.job("Night Nurse");
    const first = await apply(t, w.slug, job.id, { ip: addr(), email: "bo@example.com", name: "Bo", phone: "+61 411 111 111", answers: { rights: "yes" } });
    expect(first.status).toBe(303);
    const second = await apply(t, w.slug, other.id, { ip: addr(), email: "BO@example.com", name: "Bo B", linkedin: "https://www.linkedin.com/in/bo" });
    expect(second.status).toBe(303);
    const rows = t.deps.db
      .select()
      .from(participants)
      .where(and(eq(participants.workspaceId, w.workspaceId), eq(participants.emailAddress, "bo@example.com")))
      .all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Bo", linkedinUrl: "https://www.linkedin.com/in/bo" });
    expect((await applicationsOfCandidate(w, rows[0]!.id)).map((a) => a.jobId).sort()).toEqual([job.id, other.id].sort());
    const events = candidateEvents(t.deps, w.workspaceId, rows[0]!.id);
    expect(events.some((e) => e.kind === "applied_again" && e.detail.jobId === other.id)).toBe(true);

    const again = await apply(t, w.slug, job.id, { ip: addr(), email: "bo@example.com", name: "Bo", answers: { rights: "yes" } });
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toContain("You have already applied for this job");
    expect(html).toContain('value="bo@example.com"');
  });

  test("the form says at the start that an automated assistant is at work, with its page (issue 57 item 5)", async () => {
    const { w, job } = await setup();
    const html = await (await t.request(`/careers/${w.slug}/jobs/${job.id}/apply`)).text();
    const notice = html.indexOf('data-testid="assistant-notice"');
    expect(notice).toBeGreaterThan(0);
    expect(notice).toBeLessThan(html.indexOf("data-apply-form"));
    expect(html).toContain("The questions here are asked by an automated assistant.");
    expect(html).toContain('href="/about-the-assistant"');
  });

  test("bad input shows the form again with a message at each field and keeps what was typed", async () => {
    const { w, job } = await setup();
    const res = await apply(t, w.slug, job.id, {
      ip: addr(),
      name: "Cy Typed",
      email: "not-an-email",
      phone: "",
      privacy: false,
      note: "Keep me",
      answers: { shift: "Evening", reg: "R-1" },
      cv: null,
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="email-error"');
    expect(html).toContain("This is not an e-mail address");
    expect(html).toContain("Please enter your phone number");
    expect(html).toContain("Please attach your CV");
    expect(html).toContain("Please read and agree to the privacy notice");
    expect(html).toContain('id="q_rights-error"');
    expect(html).toContain("Choose one of the options");
    expect(html).toContain('value="Cy Typed"');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain(">Keep me</textarea>");
    expect(html).toContain('value="R-1"');
    expect(html).toContain('aria-invalid="true"');
    const unsupported = await apply(t, w.slug, job.id, {
      ip: addr(),
      email: "dee@example.com",
      answers: { rights: "yes" },
      cv: { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), name: "photo.png" },
    });
    expect(unsupported.status).toBe(400);
    expect(await unsupported.text()).toContain('id="cv-error"');
    expect(t.deps.db.select().from(participants).where(eq(participants.workspaceId, w.workspaceId)).all()).toHaveLength(0);
  });
});

describe("abuse without a third party (issue 56 item 6)", () => {
  test("the hidden field, the minimum time and a forged time are refused with what to do; nothing is written", async () => {
    const { w, job } = await setup();
    const robot = await apply(t, w.slug, job.id, { ip: addr(), website: "http://spam.example", answers: { rights: "yes" } });
    expect(robot.status).toBe(400);
    expect(await robot.text()).toContain("If you are a person, please reload the page");
    const fast = await apply(t, w.slug, job.id, { ip: addr(), answers: { rights: "yes" } }, 500);
    expect(fast.status).toBe(400);
    const fastHtml = await fast.text();
    expect(fastHtml).toContain("quicker than a person");
    expect(fastHtml).toContain('value="Ada Applicant"');
    const forged = await apply(t, w.slug, job.id, { ip: addr(), started: "forged", answers: { rights: "yes" } });
    expect(forged.status).toBe(400);
    expect(t.deps.db.select().from(participants).where(eq(participants.workspaceId, w.workspaceId)).all()).toHaveLength(0);
  });

  test("ten applications from one address in ten minutes, then 429 with Retry-After and when to try again", async () => {
    const { w, job } = await setup();
    const one = addr();
    for (let i = 0; i < 10; i++) expect((await apply(t, w.slug, job.id, { ip: one, email: `p${i}@example.com`, answers: { rights: "yes" } }, 3_100)).status).toBe(303);
    const refused = await apply(t, w.slug, job.id, { ip: one, email: "p10@example.com", answers: { rights: "yes" } }, 3_100);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Please try again in");
    expect((await apply(t, w.slug, job.id, { ip: addr(), email: "p11@example.com", answers: { rights: "yes" } })).status).toBe(303);
  });
});
