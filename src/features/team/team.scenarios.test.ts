import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";

const t = makeTestApp();

type Member = { id: number; role: string; email: string };
async function setup(w: World) {
  const { members } = (await (await t.request("/api/workspace/members", { headers: w.headers.owner })).json()) as { members: Member[] };
  w.ids.admin = members.find((m) => m.role === "admin")!.id;
  w.ids.recruiter = members.find((m) => m.role === "recruiter")!.id;
  const theirs = (await (await t.request("/api/workspace/members", { headers: w.headers.stranger })).json()) as { members: Member[] };
  w.ids.strangerMember = theirs.members[0]!.id;
  const inv = await (await t.request("/api/workspace/invitations", { headers: w.headers.stranger, json: { email: "theirs@team.example" } })).json();
  w.ids.strangerInvitation = inv.id;
}
const invitation = (w: World) => `/api/workspace/invitations/${w.ids.invitation}`;

apiScenarios("workspace members API", t, setup, [
  {
    name: "lists the members",
    url: "/api/workspace/members",
    as: "owner",
    status: 200,
    expect: (j) => {
      expect(j.members).toHaveLength(3);
      expect(Object.keys(j.members[0]).sort()).toEqual(["createdAt", "email", "id", "name", "role"]);
    },
  },
  {
    name: "a recruiter sees the members",
    url: "/api/workspace/members",
    as: "recruiter",
    status: 200,
    expect: (j) => expect(j.members.map((m: { role: string }) => m.role).sort()).toEqual(["admin", "owner", "recruiter"]),
  },
  { name: "without a session", url: "/api/workspace/members", as: "anonymous", status: 401, code: "unauthorized" },
  { name: "another workspace's key sees its own", url: "/api/workspace/members", as: "strangerKey", status: 200, expect: (j) => expect(j.members).toHaveLength(1) },
  {
    name: "a recruiter may not change roles",
    method: "PATCH",
    url: (w) => `/api/workspace/members/${w.ids.admin}`,
    body: { role: "recruiter" },
    as: "recruiter",
    status: 403,
    code: "forbidden",
    message: "You do not have permission to do this.",
  },
  {
    name: "a read key may not change roles",
    method: "PATCH",
    url: (w) => `/api/workspace/members/${w.ids.recruiter}`,
    body: { role: "admin" },
    as: "readKey",
    status: 403,
    code: "insufficient_scope",
  },
  {
    name: "an unknown role",
    method: "PATCH",
    url: (w) => `/api/workspace/members/${w.ids.recruiter}`,
    body: { role: "boss" },
    as: "owner",
    status: 400,
    code: "validation_failed",
    message: "Role must be owner, admin or recruiter",
  },
  { name: "another workspace's member", method: "PATCH", url: (w) => `/api/workspace/members/${w.ids.strangerMember}`, body: { role: "admin" }, as: "owner", status: 404, code: "not_found" },
  { name: "an admin may not make an owner", method: "PATCH", url: (w) => `/api/workspace/members/${w.ids.recruiter}`, body: { role: "owner" }, as: "admin", status: 403, code: "forbidden" },
  {
    name: "changes a role",
    method: "PATCH",
    url: (w) => `/api/workspace/members/${w.ids.recruiter}`,
    body: { role: "admin" },
    as: "writeKey",
    status: 200,
    events: { "member.role_changed": 1 },
    expect: (j) => expect(j.role).toBe("admin"),
  },
  {
    name: "and back",
    method: "PATCH",
    url: (w) => `/api/workspace/members/${w.ids.recruiter}`,
    body: { role: "recruiter" },
    as: "owner",
    status: 200,
    events: { "member.role_changed": 1 },
    expect: (j) => expect(j.role).toBe("recruiter"),
  },
  { name: "a reassign needs a member", method: "POST", url: (w) => `/api/workspace/members/${w.ids.recruiter}/reassign`, body: {}, as: "owner", status: 400, message: "Choose a member" },
  {
    name: "a reassign to another workspace's member",
    method: "POST",
    url: (w) => `/api/workspace/members/${w.ids.recruiter}/reassign`,
    body: (w: World) => ({ to: w.ids.strangerMember }),
    as: "owner",
    status: 404,
    message: "The member to take over was not found",
  },
  {
    name: "a recruiter may not reassign",
    method: "POST",
    url: (w) => `/api/workspace/members/${w.ids.admin}/reassign`,
    body: (w: World) => ({ to: w.ids.recruiter }),
    as: "recruiter",
    status: 403,
    code: "forbidden",
  },
  {
    name: "reassigns",
    method: "POST",
    url: (w) => `/api/workspace/members/${w.ids.recruiter}/reassign`,
    body: (w: World) => ({ to: w.ids.admin }),
    as: "admin",
    status: 200,
    events: { "records.reassigned": 1 },
    expect: (j) => expect(j).toEqual({ moved: { sessions: 0, interviews: 0 }, conflicts: [] }),
  },
  {
    name: "an unknown session",
    method: "PATCH",
    url: "/api/workspace/sessions/999999/owner",
    body: (w: World) => ({ to: w.ids.admin }),
    as: "owner",
    status: 404,
    message: "Scheduling session not found",
  },
  {
    name: "an unknown interview",
    method: "PATCH",
    url: "/api/workspace/interviews/nope/owner",
    body: (w: World) => ({ interviewerId: w.ids.admin }),
    as: "owner",
    status: 404,
    message: "Interview not found",
  },
  { name: "a recruiter may not remove", method: "DELETE", url: (w) => `/api/workspace/members/${w.ids.admin}`, as: "recruiter", status: 403, code: "forbidden" },
  { name: "removing another workspace's member", method: "DELETE", url: (w) => `/api/workspace/members/${w.ids.strangerMember}`, as: "owner", status: 404, code: "not_found" },
  {
    name: "removes, handing the records over",
    method: "DELETE",
    url: (w) => `/api/workspace/members/${w.ids.recruiter}?reassignTo=${w.ids.admin}`,
    as: "owner",
    status: 200,
    events: { "member.removed": 1 },
    expect: (j) => expect(j).toEqual({ success: true, reassigned: { sessions: 0, interviews: 0 }, conflicts: [] }),
  },
]);

