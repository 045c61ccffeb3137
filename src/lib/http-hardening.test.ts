// Issue 15 item 10: the flash cookie is Secure on https; the CSP allows no outside images.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../test/helpers";

describe("smaller holes (item 10)", () => {
  test("the flash cookie is Secure when APP_URL is https, and not on plain http", async () => {
    const https = makeTestApp({ APP_URL: "https://frank.example" });
    const res = await https.request("/logout", { method: "POST" });
    expect(res.status).toBe(303);
    const flash = res.headers.getSetCookie().find((c) => c.startsWith("frank_flash="))!;
    expect(flash).toBeDefined();
    expect(flash).toContain("Secure");
    expect(flash).toContain("HttpOnly");

    const http = makeTestApp();
    const plain = (await http.request("/logout", { method: "POST" })).headers.getSetCookie().find((c) => c.startsWith("frank_flash="))!;
    expect(plain).not.toContain("Secure");
  });

  test("the Content-Security-Policy allows images from this server and data: only", async () => {
    const t = makeTestApp();
    const csp = (await t.request("/login")).headers.get("content-security-policy")!;
    const img = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("img-src"))!;
    expect(img).toBe("img-src 'self' data:");
  });
});
