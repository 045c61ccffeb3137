// CVs that become candidates (issue 39 item 6): several CVs make drafts, read in the job queue,
// proposed by the rules; the recruiter confirms (a new candidate, or the one with the e-mail) or
// discards; other workspaces see nothing.
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { makeTestApp } from "../../../test/helpers";
import { tinyDocx, tinyPdf } from "../../../test/kits/cv-fixtures";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { diskStore } from "../../lib/files/disk-store";
import { findDraft, setDraft } from "./repo";
import { ConfirmInput } from "./model";
import { confirmDraft } from "./service";

const t = makeTestApp();
let n = 0;
const enc = (s: string) => new TextEncoder().encode(s);
const ORIGIN = { origin: "http://localhost" };

async function workspace() {
  const u = await t.signUp();
  const upload = async (files: { bytes: Uint8Array; name: string }[], path = "/api/participants/from-files") => {
    const form = new FormData();
    for (const f of files) form.append("file", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: "application/octet-stream" }));
    const res = await t.request(path, { method: "POST", body: form, cookie: u.cookie, headers: ORIGIN });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text.startsWith("{") ? (JSON.parse(text) as any) : text };
  };
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    return { status: res.status, body: text.startsWith("{") ? (JSON.parse(text) as any) : text };
  };
  return { ...u, upload, call };
}

/** Runs the queue until no draft is being read (reading, then proposing, are two jobs). */
async function settle() {
  for (let i = 0; i < 4; i++) {
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
  }
}

/** Puts a draft back to "reading" (the queue runs at once in tests, faster than a real CV is read). */
const stillReading = (id: number) => t.deps.db.transaction((tx) => setDraft(tx, id, { status: "reading" }));

const ADA = [
  "Ada Lovelace",
  "Senior Backend Engineer",
  "London, UK | ada@example.com | +44 7700 900123",
  "Skills: Go, Kubernetes, Postgres",
  "Summary: Ten years of payments. Runs Kubernetes in production.",
  "Experience",
  "Acme Pay 2019 - 2024: built the Zanzibar ledger",
];

