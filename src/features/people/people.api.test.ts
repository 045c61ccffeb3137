import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Australia/Melbourne";
let n = 0;

async function workspace() {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await t.request(path, { method, cookie: u.cookie, json });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, headers: res.headers };
  };
  return { ...u, call, get: (p: string) => call("GET", p) };
}

function candidate(workspaceId: number, o: Record<string, unknown> = {}) {
  n++;
  return upsertParticipantFromVisitor(t.deps, workspaceId, {
    uniqueId: `v-${n}-${crypto.randomUUID()}`,
    name: `Quinella Zappaterra${n}`,
    emailAddress: `quinella.z${n}@example.com`,
    city: "Melbourne",
    roleApplied: "UX Designer",
    prequalifier: `My name is Quinella Zappaterra${n} and I love design systems and accessible interfaces.`,
    stages: 2,
    ...o,
  });
}

describe("PATCH /api/participants/{id}", () => {
  test("edits every field, validates, and keeps the buckets in step", async () => {
    const w = await workspace();
    const p = candidate(w.workspaceId);
    const r = await w.call("PATCH", `/api/participants/${p.id}`, {
      name: "Quinn Z",
      emailAddress: "QUINN@Example.com",
      city: "Sydney NSW",
      jobTitle: "Lead",
      roleApplied: "Senior Developer",
      linkedinUrl: "https://linkedin.com/in/quinn",
      industry: "Fintech",
      visaStatus: "Citizen",
      salaryExpectation: "150k",
      availability: "2 weeks",
      stages: 4,
      prequalifier: "new text",
      assessment: "assessed",
      voiceTranscript: "voice",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: p.id, name: "Quinn Z", emailAddress: "quinn@example.com", city: "Sydney NSW", stages: 4, voiceTranscript: "voice" });
    const found = await w.get(`/api/participants?role=Developer&location=Sydney&search=quinn`);
    expect(found.body.participants.map((x: any) => x.id)).toEqual([p.id]);
    // Clearing a field.
    expect((await w.call("PATCH", `/api/participants/${p.id}`, { city: "" })).body.city).toBeNull();
  });

  test("refuses bad values with the field named, and stages outside 1 to 5", async () => {
    const w = await workspace();
    const p = candidate(w.workspaceId);
    for (const [body, field] of [
      [{ stages: 0 }, "stages"],
      [{ stages: 6 }, "stages"],
      [{ stages: 2.5 }, "stages"],
      [{ emailAddress: "not-an-email" }, "emailAddress"],
      [{ name: "" }, "name"],
      [{ linkedinUrl: "javascript:alert(1)" }, "linkedinUrl"],
      [{ city: "x".repeat(201) }, "city"],
    ] as const) {
      const r = await w.call("PATCH", `/api/participants/${p.id}`, body);
      expect(r.status).toBe(400);
      expect(r.body.fields[field]).toBeTruthy();
    }
    expect((await w.call("PATCH", `/api/participants/${p.id}`, {})).status).toBe(400);
    expect((await w.call("PATCH", `/api/participants/${p.id}`, { stages: 5 })).body.stages).toBe(5);
  });

  test("an e-mail another candidate has is a 409 (merge instead)", async () => {
    const w = await workspace();
    const a = candidate(w.workspaceId);
    const b = candidate(w.workspaceId);
    const r = await w.call("PATCH", `/api/participants/${b.id}`, { emailAddress: a.emailAddress });
    expect(r.status).toBe(409);
    // Nothing changed: b keeps its own address.
    expect(r.body.code).toBe("conflict");
    const stored = t.deps.db.$client.query("SELECT email_address AS email FROM participants WHERE id = ?1").get(b.id) as { email: string };
    expect(stored.email).toBe(b.emailAddress!);
  });

  test("another workspace's candidate answers 404 on every call", async () => {
    const w = await workspace();
    const other = await workspace();
    const p = candidate(other.workspaceId);
    expect((await w.call("PATCH", `/api/participants/${p.id}`, { stages: 3 })).status).toBe(404);
    expect((await w.call("POST", `/api/participants/${p.id}/notes`, { body: "hi" })).status).toBe(404);
    expect((await w.get(`/api/participants/${p.id}/notes`)).status).toBe(404);
    expect((await w.get(`/api/participants/${p.id}/activity`)).status).toBe(404);
    expect((await w.get(`/api/participants/${p.id}/export`)).status).toBe(404);
    expect((await w.call("DELETE", `/api/participants/${p.id}`)).status).toBe(404);
    expect((await w.call("POST", "/api/participants/merge", { keepId: p.id, mergeIds: [candidate(w.workspaceId).id] })).status).toBe(404);
    expect((await w.get(`/candidates/${p.id}`)).status).toBe(404);
    expect((await other.get(`/api/participants/${p.id}`)).body.stages).toBe(2);
  });

  test("needs a signed-in user", async () => {
    expect((await t.request("/api/participants/1", { method: "PATCH", json: { stages: 2 } })).status).toBe(401);
    expect((await t.request("/api/participants/1", { method: "DELETE" })).status).toBe(401);
  });
});

