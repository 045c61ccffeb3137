import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { mailMessages } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import { sendDueReminders } from "../scheduling/reminders";
import { NOT_YET } from "./texts";

const t = makeTestApp();
t.clock.set(new Date("2030-05-06T03:00:00Z"));
let n = 0;

/** A workspace whose candidate booked an interview for a job, the interview now over. */
async function interviewed(guests: { email: string; name?: string }[] = []) {
  const u = await t.signUp({ name: "Ivy Interviewer" });
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string | null } = {}) => {
    const res = await t.request(path, { ...init, cookie: init.cookie === null ? undefined : (init.cookie ?? u.cookie) });
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as any) : text, location: res.headers.get("location") };
  };
  const job = (await call("/api/jobs", { json: { title: "Sous chef" } })).body.job;
  const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `f-${++n}`, name: "Ada Lovelace", emailAddress: `ada${n}@example.com` });
  await call(`/api/jobs/${job.id}/applications`, { json: { candidateId: p.id } });
  const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 1)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
  const s = (await call("/api/scheduling-sessions", { json: { candidateId: p.id, duration: 60, timeSlots: slots, timeZone: "UTC", sendEmail: false, guests } })).body;
  expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0].id } })).status).toBe(200);
  const interview = (await call(`/api/participants/${p.id}/activity`)).body.activity.find((i: any) => i.type === "interview").detail.interviewId as string;
  return { ...u, call, job, p, interview, endsAt: new Date(s.timeSlots[0].endTime) };
}

const feedbackLink = (to: string) => {
  const m = t.deps.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to), eq(mailMessages.kind, "feedback_request")))
    .orderBy(desc(mailMessages.id))
    .get();
  return m?.text.match(/\/feedback\/([A-Za-z0-9_-]+)/)?.[1] ?? null;
};

