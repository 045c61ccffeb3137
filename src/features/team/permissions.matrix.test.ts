// The permission matrix, generated from the one permission table: every role × every action
// (allowed, or 403 {message}), and another workspace's ids answer 404.
import { describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../../../test/helpers";
import { hashPassword } from "../../lib/crypto";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import * as membership from "../auth/membership-repo";
import { ACTIONS, FORBIDDEN_MESSAGE, PERMISSIONS, ROLES, type Action, type Role } from "../auth/permissions";

const t: TestApp = makeTestApp({ LOGIN_LIMIT_PER_IP: "1000" }); // every action signs up a workspace of three members: more sign-ins than one address may make in 15 minutes
t.clock.set(new Date("2030-01-10T03:00:00Z"));
let hash: string;
let n = 0;

/** A workspace with one member of each role, a second recruiter to act on, and one of each object. */
async function workspace() {
  hash ??= await hashPassword("correct-horse-battery");
  const owner = await t.signUp();
  const ws = owner.workspaceId;
  const member = (role: Role) => {
    const u = membership.insertMember(t.deps.db, { workspaceId: ws, email: `m${++n}@matrix.example`, passwordHash: hash, name: `M ${n}`, role });
    return { id: u.id, cookie: `frank_session=${t.app.features.auth.api.signInAs(u.id).token}` };
  };
  const cookies: Record<Role, string> = { owner: owner.cookie, admin: member("admin").cookie, recruiter: member("recruiter").cookie };
  const target = member("recruiter");
  const cand = upsertParticipantFromVisitor(t.deps, ws, {
    uniqueId: `mx-${++n}`,
    name: "Max Matrix",
    emailAddress: `max${n}@example.com`,
    roleApplied: "UX Designer",
    linkedinUrl: "https://linkedin.com/in/m",
  });
  const post = async (path: string, json: unknown) => (await t.request(path, { cookie: owner.cookie, json })).json() as Promise<Record<string, unknown>>;
  const shortlist = await post("/api/shortlists", { name: "Matrix" });
  const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
  const session = await post("/api/scheduling-sessions", { candidateId: cand.id, duration: 60, timeSlots: slots, timeZone: "UTC", sendEmail: false });
  const invitation = await post("/api/workspace/invitations", { email: `inv${++n}@example.com`, role: "recruiter" });
  const client = (await post("/api/clients", { name: "Matrix Client" })).client as { id: number };
  const job = (await post("/api/jobs", { title: "Matrix job" })).job as { id: number };
  const application = (await post(`/api/jobs/${job.id}/applications`, { candidateId: cand.id })).application as { id: number };
  const other = upsertParticipantFromVisitor(t.deps, ws, { uniqueId: `mx-${++n}`, name: "Mia Matrix", emailAddress: `mia${n}@example.com` });
  return {
    ownerId: owner.userId,
    cookies,
    ids: {
      candidate: cand.id,
      other: other.id,
      shortlist: shortlist.id,
      session: session.id,
      invitation: invitation.id,
      target: target.id,
      client: client.id,
      job: job.id,
      application: application.id,
    },
  };
}
type W = Awaited<ReturnType<typeof workspace>>;

interface Call {
  method: string;
  path: string;
  json?: unknown;
  /** The path names an object of the workspace: another workspace's owner gets 404. */
  scoped?: boolean;
  /** An HTML page (GET) or a no-JavaScript form post. */
  page?: boolean;
  form?: boolean;
}

/** One request per action of the table; a new action without one fails the test below. */
const CALLS: Record<Action, (w: W) => Call[]> = {
  "candidates.write": (w) => [{ method: "PATCH", path: `/api/participants/${w.ids.candidate}`, json: { city: "Melbourne" }, scoped: true }],
  "jobs.write": () => [{ method: "POST", path: "/api/jobs", json: { title: "Designer" } }],
  "clients.write": (w) => [
    { method: "POST", path: "/api/clients", json: { name: "Acme" } },
    { method: "PATCH", path: `/api/clients/${w.ids.client}`, json: { notes: "Pays on time" }, scoped: true },
    { method: "POST", path: `/api/clients/${w.ids.client}/contacts`, json: { name: "Grace", email: "grace@acme.example" }, scoped: true },
  ],
  "clients.delete": (w) => [{ method: "DELETE", path: `/api/clients/${w.ids.client}`, scoped: true }],
  "applications.write": (w) => [
    { method: "POST", path: `/api/jobs/${w.ids.job}/applications`, json: { candidateId: w.ids.other }, scoped: true },
    { method: "PATCH", path: `/api/applications/${w.ids.application}`, json: { stage: "Screening" }, scoped: true },
  ],
  "pipeline.manage": () => [
    { method: "POST", path: "/api/pipeline/stages", json: { name: "Client interview" } },
    { method: "PUT", path: "/api/pipeline/reject-reasons", json: { reasons: ["Not a fit", "Ghosted"] } },
  ],
  "placements.write": (w) => [
    {
      method: "POST",
      path: "/api/placements",
      json: { applicationId: w.ids.application, startDate: "2030-02-01", salary: 60000, currency: "EUR", feeType: "percent", feePercent: 20 },
      scoped: true,
    },
  ],
  // Another member's numbers: a recruiter sees their own.
  "reports.all": (w) => [{ method: "GET", path: `/api/placements?recruiterId=${w.ids.target}` }],
  "shortlists.write": (w) => [
    { method: "POST", path: "/api/shortlists", json: { name: "Another" } },
    { method: "PATCH", path: `/api/shortlists/${w.ids.shortlist}`, json: { name: "Renamed" }, scoped: true },
  ],
  "scheduling.write": (w) => [{ method: "DELETE", path: `/api/scheduling-sessions/${w.ids.session}`, scoped: true }],
  "calendar.own": () => [{ method: "POST", path: "/api/calendar/feed/regenerate" }],
  "members.read": () => [{ method: "GET", path: "/api/workspace/members" }],
  "members.update": (w) => [{ method: "PATCH", path: `/api/workspace/members/${w.ids.target}`, json: { role: "admin" }, scoped: true }],
  "members.remove": (w) => [{ method: "DELETE", path: `/api/workspace/members/${w.ids.target}`, scoped: true }],
  "records.reassign": (w) => [{ method: "PATCH", path: `/api/workspace/sessions/${w.ids.session}/owner`, json: { to: w.ids.target }, scoped: true }],
  "invitations.read": () => [{ method: "GET", path: "/api/workspace/invitations" }],
  "invitations.create": () => [{ method: "POST", path: "/api/workspace/invitations", json: { email: `new${++n}@example.com`, role: "recruiter" } }],
  "invitations.revoke": (w) => [{ method: "DELETE", path: `/api/workspace/invitations/${w.ids.invitation}`, scoped: true }],
  "invitations.resend": (w) => [{ method: "POST", path: `/api/workspace/invitations/${w.ids.invitation}/resend`, scoped: true }],
  "activity.read": () => [{ method: "GET", path: "/api/workspace/activity" }],
  "settings.update": () => [
    { method: "PUT", path: "/api/workspace/site", json: { siteUrl: "https://agency.example" } },
    { method: "PATCH", path: "/api/candidate-settings", json: { retentionMonths: 12 } },
    { method: "PUT", path: "/api/candidate-pages/settings/urls", json: {} },
  ],
  "apiKeys.manage": () => [
    { method: "POST", path: "/api/api-keys", json: { name: "Matrix", scope: "read" } },
    { method: "GET", path: "/api/api-keys" },
  ],
  "webhooks.manage": () => [
    { method: "POST", path: "/api/webhooks", json: { url: "https://hooks.example/frank", events: ["candidate.created"] } },
    { method: "GET", path: "/api/webhooks" },
  ],
  "chatWebhook.manage": () => [
    { method: "GET", path: "/chat/webhook", page: true },
    { method: "POST", path: "/chat/webhook/rotate", form: true },
  ],
  "billing.manage": () => [{ method: "GET", path: "/api/auth/billing" }],
};

const send = (c: Call, cookie: string) =>
  t.request(c.path, {
    method: c.method,
    cookie,
    ...(c.json !== undefined ? { json: c.json } : {}),
    ...(c.form ? { body: "", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } } : {}),
  });
