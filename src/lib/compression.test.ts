import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { makeTestApp } from "../../test/helpers";
import { chooseEncoding, compressedText, compressibleType, compressResponse } from "./compression";

const BROWSER = "gzip, deflate, br, zstd";

describe("choosing an encoding", () => {
  test("brotli when accepted, else gzip, never a refused one", () => {
    expect(chooseEncoding(BROWSER)).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(null)).toBeNull();
    expect(chooseEncoding("*")).toBe("br");
  });
  test("text types only, event streams left alone", () => {
    for (const t of ["text/html; charset=utf-8", "application/json", "image/svg+xml", "text/calendar; charset=utf-8", "text/csv"]) expect(compressibleType(t)).toBe(true);
    for (const t of ["image/png", "text/event-stream", "application/octet-stream", null]) expect(compressibleType(t)).toBe(false);
  });
});

describe("responses on the wire", () => {
  const t = makeTestApp({ DEV_PAGES: "1" });

  test("an HTML page is brotli for a browser and gzip for gzip-only clients, with Vary", async () => {
    const br = await t.request("/login", { headers: { "accept-encoding": BROWSER } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("accept-encoding");
    const html = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(html).toContain("<!DOCTYPE html>");
    expect(br.headers.get("content-security-policy")).toContain("default-src 'self'");

    const gz = await t.request("/login", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);

    const plain = await t.request("/login");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  test("JSON answers are compressed, keep their status and cookies", async () => {
    const { cookie } = await t.signUp();
    const seeded = await t.request("/api/candidates/seed", { method: "POST", cookie });
    expect(seeded.status).toBe(200);
    const res = await t.request("/api/participants?limit=20", { cookie, headers: { "accept-encoding": BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-encoding")).toBe("br");
    const body = JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString());
    expect(body.participants.length).toBe(10);

    const login = await t.request("/api/auth/login", { json: { email: "nobody@example.com", password: "wrong-password-1" }, headers: { "accept-encoding": BROWSER } });
    expect(login.status).toBe(401);
    expect((await login.json()).code).toBeString(); // tiny bodies are sent as they are
  });

  test("the iCalendar feed is compressed (text/calendar)", async () => {
    const { cookie } = await t.signUp();
    const page = await (await t.request("/ical-manager", { cookie })).text();
    const path = page.match(/http:\/\/localhost(\/ical\/[A-Za-z0-9_-]{43}\.ics)/)![1]!;
    const res = await t.request(path, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const body = Buffer.from(await res.arrayBuffer());
    const text = res.headers.get("content-encoding") === "gzip" ? gunzipSync(body).toString() : body.toString();
    expect(text).toContain("BEGIN:VCALENDAR");
    // An empty feed may be under the size floor; when it is larger it is always compressed.
    if (Buffer.byteLength(text) >= 256) expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("accept-encoding");
  });

  test("an SVG answer is compressed", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${"<rect width='1' height='1'/>".repeat(40)}</svg>`;
    const res = await compressResponse(new Request("http://x/a.svg", { headers: { "accept-encoding": "br" } }), new Response(svg, { headers: { "content-type": "image/svg+xml" } }));
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(svg);
  });

  test("error pages are compressed too", async () => {
    const res = await t.request("/no-such-page-here", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain("<!DOCTYPE html>");
  });

  test("assets keep their precompressed files and immutable caching", async () => {
    const page = await (await t.request("/login")).text();
    const css = page.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(css).toBeString();
    const res = await t.request(css!, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("a large answer asked for again", () => {
  const req = (enc: string) => new Request("http://x/api/list", { headers: { "accept-encoding": enc } });
  const decode = async (r: Response) => (r.headers.get("content-encoding") === "br" ? brotliDecompressSync : gunzipSync)(Buffer.from(await r.arrayBuffer())).toString();
  test("is sent from the kept bytes when the text is the same, and compressed anew when it differs", async () => {
    const a = JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Candidate ${i}` })) });
    const b = a.replace("Candidate 299", "Candidate 298");
    for (let i = 0; i < 3; i++) expect(await decode(compressedText(req(BROWSER), a, 200, "application/json"))).toBe(a);
    expect(await decode(compressedText(req(BROWSER), b, 200, "application/json"))).toBe(b);
    const gz = compressedText(req("gzip"), a, 200, "application/json");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await decode(gz)).toBe(a);
  });
});