describe("interview feedback", () => {
  test("when the interview ends the interviewer gets a private link; the scorecard is filled without signing in", async () => {
    const w = await interviewed();
    await t.deps.jobs.runDue();
    expect(feedbackLink(w.email)).toBeNull(); // not before it ends
    t.clock.set(new Date(w.endsAt.getTime() + 60_000));
    await t.deps.jobs.runDue();
    const token = feedbackLink(w.email);
    expect(token).not.toBeNull();

    const page = await w.call(`/feedback/${token}`, { cookie: null });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Feedback on Ada Lovelace");
    for (const c of ["Skills", "Communication", "Motivation"]) expect(page.body).toContain(`${c} (1 poor – 5 excellent)`);
    const post = (fields: Record<string, string>) =>
      t.request(`/feedback/${token}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" }, body: new URLSearchParams(fields).toString() });
    const bad = await post({ notes: "no choice" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose a recommendation: Strong no, No, Yes or Strong yes");
    const ok = await post({ recommendation: "strong_yes", "rating.Skills": "5", "rating.Communication": "4", notes: "Great knife skills" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/feedback/${token}?saved=1`);

    // A day and more has passed: the recruiter signs in again.
    const cookie = await t.login(w.email, w.password);
    const list = await w.call(`/api/interviews/${w.interview}/feedback`, { cookie });
    expect(list.body.summary).toBe("1 × Strong yes");
    expect(list.body.feedback[0]).toMatchObject({
      recommendation: "strong_yes",
      ratings: { Skills: 5, Communication: 4 },
      notes: "Great knife skills",
      jobId: w.job.id,
      reviewer: { email: w.email, member: true },
    });
    expect((await w.call(`/feedback/not-a-real-token-at-all-xx`, { cookie: null })).status).toBe(404);
    // Thirty days later the link has expired.
    t.clock.set(new Date(w.endsAt.getTime() + 31 * 86_400_000));
    expect((await w.call(`/feedback/${token}`, { cookie: null })).status).toBe(404);
  });

  test("members give feedback on the interview; summaries on the candidate and the board; validation; other workspaces get 404", async () => {
    t.clock.set(new Date("2030-06-10T03:00:00Z"));
    const w = await interviewed();
    const colleague = await addMember(t, w.cookie, "recruiter");
    // Issue 60: not before the interview: refused, and the interview page offers no scorecard yet.
    const early = await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "yes" } });
    expect({ status: early.status, message: early.body.message }).toEqual({ status: 400, message: NOT_YET });
    expect((await w.call(`/interview-details/${w.interview}`)).body).toContain(NOT_YET);
    // To the interview's end in steps shorter than a browser session's idle time, both members active.
    while (t.clock.now() < w.endsAt) {
      t.clock.set(new Date(Math.min(w.endsAt.getTime(), t.clock.now().getTime() + 6 * 3_600_000)));
      for (const cookie of [w.cookie, colleague.cookie]) expect((await w.call(`/api/participants/${w.p.id}/feedback`, { cookie })).status).toBe(200);
    }
    const mine = await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "yes", ratings: { Skills: 4 }, notes: "Solid" } });
    expect(mine.status).toBe(201);
    await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "yes", ratings: {} }, cookie: colleague.cookie });
    // Changing one's mind replaces one's own scorecard.
    await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "strong_yes" }, cookie: colleague.cookie });
    await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "yes" }, cookie: colleague.cookie });
    // One line on the timeline per scorecard: the change updates it instead of adding a second.
    const lines = (await w.call(`/api/participants/${w.p.id}/activity`)).body.activity.filter((i: any) => i.detail.kind === "feedback.given").map((i: any) => i.text);
    expect(lines).toHaveLength(2);
    expect(lines.filter((l: string) => l.endsWith(": Yes (changed from Strong yes)"))).toHaveLength(1);
    const third = await addMember(t, w.cookie, "admin");
    await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "strong_yes" }, cookie: third.cookie });
    const about = await w.call(`/api/participants/${w.p.id}/feedback`);
    expect(about.body.summary).toBe("2 × Yes, 1 × Strong yes");
    expect(about.body.feedback).toHaveLength(3);
    expect((await w.call(`/jobs/${w.job.id}`)).body).toContain("2 × Yes, 1 × Strong yes");
    // The scorecards themselves on the candidate's page: who, what, the ratings and the notes.
    const candidatePage = (await w.call(`/candidates/${w.p.id}`)).body as string;
    expect(candidatePage).toContain('data-testid="candidate-scorecards"');
    expect(candidatePage).toMatch(/Ivy Interviewer<\/span>: Yes/);
    expect(candidatePage).toContain("Skills 4/5");
    expect(candidatePage).toContain("Solid");

    expect((await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "maybe" } })).body.fields.recommendation).toBe(
      "Choose a recommendation: Strong no, No, Yes or Strong yes",
    );
    expect((await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "no", ratings: { Skills: 6 } } })).status).toBe(400);
    const unknown = await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "no", ratings: { Charm: 3 } } });
    expect(unknown.body.message).toBe("Unknown criterion: Charm. Criteria are: Skills, Communication, Motivation");
    expect((await w.call(`/api/jobs/${w.job.id}/scorecard`, { method: "PUT", json: { criteria: ["Charm", "Speed"] } })).body.criteria).toEqual(["Charm", "Speed"]);
    expect((await w.call(`/api/interviews/${w.interview}/feedback`, { json: { recommendation: "no", ratings: { Charm: 3 } } })).status).toBe(201);

    // The interview page: the job (and its client) and the member's own scorecard, a plain form.
    const page = (await w.call(`/interview-details/${w.interview}`)).body as string;
    expect(page).toContain("Your scorecard");
    expect(page).toContain(">Sous chef</a>");
    expect(page).toContain("Ivy Interviewer: No (Charm 3)");
    const form = await t.request(`/interview-details/${w.interview}/feedback`, {
      method: "POST",
      cookie: w.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams({ recommendation: "strong_no", "rating.Charm": "1", notes: "Changed my mind" }).toString(),
    });
    expect(form.status).toBe(303);
    expect((await w.call(`/api/interviews/${w.interview}/feedback`)).body.feedback.find((f: any) => f.reviewer.email === w.email)).toMatchObject({
      recommendation: "strong_no",
      ratings: { Charm: 1 },
    });

    const other = await t.signUp();
    for (const path of [`/api/interviews/${w.interview}/feedback`, `/api/participants/${w.p.id}/feedback`, `/api/jobs/${w.job.id}/scorecard`]) {
      expect((await t.request(path, { cookie: other.cookie })).status).toBe(404);
    }
    expect((await t.request(`/api/interviews/${w.interview}/feedback`, { cookie: other.cookie, json: { recommendation: "no" } })).status).toBe(404);
  });

  test("a client's contact on the interview gets the invitation, the reminder and the feedback link, and fills it without an account", async () => {
    t.clock.set(new Date("2030-08-05T03:00:00Z"));
    const bad = await t.signUp();
    const refused = await t.request("/api/scheduling-sessions", { cookie: bad.cookie, json: { candidateId: 1, duration: 60, timeSlots: [], guests: [{ email: "nope" }] } });
    expect(refused.status).toBe(400);
    const w = await interviewed([{ email: "Grace@Acme.example", name: "Grace Hopper" }]);
    const toGrace = () => t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, "grace@acme.example")).all();
    const invitation = toGrace().find((m) => m.kind === "booked")!;
    expect(invitation).toBeDefined();
    const ics = JSON.parse(invitation.icalEvent!);
    expect(ics.method).toBe("REQUEST");
    expect(ics.content).toContain("mailto:grace@acme.example");
    // Her copy carries no link into Frank: neither the staff page nor the candidate's own manage link.
    expect(invitation.text).not.toContain("/interview-details/");
    expect(ics.content.replace(/\r\n[ \t]/g, "")).not.toContain("/manage/");
    // The reminder the day before goes to her too.
    t.clock.set(new Date(w.endsAt.getTime() - 20 * 3_600_000));
    expect(await sendDueReminders(t.deps)).toBe(1);
    expect(toGrace().filter((m) => m.kind === "reminder")).toHaveLength(1);
    t.clock.set(new Date(w.endsAt.getTime() + 60_000));
    await t.deps.jobs.runDue();
    const token = feedbackLink("grace@acme.example");
    expect(token).not.toBeNull();
    const ok = await t.request(`/feedback/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams({ recommendation: "yes", "rating.Skills": "4" }).toString(),
    });
    expect(ok.status).toBe(303);
    const cookie = await t.login(w.email, w.password);
    const list = (await w.call(`/api/interviews/${w.interview}/feedback`, { cookie })).body;
    expect(list.feedback.find((f: any) => f.reviewer.email === "grace@acme.example")).toMatchObject({ recommendation: "yes", reviewer: { name: "Grace Hopper", member: false } });
  });
});