apiScenarios("workspace invitations API", t, setup, [
  { name: "none yet", url: "/api/workspace/invitations", as: "owner", status: 200, expect: (j) => expect(j).toEqual({ invitations: [] }) },
  { name: "a recruiter may not see them", url: "/api/workspace/invitations", as: "recruiter", status: 403, code: "forbidden" },
  { name: "without a session", url: "/api/workspace/invitations", as: "anonymous", status: 401, code: "unauthorized" },
  { name: "a bad e-mail", method: "POST", url: "/api/workspace/invitations", body: { email: "nope" }, as: "owner", status: 400, code: "validation_failed", message: "Invalid email address" },
  {
    name: "an unknown role",
    method: "POST",
    url: "/api/workspace/invitations",
    body: { email: "x@team.example", role: "boss" },
    as: "owner",
    status: 400,
    message: "Role must be owner, admin or recruiter",
  },
  { name: "a recruiter may not invite", method: "POST", url: "/api/workspace/invitations", body: { email: "x@team.example" }, as: "recruiter", status: 403, code: "forbidden" },
  { name: "a read key may not invite", method: "POST", url: "/api/workspace/invitations", body: { email: "x@team.example" }, as: "readKey", status: 403, code: "insufficient_scope" },
  {
    name: "invites",
    method: "POST",
    url: "/api/workspace/invitations",
    body: { email: "New@Team.example", role: "admin" },
    as: "admin",
    status: 201,
    tasks: { "mail.forget-links": 1, "mail.send": 1 },
    events: { "member.invited": 1 },
    expect: (j, w) => {
      expect(j).toMatchObject({ email: "new@team.example", role: "admin", status: "pending" });
      expect(Object.keys(j).sort()).toEqual(["createdAt", "email", "expiresAt", "id", "role", "status"]);
      w.ids.invitation = j.id;
    },
  },
  { name: "lists", url: "/api/workspace/invitations", as: "readKey", status: 200, expect: (j) => expect(j.invitations).toHaveLength(1) },
  { name: "one", url: invitation, as: "owner", status: 200, expect: (j) => expect(j.email).toBe("new@team.example") },
  { name: "another workspace's invitation", url: (w) => `/api/workspace/invitations/${w.ids.strangerInvitation}`, as: "owner", status: 404, code: "not_found" },
  { name: "a bad id", url: "/api/workspace/invitations/abc", as: "owner", status: 400, code: "validation_failed" },
  {
    name: "resends",
    method: "POST",
    url: (w) => `${invitation(w)}/resend`,
    as: "owner",
    status: 200,
    tasks: { "mail.forget-links": 1, "mail.send": 1 },
    expect: (j) => expect(j.status).toBe("pending"),
  },
  { name: "resending another workspace's", method: "POST", url: (w) => `/api/workspace/invitations/${w.ids.strangerInvitation}/resend`, as: "owner", status: 404, code: "not_found" },
  { name: "a recruiter may not revoke", method: "DELETE", url: invitation, as: "recruiter", status: 403, code: "forbidden" },
  { name: "revokes", method: "DELETE", url: invitation, as: "owner", status: 200, events: { "invitation.revoked": 1 }, expect: (j) => expect(j).toEqual({ success: true }) },
  { name: "revoked is gone", method: "DELETE", url: invitation, as: "owner", status: 404, code: "not_found" },
  { name: "accepting needs a name", method: "POST", url: "/api/invitations/not-a-token/accept", body: {}, as: "anonymous", status: 400, code: "validation_failed", message: "Name is required" },
  {
    name: "accepting needs a long password",
    method: "POST",
    url: "/api/invitations/not-a-token/accept",
    body: { name: "Dee", password: "short" },
    as: "anonymous",
    status: 400,
    message: "Password must be at least 8 characters",
  },
  { name: "an unknown link", method: "POST", url: "/api/invitations/not-a-token/accept", body: { name: "Dee", password: "long-enough-pass" }, as: "anonymous", status: 400, code: "invalid_token" },
]);
