// Bodies are bounded while they are read (issue 37): the same 2 MB body is refused whether it
// carries a length or is chunked, and bodies under it (chunked or not) are served as before.
// The server's memory under 48 MB chunked bodies is measured from outside in
// test/body-memory.test.ts.
import { afterAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../test/helpers";
import { upsertParticipantFromVisitor } from "../features/candidates/service";

const t = makeTestApp();
const server = t.app.listen({ port: 0, hostname: "127.0.0.1" });
afterAll(() => server.stop(true));
const base = () => `http://127.0.0.1:${server.server!.port}`;

/** A body of `total` bytes sent chunked (no Content-Length). */
function chunked(total: number, fill = "a") {
  const piece = new TextEncoder().encode(fill.repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= total) return c.close();
      const n = Math.min(piece.byteLength, total - sent);
      sent += n;
      c.enqueue(piece.subarray(0, n));
    },
  });
  return { stream };
}

const post = (path: string, body: BodyInit, headers: Record<string, string>) => fetch(base() + path, { method: "POST", body, headers: { origin: base(), ...headers }, duplex: "half" } as RequestInit);

describe("request bodies are bounded as they are read", () => {
  test("a 2 MB body to /api/auth/login answers 413 with a length and chunked", async () => {
    const body = `{"email":"a@example.com","password":"${"x".repeat(2 * 1024 * 1024)}"}`;
    const withLength = await post("/api/auth/login", body, { "content-type": "application/json" });
    expect(withLength.status).toBe(413);
    const c = chunked(2 * 1024 * 1024);
    const res = await post("/api/auth/login", c.stream, { "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "too_large", message: "Request body too large" });
  });

  test("small bodies, chunked or not, are read as before", async () => {
    const json = JSON.stringify({ email: "nobody@example.com", password: "wrong-password-here" });
    expect((await post("/api/auth/login", json, { "content-type": "application/json" })).status).toBe(401);
    const stream = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode(json)), c.close()) });
    const res = await post("/api/auth/login", stream, { "content-type": "application/json" });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toContain("Invalid email or password");
  });

  test("the CSV import takes up to 64 MB, chunked too, and refuses more with 413", async () => {
    const u = await t.signUp();
    const csv = "emailAddress,name\n" + Array.from({ length: 20_000 }, (_, i) => `p${i}@example.com,Person ${i}`).join("\n");
    const stream = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode(csv)), c.close()) });
    const ok = await post("/api/participants/import?dryRun=1", stream, { "content-type": "text/csv", cookie: u.cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ imported: 20_000, dryRun: true });
    const big = chunked(65 * 1024 * 1024, "a,");
    const refused = await post("/api/participants/import?dryRun=1", big.stream, { "content-type": "text/csv", cookie: u.cookie });
    expect(refused.status).toBe(413);
    const declared = await post("/api/participants/import?dryRun=1", "a,".repeat(32.5 * 1024 * 1024), { "content-type": "text/csv", cookie: u.cookie });
    expect(declared.status).toBe(413);
  });

  test("a chunked multipart CV upload is taken within the upload limit, and refused over it (issue 59 item 11)", async () => {
    const u = await t.signUp();
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "chunked-cv", name: "Ada Lovelace", emailAddress: "ada.chunked@example.com" });
    const multipart = async (bytes: Uint8Array) => {
      const form = new FormData();
      form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "cv.txt"));
      const r = new Response(form);
      const type = r.headers.get("content-type")!;
      const whole = new Uint8Array(await r.arrayBuffer());
      const stream = new ReadableStream<Uint8Array>({
        start: (c) => {
          for (let at = 0; at < whole.length; at += 64 * 1024) c.enqueue(whole.subarray(at, at + 64 * 1024));
          c.close();
        },
      });
      return fetch(`${base()}/api/participants/${p.id}/files`, { method: "POST", body: stream, headers: { origin: base(), cookie: u.cookie, "content-type": type }, duplex: "half" } as RequestInit);
    };
    const ok = await multipart(new TextEncoder().encode("Ada Lovelace\nKubernetes, Go, Postgres\n"));
    expect([ok.status, ok.status === 201 ? "" : await ok.clone().text()]).toEqual([201, ""]);
    expect(((await ok.json()) as { file: { name: string; type: string } }).file).toMatchObject({ name: "cv.txt", type: "txt" });
    const over = await multipart(new Uint8Array(11 * 1024 * 1024).fill(65));
    expect(over.status).toBe(413);
  });
});
