import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants } from "../candidates/service";
import { listShortlists } from "../shortlists/service";

const t = makeTestApp();

async function chat(cookie: string, message: string) {
  const res = await t.request("/api/chat/openai", { json: { message, sessionId: null }, cookie });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { response: string; actions?: { id: string }[] };
  // Proposals are confirmed here as the recruiter would (builtin-proposals.api.test.ts covers Dismiss).
  for (const a of body.actions ?? []) expect((await t.request(`/api/chat/actions/${a.id}/confirm`, { method: "POST", cookie })).status).toBe(200);
  return body.response;
}

describe("built-in assistant: a shortlist described by role", () => {
  test('"build a shortlist called QA picks with the QA engineers" holds every QA engineer and says how many', async () => {
    const u = await t.signUp();
    const qa = Array.from({ length: 9 }, (_, i) => ({ name: `Tester Number${i}`, roleApplied: "QA Engineer", city: "Sydney", emailAddress: `qa${i}@example.com` }));
    const others = [
      { name: "Dana Backend", roleApplied: "Software Engineer", city: "Sydney", emailAddress: "dana@example.com" },
      { name: "Eve Design", roleApplied: "UX Designer", city: "Perth", emailAddress: "eve@example.com" },
    ];
    addParticipants(t.deps, u.workspaceId, [...qa, ...others]);

    const answer = await chat(u.cookie, "build a shortlist called QA picks with the QA engineers");
    const list = listShortlists(t.deps, u.workspaceId).find((s) => s.name === "QA picks");
    expect(list).toBeDefined();
    expect(list!.candidateIds.length).toBe(9);
    expect(answer).toContain('to a new shortlist "QA picks"');
    expect(answer).toContain("9 candidate(s)");
    expect(answer).not.toContain("Dana Backend");
  });

  test("a described group with no match changes nothing and says so", async () => {
    const u = await t.signUp();
    addParticipants(t.deps, u.workspaceId, [{ name: "Eve Design", roleApplied: "UX Designer", city: "Perth", emailAddress: "eve@example.com" }]);
    const answer = await chat(u.cookie, "create a shortlist called Builders with the developers");
    expect(answer).toContain("No candidates");
    expect(listShortlists(t.deps, u.workspaceId).length).toBe(0);
  });
});
