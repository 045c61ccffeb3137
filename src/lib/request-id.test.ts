// Request ids: one per request, in the X-Request-Id header, the error envelope and every log
// line written while the request is served, also after awaits in the services it calls.
import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { httpPlugin } from "./http";
import { createLogger, type LogLevel } from "./log";
import { AppError } from "./errors";
import { makeTestApp } from "../../test/helpers";

function appWithLog(level: LogLevel = "info") {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({ level, out: (line) => lines.push(JSON.parse(line)) });
  const app = new Elysia()
    .use(httpPlugin({ appUrl: "http://localhost", secure: false, log, renderError: (status, message) => new Response(message, { status }) }))
    .get("/api/work", async () => {
      log.info("step one");
      await Bun.sleep(5);
      log.warn("step two, after an await");
      return { ok: true };
    })
    .get("/api/fails", async () => {
      await Bun.sleep(1);
      throw new AppError("conflict", 409, "Already booked");
    })
    .get("/api/crash", () => {
      throw new Error("database exploded");
    });
  return { app, lines, log };
}

const get = (app: { handle(r: Request): Promise<Response> }, path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://localhost${path}`, { headers }));

describe("request ids", () => {
  test("every log line of a request carries its id, which is also the X-Request-Id header", async () => {
    const { app, lines } = appWithLog();
    const [a, b] = await Promise.all([get(app, "/api/work"), get(app, "/api/work")]);
    const ids = [a.headers.get("x-request-id"), b.headers.get("x-request-id")];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    await Bun.sleep(20);
    for (const id of ids) {
      const mine = lines.filter((l) => l.requestId === id).map((l) => l.msg);
      expect(mine.sort()).toEqual(["request", "step one", "step two, after an await"]);
    }
    expect(lines.every((l) => typeof l.requestId === "string")).toBe(true);
  });

  test("the error envelope has requestId; a 500 logs the same id; a good incoming id is kept", async () => {
    const { app, lines } = appWithLog();
    const conflict = await get(app, "/api/fails", { "x-request-id": "proxy-id-12345678" });
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get("x-request-id")).toBe("proxy-id-12345678");
    expect(await conflict.json()).toEqual({ message: "Already booked", code: "conflict", requestId: "proxy-id-12345678" });

    const crash = await get(app, "/api/crash", { "x-request-id": "bad id with spaces" });
    const id = crash.headers.get("x-request-id")!;
    expect(id).not.toBe("bad id with spaces");
    const body = await crash.json();
    expect(body.requestId).toBe(id);
    expect(body.message).not.toContain("exploded");
    await Bun.sleep(20);
    expect(lines.find((l) => l.msg === "unhandled error")!.requestId).toBe(id);
    expect(lines.find((l) => l.msg === "request" && l.requestId === id)!.status).toBe(500);
  });

  test("LOG_LEVEL drops the lines below it", async () => {
    const { app, lines } = appWithLog("warn");
    await get(app, "/api/work");
    await Bun.sleep(20);
    expect(lines.map((l) => l.msg)).toEqual(["step two, after an await"]);
  });

  test("the whole app answers with X-Request-Id and puts it in validation errors", async () => {
    const t = makeTestApp();
    const res = await t.request("/api/auth/login", { json: { email: "nope" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("validation_failed");
    expect(body.requestId).toBe(res.headers.get("x-request-id")!);
    const page = await t.request("/login");
    expect(page.headers.get("x-request-id")).toBeTruthy();
  });
});