/** Pages answer HTML; a form post a redirect (303) when it is done. */
const bodyOf = async (res: Response): Promise<{ message?: string }> =>
  res.headers.get("content-type")?.includes("json") ? ((await res.json()) as { message?: string }) : { message: (await res.text()).includes(FORBIDDEN_MESSAGE) ? FORBIDDEN_MESSAGE : "(html)" };

describe("permission matrix", () => {
  test("every action of the table has a request", () => {
    expect(Object.keys(CALLS).sort()).toEqual([...ACTIONS].sort());
  });

  for (const action of ACTIONS) {
    for (const role of ROLES) {
      const allowed = (PERMISSIONS[action] as readonly Role[]).includes(role);
      test(`${role} × ${action}: ${allowed ? "allowed" : "403"}`, async () => {
        const w = await workspace();
        for (const call of CALLS[action](w)) {
          const res = await send(call, w.cookies[role]);
          const body = await bodyOf(res);
          if (allowed) {
            // Allowed: the change is made (200, or 201 for a new object; a form's 303).
            expect({ call: `${call.method} ${call.path}`, ok: res.status === 200 || res.status === 201 || (!!call.form && res.status === 303), body }).toMatchObject({ ok: true });
          } else {
            expect({ call: `${call.method} ${call.path}`, status: res.status }).toEqual({ call: `${call.method} ${call.path}`, status: 403 });
            expect(body.message).toBe(FORBIDDEN_MESSAGE);
          }
        }
      });
    }
    test(`another workspace's owner × ${action}: 404 on this workspace's objects`, async () => {
      const w = await workspace();
      const scoped = CALLS[action](w).filter((c) => c.scoped);
      if (!scoped.length) return;
      const other = await t.signUp();
      for (const call of scoped) expect({ call: call.path, status: (await send(call, other.cookie)).status }).toEqual({ call: call.path, status: 404 });
    });
  }
});