describe("notes and the activity timeline", () => {
  test("a note has its author and time; the timeline shows applied, stage changes, notes, shortlists, sessions and e-mails", async () => {
    const w = await workspace();
    const job = (await w.call("POST", "/api/jobs", { title: "UX Designer" })).body.job;
    const camp = (await w.call("POST", `/api/jobs/${job.id}/campaigns`, { name: "Spring LinkedIn" })).body.campaign;
    const p = candidate(w.workspaceId, { jobId: job.id, campaignId: camp.id });
    const note = await w.call("POST", `/api/participants/${p.id}/notes`, { body: "Strong portfolio" });
    expect(note.status).toBe(201);
    expect(note.body.note).toMatchObject({ body: "Strong portfolio", author: "Rita Recruiter", authorId: w.userId });
    expect(note.body.note.createdAt).toBe(t.clock.now().toISOString());
    expect((await w.call("POST", `/api/participants/${p.id}/notes`, { body: "   " })).status).toBe(400);
    expect((await w.get(`/api/participants/${p.id}/notes`)).body.notes).toHaveLength(1);

    await w.call("PATCH", `/api/participants/${p.id}`, { stages: 4 });
    const sl = (await w.call("POST", "/api/shortlists", { name: "Finalists" })).body;
    await w.call("POST", `/api/shortlists/${sl.id}/candidates`, { candidateIds: [p.id] });
    const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
    expect((await w.call("POST", "/api/scheduling-sessions", { candidateId: p.id, title: "Interview", duration: 60, timeSlots: slots, timeZone: TZ })).status).toBe(201);

    const r = await w.get(`/api/participants/${p.id}/activity`);
    expect(r.status).toBe(200);
    const types = r.body.activity.map((a: any) => a.type);
    for (const k of ["applied", "stage", "note", "shortlist", "session", "email"]) expect(types).toContain(k);
    const texts = r.body.activity.map((a: any) => a.text).join("\n");
    expect(texts).toContain("Applied via campaign Spring LinkedIn");
    expect(texts).toContain("Screening progress changed from Screening Completed to Voice Interview Completed");
    expect(texts).toContain("Note by Rita Recruiter: Strong portfolio");
    expect(texts).toContain("Added to shortlist Finalists");
    const mail = r.body.activity.find((a: any) => a.type === "email");
    expect(mail.detail.status).toBe("skipped"); // no SMTP in tests: the delivery state is shown as it is
  });
});

describe("one person, one record", () => {
  test("a second application with the same e-mail updates the record and appends the conversation", async () => {
    const w = await workspace();
    const first = candidate(w.workspaceId, { emailAddress: "same@example.com", prequalifier: "First application text" });
    const again = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "another-browser", emailAddress: "Same@Example.com", prequalifier: "Second application text", stages: 2 });
    expect(again.id).toBe(first.id);
    expect(again.prequalifier).toContain("First application text");
    expect(again.prequalifier).toContain("Second application text");
    expect((await w.get("/api/participants")).body.pagination.total).toBe(1);
    const types = (await w.get(`/api/participants/${first.id}/activity`)).body.activity.map((a: any) => a.type);
    expect(types).toContain("applied_again");
    // The later steps of the new browser find the same record.
    expect(upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "another-browser", assessment: "done", stages: 3 }).id).toBe(first.id);
  });

  test("duplicates are listed and merged: fields chosen, notes, shortlists and sessions moved", async () => {
    const w = await workspace();
    const a = candidate(w.workspaceId, { name: "Old Name", emailAddress: "dup@example.com", city: null });
    // Duplicates made before de-duplication (or by an import of the past): write them directly.
    const b = candidate(w.workspaceId, { name: "New Name", emailAddress: "dup2@example.com", city: "Perth" });
    t.deps.db.run(sql`update participants set email_address = 'DUP@example.com' where id = ${b.id}`);
    await w.call("POST", `/api/participants/${b.id}/notes`, { body: "note on b" });
    const sl = (await w.call("POST", "/api/shortlists", { name: "S" })).body;
    await w.call("POST", `/api/shortlists/${sl.id}/candidates`, { candidateIds: [b.id] });
    const d = await w.get("/api/participants/duplicates");
    expect(d.body.duplicates).toHaveLength(1);
    expect(d.body.duplicates[0].candidates.map((x: any) => x.id)).toEqual([a.id, b.id]);
    expect((await w.call("POST", "/api/participants/merge", { keepId: a.id, mergeIds: [a.id] })).status).toBe(400);
    const m = await w.call("POST", "/api/participants/merge", { keepId: a.id, mergeIds: [b.id], fields: { name: b.id } });
    expect(m.status).toBe(200);
    expect(m.body.participant).toMatchObject({ id: a.id, name: "New Name", city: "Perth", emailAddress: "dup@example.com", shortlistId: sl.id });
    expect((await w.get(`/api/participants/${b.id}`)).status).toBe(404);
    expect((await w.get(`/api/participants/${a.id}/notes`)).body.notes[0].body).toBe("note on b");
    expect((await w.get("/api/participants/duplicates")).body.duplicates).toHaveLength(0);
    // The record to keep may also be named in the path.
    const keep = candidate(w.workspaceId);
    const dup = candidate(w.workspaceId);
    const r2 = await w.call("POST", `/api/participants/${keep.id}/merge`, { duplicateIds: [dup.id] });
    expect(r2.status).toBe(200);
    expect((await w.get(`/api/participants/${dup.id}`)).status).toBe(404);
  });
});
