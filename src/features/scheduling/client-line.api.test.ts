// The booking pages' Client line (part 2 §2: "optional Client, Hiring Manager and LinkedIn lines";
// §3: the booking link's candidate.clientName) is the client of the job the interview is for,
// never the agency's own name: "Confidential client" when the job keeps its client private (the
// careers site's rule), and no line at all for the agency's own job. Staff see the real client.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { workspaces } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createSchedulingSession } from "./service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Australia/Sydney";
let n = 0;

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
});

/** A session for a candidate who applied to a job of the agency: for a client (named or not), or the agency's own. */
async function sessionFor(job: "named" | "confidential" | "own" | "none") {
  const u = await t.signUp({ name: "Hank Manager" });
  t.deps.db.update(workspaces).set({ name: "Harbour Talent" }).where(eq(workspaces.id, u.workspaceId)).run();
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `c-${++n}`, name: "Sam Lee", emailAddress: `sam${n}@example.com`, roleApplied: "Developer" });
  if (job !== "none") {
    let clientId: number | null = null;
    if (job !== "own") {
      const c = await t.request("/api/clients", { cookie: u.cookie, json: { name: "Acme Corp" } });
      expect(c.status).toBe(201);
      clientId = ((await c.json()) as { client: { id: number } }).client.id;
    }
    const j = await t.request("/api/jobs", { cookie: u.cookie, json: { title: "Developer", description: "", location: "Sydney", clientId } });
    expect(j.status).toBe(201);
    const jobId = ((await j.json()) as { job: { id: number } }).job.id;
    if (job === "named") expect((await t.request(`/api/jobs/${jobId}`, { method: "PATCH", cookie: u.cookie, json: { showClient: true } })).status).toBe(200);
    expect((await t.request(`/api/jobs/${jobId}/applications`, { cookie: u.cookie, json: { candidateId: cand.id } })).status).toBe(201);
  }
  const today = dateIn(t.clock.now(), TZ);
  const s = await createSchedulingSession(t.deps, {
    workspaceId: u.workspaceId,
    userId: u.userId,
    candidateId: cand.id,
    title: "Interview",
    description: null,
    duration: 60,
    timeSlots: generateSlots({ dates: [addDays(today, 1)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ }),
    timeZone: TZ,
  });
  return { u, s };
}

/** The booking link's clientName, then the booked page's HTML and the staff's interview. */
async function bookAndRead(job: Parameters<typeof sessionFor>[0]) {
  const { u, s } = await sessionFor(job);
  const view = (await (await t.request(`/api/book/${s.sessionToken}`)).json()) as { candidate: { clientName: string | null } };
  const res = await t.request(`/book/${s.sessionToken}`, { method: "POST", ...form({ slotId: s.timeSlots[0]!.id }) });
  expect(res.status).toBe(303);
  const booked = await (await t.request(res.headers.get("location")!.replace("?booked=1", ""))).text();
  const { meetings } = (await (await t.request("/api/meetings", { cookie: u.cookie })).json()) as { meetings: { id: string }[] };
  const staff = (await (await t.request(`/api/interviews/${meetings[0]!.id}`, { cookie: u.cookie })).json()) as { candidate: { clientName: string | null } };
  return { api: view.candidate.clientName, booked, staff: staff.candidate.clientName };
}

const clientLine = (html: string) => html.match(/Client: <\/dt><dd[^>]*>([^<]*)</)?.[1] ?? null;

describe("the Client line of the booking pages", () => {
  test("a job whose client may be named: the client's name, not the agency's", async () => {
    const r = await bookAndRead("named");
    expect(r.api).toBe("Acme Corp");
    expect(clientLine(r.booked)).toBe("Acme Corp");
    expect(r.booked).not.toContain("Harbour Talent");
    expect(r.staff).toBe("Acme Corp");
  });

  test("a job that keeps its client private: 'Confidential client' to the candidate, the real name to staff", async () => {
    const r = await bookAndRead("confidential");
    expect(r.api).toBe("Confidential client");
    expect(clientLine(r.booked)).toBe("Confidential client");
    expect(r.booked).not.toContain("Acme Corp");
    expect(r.staff).toBe("Acme Corp");
  });

  test("the agency's own job, or no job at all: no Client line (the agency is not its own client)", async () => {
    for (const job of ["own", "none"] as const) {
      const r = await bookAndRead(job);
      expect(r.api).toBeNull();
      expect(r.booked).not.toContain("Client: ");
      expect(r.booked).toContain("Hiring Manager");
      expect(r.staff).toBeNull();
    }
  });
});
