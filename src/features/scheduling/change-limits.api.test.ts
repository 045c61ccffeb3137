// Candidates' changes have limits (issue 36 item 6): a workspace setting for how close to the start
// a candidate may still move or cancel (default 12 hours) and how many moves an interview allows
// (default 2); past either, the manage page says whom to contact and the change is a 409.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { bookByToken } from "./booking";
import { cancelByCandidate, getManageView, moveByCandidate } from "./candidate-changes";
import { createSchedulingSession } from "./service";

const t = makeTestApp();
t.clock.set(new Date("2030-01-07T06:00:00Z"));
let n = 0;

async function booked(startIso: string) {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `cl-${++n}`, name: "Cam Candidate" });
  const hours = ["09", "10", "11", "12", "13", "14"];
  const day = startIso.slice(0, 10);
  const s = await createSchedulingSession(t.deps, {
    workspaceId: u.workspaceId,
    userId: u.userId,
    candidateId: cand.id,
    title: "Interview",
    duration: 60,
    timeZone: "UTC",
    sendEmail: false,
    timeSlots: hours.map((h) => ({ startTime: `${day}T${h}:00:00.000Z`, endTime: `${day}T${String(Number(h) + 1).padStart(2, "0")}:00:00.000Z` })),
  });
  const slot = s.timeSlots.find((x) => x.startTime === new Date(startIso).toISOString())!;
  const b = await bookByToken(t.deps, s.sessionToken, slot.id);
  return { u, manage: b.manageToken };
}

describe("candidates' change limits", () => {
  test("defaults: 12 hours and 2 moves; the API reads and changes them (owners and admins), with messages", async () => {
    const u = await t.signUp();
    expect(await (await t.request("/api/scheduling-settings", { cookie: u.cookie })).json()).toEqual({ candidateChangeCutoffHours: 12, maxCandidateMoves: 2 });
    const put = await t.request("/api/scheduling-settings", { method: "PUT", cookie: u.cookie, json: { candidateChangeCutoffHours: 24 } });
    expect(await put.json()).toEqual({ candidateChangeCutoffHours: 24, maxCandidateMoves: 2 });
    const bad = await t.request("/api/scheduling-settings", { method: "PUT", cookie: u.cookie, json: { maxCandidateMoves: -1 } });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([400, "Moves must be a whole number from 0 to 20"]);
    const rec = await addMember(t, u.cookie, "recruiter");
    expect((await t.request("/api/scheduling-settings", { method: "PUT", cookie: rec.cookie, json: { maxCandidateMoves: 5 } })).status).toBe(403);
  });

  test("inside the cut-off the candidate can neither move nor cancel; the page says whom to contact", async () => {
    const { manage } = await booked("2030-01-07T14:00:00Z"); // 8 hours ahead
    const v = getManageView(t.deps, manage);
    expect(v.changeable).toBe(false);
    expect(v.otherSlots).toEqual([]);
    expect(v.contact).toContain("up to 12 hours before the interview");
    expect(v.contact).toContain("Rita Recruiter (");
    await expect(cancelByCandidate(t.deps, manage)).rejects.toThrow("please contact Rita Recruiter");
    const page = await (await t.request(`/book/manage/${manage}`)).text();
    expect(page).toContain('data-testid="change-contact"');
  });

  test("two moves, then the page offers no more moves but still a cancel", async () => {
    const { manage } = await booked("2030-01-08T09:00:00Z");
    expect(getManageView(t.deps, manage).contact).toBeNull();
    await moveByCandidate(t.deps, manage, getManageView(t.deps, manage).otherSlots[0]!.id);
    await moveByCandidate(t.deps, manage, getManageView(t.deps, manage).otherSlots[0]!.id);
    const v = getManageView(t.deps, manage);
    expect(v.otherSlots).toEqual([]);
    expect(v.changeable).toBe(true);
    expect(v.contact).toContain("moved 2 times already");
    await expect(moveByCandidate(t.deps, manage, "anything")).rejects.toThrow("moved 2 times already");
    await cancelByCandidate(t.deps, manage);
    expect(getManageView(t.deps, manage).status).toBe("canceled");
  });
});
