// Resend while the confirmation still waits (issue 41 item 3): the waiting e-mails are tried at
// once, not written again, so when mail comes back each side gets it once. After they were sent,
// Resend writes new ones. Against a real SMTP server on 127.0.0.1 that refuses for a while.
import { afterAll, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { startTestSmtp } from "../../../test/kits/smtp-server";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const smtp = await startTestSmtp({ refuse: true });
afterAll(() => smtp.close());
const received = smtp.received;

const t = makeTestApp({ SMTP_URL: smtp.url });
const TZ = "Europe/London";

test("Resend brings the retrying confirmation forward instead of adding a copy; after it was sent, it adds a new one", async () => {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const c = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "resend-1", name: "Ada Lovelace", emailAddress: "ada@example.com" });
  const timeSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 3)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
  const s = (await (
    await t.request("/api/scheduling-sessions", { cookie: u.cookie, json: { candidateId: c.id, title: "Interview", duration: 60, timeSlots, timeZone: TZ, sendEmail: false } })
  ).json()) as { sessionToken: string; timeSlots: { id: string }[] };
  expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0]!.id } })).status).toBe(200);
  await t.deps.jobs.idle();
  const [m] = (await (await t.request("/api/meetings", { cookie: u.cookie })).json()).meetings as { id: string; emails: { status: string; nextAttemptAt: string | null }[] }[];
  expect(m!.emails.map((e) => e.status)).toEqual(["retrying", "retrying"]);

  // Mail comes back; Resend (twice, impatiently) while both still wait for their next try.
  smtp.refuse = false;
  for (let i = 0; i < 2; i++) {
    const res = await t.request(`/api/interviews/${m!.id}/resend`, { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()).emails as unknown[]).length).toBe(2);
  }
  await t.deps.jobs.idle();
  const confirmations = received.filter((r) => r.subject.startsWith("Interview Scheduled"));
  expect(confirmations.map((r) => r.to).sort()).toEqual(["ada@example.com", u.email].sort());
  const after = (await (await t.request(`/api/interviews/${m!.id}`, { cookie: u.cookie })).json()).emails as { status: string }[];
  expect(after.map((e) => e.status)).toEqual(["sent", "sent"]);

  // Sent: Resend writes both again, and each side gets a second copy.
  const again = await t.request(`/api/interviews/${m!.id}/resend`, { method: "POST", cookie: u.cookie });
  expect(((await again.json()).emails as unknown[]).length).toBe(4);
  await t.deps.jobs.idle();
  expect(received.filter((r) => r.subject.startsWith("Interview Scheduled"))).toHaveLength(4);
});
