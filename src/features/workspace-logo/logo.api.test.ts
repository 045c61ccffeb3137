import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
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
    expect(logo.url).toMatch(/^\/logos\/[0-9a-f]{32}\.png$/);

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
    expect((await t.request(`/logos/../../etc`)).status).toBe(404);

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

  // Issue 59 item 11: logos cannot be listed by counting workspaces, and keep no metadata.
  test("a logo's address is a random name: counting workspace ids or names finds nothing; an e-mail's address from before still leads to it", async () => {
    const w = await workspace();
    const { logo } = (await (await w.put(png(), "image/png")).json()) as any;
    expect(logo.url).not.toContain(`/${w.workspaceId}/`);
    for (const guess of [`/logos/${w.workspaceId}/0000000000000000.png`, `/logos/${w.workspaceId}/ffffffffffffffff.jpg`, `/logos/${"0".repeat(32)}.png`, `/logos/${w.workspaceId}.png`]) {
      const r = await t.request(guess);
      expect({ guess, status: r.status, location: r.headers.get("location") }).toEqual({ guess, status: 404, location: null });
    }
    // The address e-mails carried before names were random (workspace id and the image's hash) leads on.
    const sha = createHash("sha256").update(png()).digest("hex").slice(0, 16);
    const former = await t.request(`/logos/${w.workspaceId}/${sha}.png`);
    expect([former.status, former.headers.get("location")]).toEqual([302, logo.url]);
    // The same image again gets a new name; the former name leads to it.
    const again = ((await (await w.put(png(), "image/png")).json()) as any).logo;
    expect(again.url).not.toBe(logo.url);
    const old = await t.request(logo.url);
    expect([old.status, old.headers.get("location")]).toEqual([302, again.url]);
  });

  test("EXIF, XMP, IPTC, comments and text chunks are removed from an uploaded logo; the image itself is kept", async () => {
    const w = await workspace();
    const secret = "GPS -37.8136 144.9631 Canon EOS R5 by Jane";
    const segment = (marker: number, body: Uint8Array) => new Uint8Array([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
    const text = (s: string) => new TextEncoder().encode(s);
    const base = jpeg();
    // SOI, APP0 (JFIF), APP1 (EXIF), APP13 (IPTC), COM, then the rest (APP0 ... EOI) of the tiny JPEG.
    const exifJpeg = new Uint8Array([
      ...base.subarray(0, 2),
      ...segment(0xe1, text(`Exif\0\0${secret}`)),
      ...segment(0xed, text(`Photoshop 3.0 ${secret}`)),
      ...segment(0xfe, text(secret)),
      ...base.subarray(2),
    ]);
    const pngChunk = (type: string, data: Uint8Array) => {
      const out = new Uint8Array(12 + data.length);
      const v = new DataView(out.buffer);
      v.setUint32(0, data.length);
      out.set(text(type), 4);
      out.set(data, 8);
      v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
      return out;
    };
    const plain = png();
    const exifPng = new Uint8Array([...plain.subarray(0, 33), ...pngChunk("tEXt", text(`Author\0${secret}`)), ...pngChunk("eXIf", text(secret)), ...plain.subarray(33)]);
    const riffChunk = (fourcc: string, data: Uint8Array) => {
      const out = new Uint8Array(8 + data.length + (data.length & 1));
      out.set(text(fourcc));
      new DataView(out.buffer).setUint32(4, data.length, true);
      out.set(data, 8);
      return out;
    };
    const vp8l = tinyWebp().subarray(12);
    const vp8x = riffChunk("VP8X", new Uint8Array([0x0c, 0, 0, 0, 1, 0, 0, 0, 0, 0]));
    const webpBody = new Uint8Array([...text("WEBP"), ...vp8x, ...vp8l, ...riffChunk("EXIF", text(secret)), ...riffChunk("XMP ", text(`<x:xmpmeta>${secret}</x:xmpmeta>`))]);
    const exifWebp = new Uint8Array([...text("RIFF"), 0, 0, 0, 0, ...webpBody]);
    new DataView(exifWebp.buffer).setUint32(4, webpBody.length, true);

    for (const [bytes, type, kept] of [
      [exifJpeg, "image/jpeg", base],
      [exifPng, "image/png", plain],
    ] as const) {
      const { logo } = (await (await w.put(bytes, type)).json()) as any;
      const served = Buffer.from(await (await t.request(logo.url)).arrayBuffer());
      expect(served.toString("latin1")).not.toContain("Canon");
      expect(served.equals(Buffer.from(kept))).toBe(true);
      expect(logo.size).toBe(kept.length);
    }
    const { logo } = (await (await w.put(exifWebp, "image/webp")).json()) as any;
    const served = Buffer.from(await (await t.request(logo.url)).arrayBuffer());
    expect(served.toString("latin1")).not.toContain("Canon");
    expect(served.toString("latin1", 0, 4)).toBe("RIFF");
    expect(served.readUInt32LE(4)).toBe(served.length - 8);
    expect(served.toString("latin1", 12, 16)).toBe("VP8X");
    expect(served[20]! & 0x0c).toBe(0);
    expect(served.subarray(served.length - vp8l.length).equals(Buffer.from(vp8l))).toBe(true);
  });
});
