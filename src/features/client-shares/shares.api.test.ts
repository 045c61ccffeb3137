import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { mailMessages, shortlistShares, webhookDeliveries } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";

const t = makeTestApp();
t.clock.set(new Date("2030-03-02T09:00:00Z"));
let n = 0;

/** A workspace with a client (two contacts), a job for it, and a shortlist of two candidates. */
async function agency() {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string | null } = {}) => {
    const res = await t.request(path, { ...init, cookie: init.cookie === null ? undefined : (init.cookie ?? u.cookie) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text && res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as any) : text };
  };
  const form = (path: string, fields: [string, string][], cookie: string | null = u.cookie) =>
    t.request(path, {
      method: "POST",
      cookie: cookie ?? undefined,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams(fields).toString(),
    });
  const client = (await call("/api/clients", { json: { name: "Acme Pay" } })).body.client;
  const jane = (await call(`/api/clients/${client.id}/contacts`, { json: { name: "Jane Doe", email: `jane${++n}@acme.example` } })).body.contact;
  const joe = (await call(`/api/clients/${client.id}/contacts`, { json: { name: "Joe Bloggs", email: `joe${n}@acme.example` } })).body.contact;
  const job = (await call("/api/jobs", { json: { title: "Payments engineer", clientId: client.id } })).body.job;
  const ada = upsertParticipantFromVisitor(t.deps, u.workspaceId, {
    uniqueId: `s-${++n}`,
    name: "Ada Lovelace",
    emailAddress: `ada${n}@example.com`,
    city: "London",
    roleApplied: "Backend engineer",
    jobTitle: "Engineer at Babbage",
  });
  const bob = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `s-${++n}`, name: "Bob Byte", emailAddress: `bob${n}@example.com`, city: "Leeds" });
  await call(`/api/jobs/${job.id}/applications`, { json: { candidateId: ada.id } });
  const shortlist = (await call("/api/shortlists", { json: { name: "Payments shortlist" } })).body;
  await call(`/api/shortlists/${shortlist.id}/candidates`, { json: { candidateIds: [ada.id, bob.id] } });
  await call(`/api/shortlists/${shortlist.id}/candidates/${ada.id}/note`, { method: "PUT", json: { note: "Strong on card payments" } });
  return { ...u, call, form, client, jane, joe, job, ada, bob, shortlist };
}

const linkOf = (to: string) => {
  const m = t.deps.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to), eq(mailMessages.kind, "shortlist_share")))
    .orderBy(desc(mailMessages.id))
    .get();
  return m?.text.match(/\/s\/([A-Za-z0-9_-]+)/)?.[1] ?? null;
};

