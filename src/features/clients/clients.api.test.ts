import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { clients } from "../../db/schema";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";

const t = makeTestApp();

async function workspace() {
  const u = await t.signUp();
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as any) : text };
  };
  return { ...u, call };
}

describe("/api/clients", () => {
  test("create, read, change, list with contacts; a job belongs to a client", async () => {
    const w = await workspace();
    const r = await w.call("/api/clients", { json: { name: " Acme ", website: "acme.example", notes: "Pays on time" } });
    expect(r.status).toBe(201);
    expect(r.body.client).toMatchObject({ name: "Acme", website: "https://acme.example", notes: "Pays on time", jobCount: 0, contacts: [] });
    const id = r.body.client.id;
    const c = await w.call(`/api/clients/${id}/contacts`, { json: { name: "Grace Hopper", email: "Grace@Acme.example", phone: "+61 400 000 000", role: "Hiring manager" } });
    expect(c.status).toBe(201);
    expect(c.body.contact).toMatchObject({ clientId: id, name: "Grace Hopper", email: "grace@acme.example", role: "Hiring manager" });
    const changed = await w.call(`/api/clients/${id}/contacts/${c.body.contact.id}`, { method: "PATCH", json: { role: "CTO" } });
    expect(changed.body.contact).toMatchObject({ name: "Grace Hopper", role: "CTO" });
    expect((await w.call(`/api/clients/${id}`, { method: "PATCH", json: { notes: null } })).body.client).toMatchObject({ name: "Acme", notes: null });

    const job = await w.call("/api/jobs", { json: { title: "Engineer", clientId: id } });
    expect(job.status).toBe(201);
    expect(job.body.job).toMatchObject({ clientId: id, client: { id, name: "Acme" } });
    const other = await w.call("/api/jobs", { json: { title: "Designer" } });
    expect(other.body.job).toMatchObject({ clientId: null, client: null });
    expect((await w.call(`/api/jobs/${other.body.job.id}`, { method: "PATCH", json: { clientId: id } })).body.job.client).toEqual({ id, name: "Acme" });
    const list = await w.call("/api/clients");
    expect(list.body.clients).toHaveLength(1);
    expect(list.body.clients[0]).toMatchObject({ jobCount: 2, contacts: [{ name: "Grace Hopper", role: "CTO" }] });

    expect((await w.call(`/api/clients/${id}/contacts/${c.body.contact.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await w.call(`/api/clients/${id}`)).body.client.contacts).toEqual([]);
  });

  test("deleting a client with jobs is refused with the count; without jobs it goes", async () => {
    const w = await workspace();
    const id = (await w.call("/api/clients", { json: { name: "Globex" } })).body.client.id;
    const a = (await w.call("/api/jobs", { json: { title: "A", clientId: id } })).body.job;
    await w.call("/api/jobs", { json: { title: "B", clientId: id } });
    const refused = await w.call(`/api/clients/${id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Globex has 2 jobs: move or delete them before deleting the client.");
    await w.call(`/api/jobs/${a.id}`, { method: "DELETE" });
    expect((await w.call(`/api/clients/${id}`, { method: "DELETE" })).body.message).toBe("Globex has 1 job: move or delete it before deleting the client.");
    const b = (await w.call("/api/jobs")).body.jobs[0];
    await w.call(`/api/jobs/${b.id}`, { method: "PATCH", json: { clientId: null } });
    expect((await w.call(`/api/clients/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await w.call(`/api/clients/${id}`)).status).toBe(404);
  });

  test("validation: a name, a website, an e-mail; a client of another workspace is not found", async () => {
    const w = await workspace();
    for (const json of [{}, { name: "  " }]) {
      const r = await w.call("/api/clients", { json });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: "Name is required", fields: { name: "Name is required" } });
    }
    expect((await w.call("/api/clients", { json: { name: "X", website: "not a site" } })).body.fields.website).toBe("Website must be an address like https://acme.example");
    const id = (await w.call("/api/clients", { json: { name: "Initech" } })).body.client.id;
    expect((await w.call(`/api/clients/${id}/contacts`, { json: { name: "Bill", email: "nope" } })).body.fields.email).toBe("E-mail is not a valid address");
    expect((await w.call("/api/jobs", { json: { title: "T", clientId: 999999 } })).body).toMatchObject({ message: "Client not found", fields: { clientId: "Client not found" } });

    const stranger = await workspace();
    expect((await stranger.call(`/api/clients/${id}`)).status).toBe(404);
    expect((await stranger.call(`/api/clients/${id}`, { method: "PATCH", json: { name: "Mine" } })).status).toBe(404);
    expect((await stranger.call(`/api/clients/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await stranger.call(`/api/clients/${id}/contacts`, { json: { name: "Eve" } })).status).toBe(404);
    expect((await stranger.call("/api/jobs", { json: { title: "T", clientId: id } })).status).toBe(400);
    expect((await stranger.call("/api/clients")).body.clients).toEqual([]);
  });

  test("a recruiter adds clients and contacts but may not delete a client", async () => {
    const w = await workspace();
    const rec = await addMember(t, w.cookie, "recruiter");
    const made = await w.call("/api/clients", { json: { name: "Umbrella" }, cookie: rec.cookie });
    expect(made.status).toBe(201);
    expect(made.body.client.name).toBe("Umbrella");
    const del = await w.call(`/api/clients/${made.body.client.id}`, { method: "DELETE", cookie: rec.cookie });
    expect([del.status, del.body.code]).toEqual([403, "forbidden"]);
    const stored = () => t.deps.db.select().from(clients).where(eq(clients.id, made.body.client.id)).all().length;
    expect(stored()).toBe(1);
    expect((await w.call(`/api/clients/${made.body.client.id}`, { method: "DELETE" })).status).toBe(200);
    expect(stored()).toBe(0);
  });

  test("the pages work without JavaScript: add a client, a contact, see the refusal", async () => {
    const w = await workspace();
    const form = (path: string, fields: Record<string, string>) =>
      t.request(path, { method: "POST", cookie: w.cookie, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" }, body: new URLSearchParams(fields).toString() });
    const made = await form("/clients", { name: "Hooli", website: "", notes: "" });
    expect(made.status).toBe(303);
    const path = made.headers.get("location")!;
    expect(path).toMatch(/^\/clients\/\d+$/);
    expect((await form(`${path}/contacts`, { name: "Gavin", email: "gavin@hooli.example", phone: "", role: "CEO" })).status).toBe(303);
    await w.call("/api/jobs", { json: { title: "Growth hacker", clientId: Number(path.split("/")[2]) } });
    const page = await w.call(path);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Hooli");
    expect(page.body).toContain("Gavin");
    expect(page.body).toContain("Growth hacker");
    const refused = await form(`${path}/delete`, {});
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(path);
    const list = await w.call("/clients");
    expect(list.body).toContain("1 job · 1 contact");
    expect((await w.call("/jobs")).body).toContain("Hooli");

    // A job made from the client's page is the client's; the board changes a job's client.
    const made2 = await form(`${path}/jobs`, { title: "Chief evangelist", location: "" });
    expect(made2.status).toBe(303);
    const jobPath = made2.headers.get("location")!;
    expect(jobPath).toMatch(/^\/jobs\/\d+$/);
    const jobId = Number(jobPath.split("/")[2]);
    expect((await w.call(`/api/jobs/${jobId}`)).body.job.client.name).toBe("Hooli");
    expect((await form(`${jobPath}/client`, { clientId: "" })).status).toBe(303);
    expect((await w.call(`/api/jobs/${jobId}`)).body.job.client).toBeNull();
  });
});
