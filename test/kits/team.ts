// Test helpers for teams: an owner, invited members, and the link from the mailMessages.
import { desc, eq } from "drizzle-orm";
import { mailMessages } from "../../src/db/schema";
import { sessionCookie, type TestApp } from "../helpers";
import type { Role } from "../../src/features/auth/permissions";

/** The /invite/{token} token of the newest invitation e-mail to `email`. */
export function invitationToken(t: TestApp, email: string): string {
  const mail = t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email)).orderBy(desc(mailMessages.id)).get();
  const m = mail?.text.match(/\/invite\/([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no invitation e-mail to ${email}`);
  return m[1]!;
}

let n = 0;

/** Invites `email` into the owner's workspace with `role` and accepts as a new person; returns the member's cookie and id. */
export async function addMember(t: TestApp, ownerCookie: string, role: Role, email = `member${++n}-${Date.now()}@example.com`) {
  const inv = await t.request("/api/workspace/invitations", { json: { email, role }, cookie: ownerCookie });
  if (inv.status !== 201) throw new Error(`invite failed: ${inv.status} ${await inv.text()}`);
  const res = await t.request(`/api/invitations/${invitationToken(t, email)}/accept`, { json: { name: `A ${role}`, password: "correct-horse-battery" } });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${await res.text()}`);
  const cookie = sessionCookie(res);
  const me = (await (await t.request("/api/workspace/members", { cookie })).json()) as { members: { id: number; email: string }[] };
  return { cookie, email, id: me.members.find((m) => m.email === email)!.id };
}
