import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { scriptedSvg, tinyJpeg, tinyPng, tinyWebp } from "../../../test/kits/tiny-images";
import { mailMessages } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";

// Issue 39 item 2: the agency's logo beside its name on the client's page and in the share e-mail.

const t = makeTestApp();

const png = () => tinyPng();
const jpeg = tinyJpeg;
const webp = tinyWebp;
const svg = scriptedSvg;

async function workspace() {
  const u = await t.signUp();
  const put = (bytes: Uint8Array, type: string, cookie = u.cookie) =>
    t.request("/api/workspace/logo", { method: "PUT", cookie, headers: { "content-type": type, origin: "http://localhost" }, body: bytes as Uint8Array<ArrayBuffer> });
  const putForm = (bytes: Uint8Array, name: string, path = "/api/workspace/logo", method = "PUT") => {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
    return t.request(path, { method, cookie: u.cookie, body: form, headers: { origin: "http://localhost" } });
  };
  return { ...u, put, putForm };
}

describe("the agency's logo", () => {
  test("PNG, JPEG or WebP from the bytes, at most 512 kB, never SVG; served from a cacheable address that changes with the image", async () => {
    const w = await workspace();
    expect(await (await t.request("/api/workspace/logo", { cookie: w.cookie })).json()).toEqual({ logo: null });

    const image = png();
    const res = await w.put(image, "image/png");
    expect(res.status).toBe(200);
    const { logo } = (await res.json()) as any;
    expect(logo).toMatchObject({ type: "png", contentType: "image/png", size: image.length });
    expect(logo.url).toMatch(new RegExp(`^/logos/${w.workspaceId}/[0-9a-f]{16}\\.png$`));

    const served = await t.request(logo.url); // no cookie: clients and mail readers fetch it
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(image))).toBe(true);

    // Refused: SVG (even called PNG), a GIF, an empty body, and more than 512 kB.
    for (const [bytes, type] of [
      [svg(), "image/svg+xml"],
      [svg(), "image/png"],
      [new Uint8Array(Buffer.from("GIF89a\x01\x00\x01\x00")), "image/gif"],
    ] as const) {
      const r = await w.put(bytes, type);
      expect([r.status, ((await r.json()) as any).message]).toEqual([415, "Only PNG, JPEG or WebP images can be a logo (no SVG)"]);
    }
    expect((await w.put(new Uint8Array(), "image/png")).status).toBe(400);
    const big = new Uint8Array(512 * 1024 + 1);
    big.set(png());
    const tooBig = await w.put(big, "image/png");
    expect([tooBig.status, ((await tooBig.json()) as any).message]).toEqual([413, "A logo can be at most 512 kB"]);
    expect((await w.put(big.subarray(0, 512 * 1024), "image/png")).status).toBe(200);

    // Multipart with field `file` too; a new image has a new address; the old one leads to it.
    const j = (await (await w.putForm(jpeg(), "logo.jpg")).json()) as any;
    expect(j.logo).toMatchObject({ type: "jpeg", contentType: "image/jpeg" });
    expect(j.logo.url).toEndWith(".jpg");
    const old = await t.request(logo.url);
    expect([old.status, old.headers.get("location")]).toEqual([302, j.logo.url]);
    expect(((await (await w.put(webp(), "image/webp")).json()) as any).logo.type).toBe("webp");
    expect((await t.request(`/logos/${w.workspaceId}/../../etc`)).status).toBe(404);

    // Another workspace has its own (none); only managers change it.
    const other = await workspace();
    expect(await (await t.request("/api/workspace/logo", { cookie: other.cookie })).json()).toEqual({ logo: null });
    const recruiter = await addMember(t, w.cookie, "recruiter");
    expect((await w.put(png(), "image/png", recruiter.cookie)).status).toBe(403);

    const del = await t.request("/api/workspace/logo", { method: "DELETE", cookie: w.cookie });
    expect(await del.json()).toEqual({ logo: null });
    expect((await t.request(j.logo.url)).status).toBe(404);
    expect(((await t.request("/api/workspace/activity?action=settings.changed", { cookie: w.cookie }).then((r) => r.json())) as any).activity.length).toBeGreaterThanOrEqual(4);
  });

  test("Settings has a plain upload form; the client's page and the share e-mail show the logo with the agency's name", async () => {
    const w = await workspace();
    const settings = await (await t.request("/settings", { cookie: w.cookie })).text();
    expect(settings).toContain('href="/settings/logo"');
    const page = await (await t.request("/settings/logo", { cookie: w.cookie })).text();
    expect(page.toLowerCase()).toContain('enctype="multipart/form-data"');
    expect(page).toContain("No logo yet");
    const posted = await w.putForm(png(), "logo.png", "/settings/logo", "POST");
    expect(posted.status).toBe(303);
    const refused = await w.putForm(svg(), "logo.svg", "/settings/logo", "POST");
    expect(refused.status).toBe(303);
    const flash = /frank_flash=([^;]+)/.exec(refused.headers.get("set-cookie") ?? "")![1]!;
    expect(JSON.parse(Buffer.from(flash, "base64url").toString())).toMatchObject({ title: "Logo not saved", description: "Only PNG, JPEG or WebP images can be a logo (no SVG)" });
    const { logo } = (await (await t.request("/api/workspace/logo", { cookie: w.cookie })).json()) as any;
    expect(logo.type).toBe("png");
    expect(await (await t.request("/settings/logo", { cookie: w.cookie })).text()).toContain(`src="${logo.url}"`);

    // A shortlist shared with a contact: the e-mail and the page carry the logo.
    const call = (path: string, json: unknown) => t.request(path, { json, cookie: w.cookie }).then((r) => r.json() as Promise<any>);
    const client = (await call("/api/clients", { name: "Acme Pay" })).client;
    const email = `logo-${w.workspaceId}@acme.example`;
    const contact = (await call(`/api/clients/${client.id}/contacts`, { name: "Jane Doe", email })).contact;
    const p = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `logo-${w.workspaceId}`, name: "Ada Lovelace" });
    const shortlist = await call("/api/shortlists", { name: "Payments shortlist" });
    await call(`/api/shortlists/${shortlist.id}/candidates`, { candidateIds: [p.id] });
    await call(`/api/shortlists/${shortlist.id}/shares`, { contactIds: [contact.id] });
    const mail = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, email), eq(mailMessages.kind, "shortlist_share")))
      .orderBy(desc(mailMessages.id))
      .get()!;
    expect(mail.html).toContain(`src="http://localhost${logo.url}"`);
    const token = mail.text.match(/\/s\/([A-Za-z0-9_-]+)/)![1];
    const client1 = await (await t.request(`/s/${token}`)).text();
    expect(client1).toContain(`src="${logo.url}"`);
    expect(client1).toContain("logo");
    await t.request("/api/workspace/logo", { method: "DELETE", cookie: w.cookie });
    expect(await (await t.request(`/s/${token}`)).text()).not.toContain("/logos/");
  });
});