describe("shortlists shared with a client", () => {
  test("one private link per contact by e-mail, stored hashed; the client's page shows the default fields, is noindex and private, and records views", async () => {
    const w = await agency();
    const made = await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id, w.joe.id] } });
    expect(made.status).toBe(201);
    expect(made.body.shares).toHaveLength(2);
    expect(made.body.shares[0]).toMatchObject({
      contact: { name: "Jane Doe", clientName: "Acme Pay" },
      fields: ["name", "role", "city", "summary", "note", "cv"],
      status: "active",
      moveApplications: false,
      firstViewedAt: null,
    });
    expect(made.body.shares[0].expiresAt).toBe("2030-03-16T09:00:00.000Z"); // 14 days
    const janeToken = linkOf(w.jane.email)!;
    const joeToken = linkOf(w.joe.email)!;
    expect(janeToken).toBeTruthy();
    expect(joeToken).toBeTruthy();
    expect(janeToken).not.toBe(joeToken);
    const rows = t.deps.db.select().from(shortlistShares).where(eq(shortlistShares.shortlistId, w.shortlist.id)).all();
    expect(rows.map((r) => r.tokenHash)).not.toContain(janeToken);

    const page = await w.call(`/s/${janeToken}`, { cookie: null });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    for (const s of ["Ada Lovelace", "Backend engineer", "London", "Strong on card payments", "Bob Byte", "For Jane Doe", "Ask for an interview"]) expect(page.body).toContain(s);
    expect(page.body).not.toContain("@example.com"); // e-mail only when ticked
    const seen = await w.call(`/api/shortlists/${w.shortlist.id}/shares`);
    const janeShare = seen.body.shares.find((s: any) => s.contact.id === w.jane.id);
    expect(janeShare.firstViewedAt).toBe("2030-03-02T09:00:00.000Z");
    t.clock.set(new Date("2030-03-02T10:00:00Z"));
    await w.call(`/s/${janeToken}`, { cookie: null });
    const again = (await w.call(`/api/shortlists/${w.shortlist.id}/shares`)).body.shares.find((s: any) => s.contact.id === w.jane.id);
    expect([again.firstViewedAt, again.lastViewedAt]).toEqual(["2030-03-02T09:00:00.000Z", "2030-03-02T10:00:00.000Z"]);

    // E-mail shown only when ticked.
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.joe.id], fields: ["name", "email"] } });
    const withEmail = await w.call(`/s/${linkOf(w.joe.email)}`, { cookie: null });
    expect(withEmail.body).toContain(w.ada.emailAddress);
    expect(withEmail.body).not.toContain("London");
  });

  test("the phone only when ticked; the candidate's own summary (from their CV) when they have one", async () => {
    const w = await agency();
    const patched = await w.call(`/api/participants/${w.ada.id}`, { method: "PATCH", json: { phone: "+44 7700 900123", summary: "Ten years of card payments.\nLeads a team of five." } });
    expect(patched.status).toBe(200);
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id] } });
    const plain = await w.call(`/s/${linkOf(w.jane.email)}`, { cookie: null });
    expect(plain.body).toContain("Ten years of card payments.");
    expect(plain.body).not.toContain("7700");
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.joe.id], fields: ["name", "phone"] } });
    const withPhone = await w.call(`/s/${linkOf(w.joe.email)}`, { cookie: null });
    expect(withPhone.body).toContain('href="tel:+447700900123"');
    expect(withPhone.body).toContain("+44 7700 900123");
    expect(withPhone.body).not.toContain("Ten years");
  });

  test("a contact answers without JavaScript: the shortlist, the timeline, the log, the owner's e-mail and the shortlist.feedback webhook; applications move only when the share says so", async () => {
    const w = await agency();
    await w.call("/api/webhooks", { json: { url: "https://hooks.example/frank", events: ["shortlist.feedback"] } });
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id] } });
    const token = linkOf(w.jane.email)!;
    const ok = await w.form(
      `/s/${token}/${w.ada.id}`,
      [
        ["comment", "strong on payments"],
        ["verdict", "interested"],
      ],
      null,
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/s/${token}?saved=${w.ada.id}#c${w.ada.id}`);
    const after = await w.call(`/s/${token}?saved=${w.ada.id}`, { cookie: null });
    expect(after.body).toContain("Thank you, your answer is saved.");
    expect(after.body).toContain("Your answer: Interested · “strong on payments”");

    const answers = (await w.call(`/api/shortlists/${w.shortlist.id}/answers`)).body.answers;
    expect(answers).toEqual([expect.objectContaining({ candidateId: w.ada.id, contactName: "Jane Doe", clientName: "Acme Pay", verdict: "interested", comment: "strong on payments" })]);
    t.clock.set(new Date(t.clock.now().getTime() + 2 * 3600_000));
    const page = await w.call(`/shortlists/${w.shortlist.id}`);
    expect(page.body).toContain("Interested by Jane Doe");
    expect(page.body).toContain("strong on payments");
    expect(page.body).toContain("2 h ago");
    const timeline = (await w.call(`/api/participants/${w.ada.id}/activity`)).body.activity.map((i: any) => i.text).filter(Boolean);
    expect(timeline).toContain("Interested by Jane Doe (Acme Pay): “strong on payments” on shortlist Payments shortlist");
    const log = (await w.call("/api/workspace/activity?action=shortlist.feedback")).body.activity;
    expect(log).toHaveLength(1);
    const mail = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, w.email), eq(mailMessages.kind, "shortlist_feedback")))
      .all();
    expect(mail.map((m) => m.subject)).toEqual(["Jane Doe (Acme Pay) on Ada Lovelace: Interested"]);
    const hooks = t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, w.workspaceId)).all();
    expect(hooks.map((d) => d.type)).toEqual(["shortlist.feedback"]);
    expect(JSON.parse(hooks[0]!.payload).data).toMatchObject({ candidateId: w.ada.id, verdict: "interested", contactName: "Jane Doe", comment: "strong on payments" });
    // This share does not move applications.
    expect((await w.call(`/api/jobs/${w.job.id}/applications`)).body.applications[0].stage).toBe("Applied");

    // Ask for an interview: the recruiter is told; with moveApplications the application moves to Interview.
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.joe.id], moveApplications: true } });
    const joeToken = linkOf(w.joe.email)!;
    expect(
      (
        await w.form(
          `/s/${joeToken}/${w.ada.id}`,
          [
            ["interview", "1"],
            ["comment", ""],
          ],
          null,
        )
      ).status,
    ).toBe(303);
    expect((await w.call(`/api/jobs/${w.job.id}/applications`)).body.applications[0].stage).toBe("Interview");
    const asked = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, w.email), eq(mailMessages.kind, "shortlist_feedback")))
      .orderBy(desc(mailMessages.id))
      .get()!;
    expect(asked.subject).toBe("Joe Bloggs (Acme Pay) asks for an interview with Ada Lovelace");

    // An empty answer and a candidate not on the list are refused on the page.
    const empty = await w.form(`/s/${joeToken}/${w.bob.id}`, [["comment", ""]], null);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Choose Interested or Not now, write a comment or ask for an interview");
  });

  test("revoked and expired links say so without names; shares stay in their workspace; input is checked", async () => {
    const w = await agency();
    const other = await agency();
    const made = await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id], expiresAt: "2030-03-05" } });
    expect(made.body.shares[0].expiresAt).toBe("2030-03-05T23:59:59.999Z");
    const token = linkOf(w.jane.email)!;
    const id = made.body.shares[0].id;

    // Another workspace: cannot see, revoke, or share with this workspace's contacts or shortlist.
    expect((await other.call(`/api/shortlists/${w.shortlist.id}/shares`)).status).toBe(404);
    expect((await other.call(`/api/shares/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await other.call(`/api/shortlists/${other.shortlist.id}/shares`, { json: { contactIds: [w.jane.id] } })).status).toBe(404);
    expect((await other.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [other.jane.id] } })).status).toBe(404);
    // The token shows its own workspace's shortlist only; another shortlist's candidate cannot be answered through it.
    expect((await w.form(`/s/${token}/${other.ada.id}`, [["verdict", "interested"]], null)).status).toBe(404);

    const bad = await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [] } });
    expect([bad.status, bad.body.message]).toEqual([400, "Choose at least one client contact"]);
    const past = await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id], expiresAt: "2030-03-01" } });
    expect([past.status, past.body.message]).toEqual([400, "The expiry must be in the future"]);
    const field = await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id], fields: ["salary"] } });
    expect(field.status).toBe(400);
    expect(field.body.message).toContain("Unknown field: salary");

    // Expired: says so, no names.
    t.clock.set(new Date("2030-03-06T00:00:00Z"));
    const expired = await w.call(`/s/${token}`, { cookie: null });
    expect(expired.status).toBe(410);
    expect(expired.body).toContain("This link has expired");
    expect(expired.body).not.toContain("Ada");
    expect(expired.body).not.toContain("Payments shortlist");
    t.clock.set(new Date("2030-03-02T09:00:00Z"));

    // Revoked: at once.
    expect((await w.call(`/s/${token}`, { cookie: null })).status).toBe(200);
    const revoked = await w.call(`/api/shares/${id}`, { method: "DELETE" });
    expect(revoked.body.share.status).toBe("revoked");
    const gone = await w.call(`/s/${token}`, { cookie: null });
    expect(gone.status).toBe(410);
    expect(gone.body).toContain("This link has been withdrawn");
    expect(gone.body).not.toContain("Ada");
    expect((await w.form(`/s/${token}/${w.ada.id}`, [["verdict", "interested"]], null)).status).toBe(410);
    expect((await w.call("/api/workspace/activity?action=shortlist.share_revoked")).body.activity).toHaveLength(1);
    expect((await w.call(`/s/not-a-real-token-at-all-xx`, { cookie: null })).status).toBe(404);
  });

  test("the CV field links each candidate's CVs through the contact's own link; without it, or for another candidate's file, nothing", async () => {
    const w = await agency();
    const form = new FormData();
    form.append("file", new File(["Ada Lovelace\nKubernetes\n"], "Ada CV.txt"));
    const file = (await (await t.request(`/api/participants/${w.ada.id}/files`, { method: "POST", body: form, cookie: w.cookie, headers: { origin: "http://localhost" } })).json()).file;
    const other = await agency();
    const otherForm = new FormData();
    otherForm.append("file", new File(["Someone else\n"], "other.txt"));
    const otherFile = (await (await t.request(`/api/participants/${other.ada.id}/files`, { method: "POST", body: otherForm, cookie: other.cookie, headers: { origin: "http://localhost" } })).json())
      .file;
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id] } });
    const token = linkOf(w.jane.email)!;
    const page = await w.call(`/s/${token}`, { cookie: null });
    expect(page.body).toContain(`href="/s/${token}/files/${file.id}"`);
    expect(page.body).toContain("CV: Ada CV.txt");
    const dl = await t.request(`/s/${token}/files/${file.id}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toStartWith("attachment;");
    expect(dl.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await dl.text()).toContain("Kubernetes");
    expect((await t.request(`/s/${token}/files/${otherFile.id}`)).status).toBe(404);
    // A share without the CV field shows no link and serves no file.
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.joe.id], fields: ["name"] } });
    const joe = linkOf(w.joe.email)!;
    expect((await w.call(`/s/${joe}`, { cookie: null })).body).not.toContain("/files/");
    expect((await t.request(`/s/${joe}/files/${file.id}`)).status).toBe(404);
  });

  test("a CV of a candidate of the same workspace who is not on the shared shortlist: not served, by id or on the page", async () => {
    const w = await agency();
    const carol = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `s-${++n}`, name: "Carol Cache", emailAddress: `carol${n}@example.com` });
    const form = new FormData();
    form.append("file", new File(["Carol Cache\nNot for this client\n"], "Carol CV.txt"));
    const upload = await t.request(`/api/participants/${carol.id}/files`, { method: "POST", body: form, cookie: w.cookie, headers: { origin: "http://localhost" } });
    expect(upload.status).toBe(201);
    const carolFile = (await upload.json()).file;
    // The workspace's own API serves it: it is a file of this workspace.
    expect((await w.call(`/api/files/${carolFile.id}`)).status).toBe(200);
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id] } });
    const token = linkOf(w.jane.email)!;
    expect((await w.call(`/s/${token}`, { cookie: null })).body).not.toContain(`/files/${carolFile.id}`);
    const dl = await t.request(`/s/${token}/files/${carolFile.id}`);
    expect(dl.status).toBe(404);
    expect(await dl.text()).not.toContain("Not for this client");
  });

  test("the Share form works without JavaScript; the link is rate-limited", async () => {
    const w = await agency();
    const page = await w.call(`/shortlists/${w.shortlist.id}`);
    expect(page.body).toContain("Share with a client");
    const posted = await w.form(`/shortlists/${w.shortlist.id}/shares`, [
      ["contactIds", String(w.jane.id)],
      ["contactIds", String(w.joe.id)],
      ["fields", "name"],
      ["fields", "city"],
      ["expiresAt", "2030-03-20"],
    ]);
    expect(posted.status).toBe(303);
    const shares = (await w.call(`/api/shortlists/${w.shortlist.id}/shares`)).body.shares;
    expect(shares.map((s: any) => [s.contact.name, s.fields, s.expiresAt])).toEqual([
      ["Jane Doe", ["name", "city"], "2030-03-20T23:59:59.999Z"],
      ["Joe Bloggs", ["name", "city"], "2030-03-20T23:59:59.999Z"],
    ]);
    const none = await w.form(`/shortlists/${w.shortlist.id}/shares`, [["fields", "name"]]);
    expect(none.status).toBe(303); // back to the page with the message as a toast
    expect((await w.call(`/api/shortlists/${w.shortlist.id}/shares`)).body.shares).toHaveLength(2);

    const token = linkOf(w.jane.email)!;
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await w.call(`/s/${token}`, { cookie: null })).status;
    expect(last).toBe(429);
    expect((await w.call(`/s/${linkOf(w.joe.email)}`, { cookie: null })).status).toBe(200); // per link
  });

  test("merging candidates keeps the duplicate's CV (found by its words) and the client's answers on the kept record", async () => {
    const w = await agency();
    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id] } });
    const token = linkOf(w.jane.email)!;
    expect(
      (
        await w.form(
          `/s/${token}/${w.bob.id}`,
          [
            ["verdict", "interested"],
            ["comment", "met him at a meetup"],
          ],
          null,
        )
      ).status,
    ).toBe(303);
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("Bob Byte\nZookeeper and Erlang in production\n")], "bob.txt"));
    expect((await t.request(`/api/participants/${w.bob.id}/files`, { method: "POST", body: form, cookie: w.cookie, headers: { origin: "http://localhost" } })).status).toBe(201);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    const found = async (q: string) => (await w.call(`/api/participants?search=${encodeURIComponent(q)}`)).body.participants.map((p: any) => p.id);
    expect(await found("erlang")).toEqual([w.bob.id]);

    const merged = await w.call("/api/participants/merge", { json: { keepId: w.ada.id, mergeIds: [w.bob.id] } });
    expect(merged.status).toBe(200);
    const files = (await w.call(`/api/participants/${w.ada.id}/files`)).body.files;
    expect(files.map((f: any) => f.name)).toEqual(["bob.txt"]);
    expect((await w.call(`/api/files/${files[0].id}`)).status).toBe(200);
    expect(await found("erlang")).toEqual([w.ada.id]);
    const answers = (await w.call(`/api/shortlists/${w.shortlist.id}/answers`)).body.answers;
    expect(answers).toEqual([expect.objectContaining({ candidateId: w.ada.id, contactName: "Jane Doe", verdict: "interested", comment: "met him at a meetup" })]);
  });
});
