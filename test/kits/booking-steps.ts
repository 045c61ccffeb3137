// A world for the booking steps' tests (src/features/scheduling/booking/): recruiters with
// working hours, candidates, sessions of free times or hand-picked slots, and the booking's
// transaction to run a step in, all on the test app's real SQLite database.
import type { Tx } from "../../src/db/tx";
import { sha256 } from "../../src/lib/crypto";
import { upsertParticipantFromVisitor } from "../../src/features/candidates/service";
import * as repo from "../../src/features/scheduling/repo";
import { createSchedulingSession, type CreateSessionArgs } from "../../src/features/scheduling/service";
import type { TestApp } from "../helpers";
import { addMember } from "./team";

/** Tuesday 8 January 2030 (the tests set the clock to the Monday before), as a free time's slot id. */
export const tuesdayAt = (hhmm: string) => "t" + Date.parse(`2030-01-08T${hhmm}:00Z`);
export const MONDAY = new Date("2030-01-07T06:00:00Z");

type Who = { cookie: string; userId: number; workspaceId: number };

export function bookingWorld(t: TestApp) {
  let n = 0;
  const hours = async (cookie: string, userId: number, weekly = [{ day: 2, start: "09:00", end: "12:00" }]) => {
    const res = await t.request(`/api/availability?userId=${userId}`, { method: "PUT", cookie, json: { timeZone: "UTC", minimumNoticeMinutes: 0, weekly } });
    if (res.status !== 200) throw new Error(`hours: ${res.status} ${await res.text()}`);
  };
  const candidate = (workspaceId: number) => upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `steps-${++n}`, name: "Pat Candidate", emailAddress: `pat-steps${n}@example.com` }).id;
  const base = (u: Who) => ({ workspaceId: u.workspaceId, userId: u.userId, candidateId: candidate(u.workspaceId), title: "Interview", duration: 60, timeZone: "UTC", sendEmail: false });

  return {
    /** A recruiter in a workspace of their own, working Tuesdays 09:00–12:00 UTC. */
    async recruiter(): Promise<Who> {
      const u = await t.signUp({ name: "Rita Recruiter" });
      await hours(u.cookie, u.userId);
      return u;
    },
    /** A member of the recruiter's workspace with the given Tuesday hours. */
    async member(owner: Who, weekly = [{ day: 2, start: "09:00", end: "12:00" }]): Promise<number> {
      const m = await addMember(t, owner.cookie, "recruiter");
      await hours(owner.cookie, m.id, weekly);
      return m.id;
    },
    /** A session offering the recruiter's free times on Tuesday 8 January 2030. */
    freeTimes: (u: Who, extra: Partial<CreateSessionArgs> = {}) => createSchedulingSession(t.deps, { ...base(u), mode: "availability", from: "2030-01-08", to: "2030-01-08", ...extra }),
    /** A session of hand-picked one-hour slots on Tuesday 8 January 2030 starting at these hours ("10:00"). */
    fixedSlots: (u: Who, starts: string[]) =>
      createSchedulingSession(t.deps, {
        ...base(u),
        timeSlots: starts.map((s) => ({ startTime: `2030-01-08T${s}:00.000Z`, endTime: new Date(Date.parse(`2030-01-08T${s}:00Z`) + 3_600_000).toISOString() })),
      }),
    /** The session's row, as bookByToken reads it before its transaction. */
    sessionOf: (token: string) => repo.findSessionByTokenHash(t.deps.db, sha256(token))!.session,
    /** A step run in a write transaction, as bookByToken runs them. */
    inTx: <T>(step: (tx: Tx) => T): T => t.deps.db.transaction(step, { behavior: "immediate" }),
  };
}