describe("drafts from CVs", () => {
  test("several CVs make drafts, read after the upload, proposed by the rules; one of them confirmed becomes a candidate with its CV, searchable", async () => {
    const w = await workspace();
    const made = await w.upload([
      { bytes: tinyPdf([ADA]), name: "Ada CV.pdf" },
      { bytes: tinyDocx(["Tom Baker", "Product Designer", "Brisbane, QLD", "tom@example.com", "Mobile: 0412 345 678"]), name: "tom.docx" },
      { bytes: enc("Priya Patel\nUX Designer · Sydney, Australia\npriya@example.com\n"), name: "priya.txt" },
    ]);
    expect(made.status).toBe(201);
    expect(made.body.refused).toEqual([]);
    expect(made.body.drafts.map((d: any) => [d.file.name, d.file.type, d.status, d.note])).toEqual([
      ["Ada CV.pdf", "pdf", "reading", "Reading…"],
      ["tom.docx", "docx", "reading", "Reading…"],
      ["priya.txt", "txt", "reading", "Reading…"],
    ]);
    // Nothing is read while the person waits: each draft has its reading job in the queue.
    const tasks = t.deps.db.$client.query("select payload from tasks where kind = 'drafts.read-text'").all() as { payload: string }[];
    for (const d of made.body.drafts) expect(tasks.map((x) => JSON.parse(x.payload).draftId)).toContain(d.id);
    await settle();
    const list = (await w.call("/api/participant-drafts")).body.drafts;
    expect(list.map((d: any) => [d.status, d.proposedBy, d.note])).toEqual([
      ["ready", "rules", null],
      ["ready", "rules", null],
      ["ready", "rules", null],
    ]);
    expect(list[0].fields).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 7700 900123",
      city: "London",
      role: "Senior Backend Engineer",
      linkedin: null,
      summary: "Ten years of payments.\nRuns Kubernetes in production.",
      skills: "Go, Kubernetes, Postgres",
    });
    expect(list[1].fields).toMatchObject({ name: "Tom Baker", email: "tom@example.com", phone: "0412 345 678", city: "Brisbane", role: "Product Designer" });
    expect(list[2].fields).toMatchObject({ name: "Priya Patel", role: "UX Designer", city: "Sydney" });
    expect((await w.call(`/api/participant-drafts/${list[0].id}`)).body.draft).toEqual(list[0]);

    // Confirmed with one correction: a new candidate, the CV attached with its text, the draft gone.
    const ok = await w.call(`/api/participant-drafts/${list[0].id}/confirm`, { json: { city: "Cambridge", skills: ["Go", "Kubernetes", "Postgres", "Terraform"] } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ outcome: "created", merged: false, filled: [], kept: [] });
    expect(ok.body.candidate).toMatchObject({
      name: "Ada Lovelace",
      emailAddress: "ada@example.com",
      phone: "+44 7700 900123",
      city: "Cambridge",
      jobTitle: "Senior Backend Engineer",
      skills: "Go, Kubernetes, Postgres, Terraform",
      summary: "Ten years of payments.\nRuns Kubernetes in production.",
    });
    const id = ok.body.candidate.id;
    expect(ok.body.file).toMatchObject({ candidateId: id, name: "Ada CV.pdf", type: "pdf", textStatus: "done" });
    expect((await w.call(`/api/participants/${id}/files`)).body.files.map((f: any) => f.name)).toEqual(["Ada CV.pdf"]);
    expect((await w.call(`/api/participant-drafts/${list[0].id}`)).status).toBe(404);
    expect((await w.call("/api/participant-drafts")).body.drafts).toHaveLength(2);
    // Its CV's words (in no field), phone and skills find it.
    const found = async (q: string) => (await w.call(`/api/participants?search=${encodeURIComponent(q)}`)).body.participants.map((p: any) => p.id);
    expect(await found("zanzibar ledger")).toEqual([id]);
    expect(await found("payments")).toEqual([id]);
    expect(await found("terraform")).toEqual([id]);
    expect(await found("447700900123")).toEqual([id]);
    // The timeline and the activity log say so.
    const activity = (await w.call(`/api/participants/${id}/activity`)).body.activity;
    expect(activity.map((a: any) => a.text)).toContain("Added from a CV");
    expect(activity.filter((a: any) => a.type === "applied")).toEqual([]);
    const log = (await w.call("/api/workspace/activity?limit=20")).body;
    const kinds = JSON.stringify(log);
    expect(kinds).toContain("candidate.created_from_cv");
    expect(kinds).toContain("candidate_drafts.added");
  }, 120_000);

  test("an e-mail already known merges into that candidate: empty fields filled, its own values kept and listed", async () => {
    const w = await workspace();
    const known = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `v-${++n}`, name: "Ada King", emailAddress: "ada@example.com", city: "Paris" });
    const made = await w.upload([{ bytes: tinyPdf([ADA]), name: "ada.pdf" }]);
    await settle();
    const draft = (await w.call(`/api/participant-drafts/${made.body.drafts[0].id}`)).body.draft;
    expect(draft.mergesInto).toEqual({ id: known.id, name: "Ada King" });
    const before = (await w.call("/api/participants")).body.pagination.total;
    const r = await w.call(`/api/participant-drafts/${draft.id}/confirm`, { json: { email: "ADA@example.com" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ outcome: "merged", merged: true, filled: ["phone", "role", "summary", "skills"], kept: ["name", "city"] });
    expect(r.body.candidate).toMatchObject({ id: known.id, name: "Ada King", city: "Paris", phone: "+44 7700 900123", jobTitle: "Senior Backend Engineer", skills: "Go, Kubernetes, Postgres" });
    expect((await w.call("/api/participants")).body.pagination.total).toBe(before);
    expect((await w.call(`/api/participants/${known.id}/files`)).body.files.map((f: any) => f.name)).toEqual(["ada.pdf"]);
    const activity = (await w.call(`/api/participants/${known.id}/activity`)).body.activity.map((a: any) => a.text);
    expect(activity).toContain("A CV was added (PDF, same e-mail); filled phone, job title, summary, skills; kept the record's name, city");
  }, 120_000);

  test("refused: a wrong type behind a right name, an oversized file, too many files, no file; the good files of a mixed upload are kept", async () => {
    const w = await workspace();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const wrong = await w.upload([{ bytes: png, name: "cv.pdf" }]);
    expect([wrong.status, wrong.body.message]).toEqual([415, "Only PDF, DOCX or plain text (.txt) files can be uploaded"]);
    const big = await w.upload([{ bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(65), name: "cv.txt" }]);
    expect([big.status, big.body.message]).toEqual([413, "A file can be at most 10 MB"]);
    const many = await w.upload(Array.from({ length: 21 }, (_, i) => ({ bytes: enc(`CV ${i}\n`), name: `cv${i}.txt` })));
    expect([many.status, many.body.message]).toEqual([400, "At most 20 CVs at a time: send the others in another upload"]);
    const none = await t.request("/api/participants/from-files", { method: "POST", body: new FormData(), cookie: w.cookie, headers: ORIGIN });
    expect(none.status).toBe(400);
    const mixed = await w.upload([
      { bytes: enc("Jane Doe\njane@example.com\n"), name: "jane.txt" },
      { bytes: png, name: "photo.pdf" },
    ]);
    expect(mixed.status).toBe(201);
    expect(mixed.body.drafts.map((d: any) => d.file.name)).toEqual(["jane.txt"]);
    expect(mixed.body.refused).toEqual([{ name: "photo.pdf", status: 415, message: "Only PDF, DOCX or plain text (.txt) files can be uploaded" }]);
    expect((await w.call("/api/participant-drafts")).body.drafts).toHaveLength(1);
  });

  test("confirming checks the fields like the candidate edit; a draft being read cannot be confirmed yet", async () => {
    const w = await workspace();
    const made = await w.upload([{ bytes: enc("scan\n"), name: "x.txt" }]);
    const id = made.body.drafts[0].id;
    await settle();
    stillReading(id);
    const early = await w.call(`/api/participant-drafts/${id}/confirm`, { json: { name: "X Y" } });
    expect([early.status, early.body.message]).toEqual([409, "This CV is still being read: confirm it once its fields are proposed"]);
    t.deps.db.transaction((tx) => setDraft(tx, id, { status: "ready" }));
    const bad = await w.call(`/api/participant-drafts/${id}/confirm`, { json: { name: "Jo Bloggs", email: "not-an-email", phone: "call me", linkedin: "ftp://x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      email: "Enter a valid e-mail address",
      phone: "Enter a phone number: 6 to 15 digits, with +, spaces, dashes or brackets",
      linkedin: "LinkedIn URL must start with http:// or https://",
    });
    const noName = await w.call(`/api/participant-drafts/${id}/confirm`, { json: { name: "" } });
    expect([noName.status, noName.body.fields]).toEqual([400, { name: "Name cannot be empty" }]);
    const long = await w.call(`/api/participant-drafts/${id}/confirm`, { json: { name: "Jo", summary: "x".repeat(2001) } });
    expect(long.body.fields).toEqual({ summary: "Summary must be at most 2000 characters" });
    // Nothing was made by the refused attempts.
    expect((await w.call("/api/participants")).body.pagination.total).toBe(0);
    const ok = await w.call(`/api/participant-drafts/${id}/confirm`, { json: { name: "Jo Bloggs", phone: "+1 (415) 555-0132" } });
    expect([ok.status, ok.body.candidate.phone]).toEqual([201, "+1 (415) 555-0132"]);
  }, 120_000);

  test("discard removes the draft and its bytes; another workspace's drafts answer 404 and are not listed", async () => {
    const w = await workspace();
    const other = await workspace();
    const made = await w.upload([
      { bytes: tinyDocx(["Tom Baker", "tom@example.com"]), name: "tom.docx" },
      { bytes: enc("Ann Lee\nann@example.com\n"), name: "ann.txt" },
    ]);
    await settle();
    const [a, b] = made.body.drafts.map((d: any) => d.id);
    const key = findDraft(t.deps.db, w.workspaceId, a)!.storageKey;
    const path = diskStore(t.deps.config.dataDir).pathOf(w.workspaceId, key);
    expect(existsSync(path)).toBe(true);

    expect((await other.call(`/api/participant-drafts/${a}`)).status).toBe(404);
    expect((await other.call(`/api/participant-drafts/${a}/confirm`, { json: { name: "Mine Now" } })).status).toBe(404);
    expect((await other.call(`/api/participant-drafts/${a}`, { method: "DELETE" })).status).toBe(404);
    expect((await other.call("/api/participant-drafts")).body.drafts).toEqual([]);
    expect(existsSync(path)).toBe(true);

    const gone = await w.call(`/api/participant-drafts/${a}`, { method: "DELETE" });
    expect([gone.status, gone.body]).toEqual([200, { deleted: true, id: a }]);
    expect(existsSync(path)).toBe(false);
    expect((await w.call(`/api/participant-drafts/${a}`)).status).toBe(404);
    expect((await w.call(`/api/participant-drafts/${a}/confirm`, { json: {} })).status).toBe(404);
    expect((await w.call("/api/participant-drafts")).body.drafts.map((d: any) => d.id)).toEqual([b]);
  }, 120_000);

  test("a draft confirmed by two people at once becomes one candidate: the later confirmation finds it gone and writes nothing", async () => {
    const w = await workspace();
    const made = await w.upload([{ bytes: enc("Lin Ng\nlin@example.com\n"), name: "lin.txt" }]);
    await settle();
    const id: number = made.body.drafts[0].id;
    const actor = { userId: w.userId };
    const asProposed = ConfirmInput.parse({});
    // The later request read the draft before the first one committed (another web process):
    // its transaction opens only after the first confirmation's.
    let first: ReturnType<typeof confirmDraft> | undefined;
    const db = new Proxy(t.deps.db, {
      get(target, p) {
        const v = Reflect.get(target, p);
        if (p === "transaction") return (fn: any) => ((first ??= confirmDraft(t.deps, w.workspaceId, id, asProposed, actor)), v.call(target, fn));
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    expect(() => confirmDraft({ ...t.deps, db }, w.workspaceId, id, asProposed, actor)).toThrow("Draft not found");
    expect(first!.outcome).toBe("created");
    const count = (sql: string) => (t.deps.db.$client.query(sql).get(w.workspaceId) as { n: number }).n;
    expect(count("select count(*) as n from participants where workspace_id = ?1 and email_address = 'lin@example.com'")).toBe(1);
    expect(count("select count(*) as n from participant_files where workspace_id = ?1")).toBe(1);
    expect(count("select count(*) as n from events where workspace_id = ?1 and kind = 'candidate.created_from_cv'")).toBe(1);
  }, 120_000);

  test("the pages without JavaScript: upload from /candidates, the drafts page, a refused confirmation shown on its form, confirm and discard", async () => {
    const w = await workspace();
    const list = await w.call("/candidates");
    expect(list.body).toContain('action="/candidates/drafts"');
    expect(list.body).toContain("Add candidates from CVs");
    expect(list.body.toLowerCase()).toContain('enctype="multipart/form-data"');
    const posted = await w.upload(
      [
        { bytes: enc("Jane Doe\njane@example.com\nLeeds, UK\n"), name: "jane.txt" },
        { bytes: enc("Bob Stone\nbob@example.com\n"), name: "bob.txt" },
      ],
      "/candidates/drafts",
    );
    expect([posted.status, posted.headers.get("location")]).toEqual([303, "/candidates/drafts"]);
    await settle();
    for (const d of (await w.call("/api/participant-drafts")).body.drafts) stillReading(d.id);
    const waiting = await t.request("/candidates/drafts", { cookie: w.cookie });
    expect(waiting.headers.get("refresh")).toBe("3");
    expect(await waiting.text()).toContain("Reading…");
    for (const d of (await w.call("/api/participant-drafts")).body.drafts) t.deps.db.transaction((tx) => setDraft(tx, d.id, { status: "ready" }));
    const page = await w.call("/candidates/drafts");
    expect(page.body).toContain('value="Jane Doe"');
    expect(page.body).toContain('value="Leeds"');
    expect((await w.call("/candidates")).body).toContain("2 drafts from CVs to check");
    const [jane, bob] = (await w.call("/api/participant-drafts")).body.drafts.map((d: any) => d.id);

    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const refused = await t.request(`/candidates/drafts/${jane}/confirm`, {
      method: "POST",
      body: form({ name: "Jane Doe", email: "jane@", phone: "", city: "Leeds" }),
      cookie: w.cookie,
      headers: { ...ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Enter a valid e-mail address");
    expect(html).toContain('value="jane@"');

    const done = await t.request(`/candidates/drafts/${jane}/confirm`, {
      method: "POST",
      body: form({ name: "Jane Doe", email: "jane@example.com", city: "Leeds", role: "Nurse" }),
      cookie: w.cookie,
      headers: { ...ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect([done.status, done.headers.get("location")]).toEqual([303, "/candidates/drafts"]);
    const gone = await t.request(`/candidates/drafts/${bob}/discard`, {
      method: "POST",
      body: form({ name: "Bob Stone" }),
      cookie: w.cookie,
      headers: { ...ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(gone.status).toBe(303);
    expect((await w.call("/api/participant-drafts")).body.drafts).toEqual([]);
    const people = (await w.call("/api/participants")).body.participants;
    expect(people.map((p: any) => [p.name, p.city, p.jobTitle])).toEqual([["Jane Doe", "Leeds", "Nurse"]]);
  }, 120_000);

  test("erasing a candidate erases the drafts of their CVs (by their e-mail) and the bytes; others' drafts stay", async () => {
    const w = await workspace();
    const cand = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `er-${++n}`, name: "Eve Erased", emailAddress: `eve${n}@example.com` });
    const made = await w.upload([
      { bytes: enc(`Eve Erased\n${cand.emailAddress!.toUpperCase()}\nSkills: Rust\n`), name: "eve-again.txt" },
      { bytes: enc("Sam Stays\nsam@example.com\n"), name: "sam.txt" },
    ]);
    await settle();
    const [eve, sam] = made.body.drafts.map((d: any) => d.id);
    const key = findDraft(t.deps.db, w.workspaceId, eve)!.storageKey;
    const path = diskStore(t.deps.config.dataDir).pathOf(w.workspaceId, key);
    expect(existsSync(path)).toBe(true);
    expect((await w.call(`/api/participants/${cand.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await w.call(`/api/participant-drafts/${eve}`)).status).toBe(404);
    expect((await w.call(`/api/participant-drafts/${sam}`)).status).toBe(200);
    await settle();
    expect(existsSync(path)).toBe(false);
  }, 120_000);
});
