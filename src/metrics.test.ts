// GET /metrics: parsed with a Prometheus text-format parser, as a scraper reads it.
import { describe, expect, test } from "bun:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { makeTestApp } from "../test/helpers";
import { createApp } from "./app";
import { runScheduled } from "./scheduled-tasks";
import pkg from "../package.json";

const family = (text: string, name: string) => parsePrometheusTextFormat(text).find((f) => f.name === name);

describe("/metrics", () => {
  test("HTTP requests by route pattern and status, with a latency histogram, mailMessages, jobs and database size", async () => {
    const t = makeTestApp();
    const { cookie } = await t.signUp();
    await t.request("/api/auth/me", { cookie });
    await t.request("/api/auth/me");
    await t.request("/book/AbCdEfGhIjKlMnOpQrStUvWx");
    await t.request("/no/such/page");
    t.deps.metrics.observeJob("database-backup", true, 0.2);
    t.deps.metrics.observeJob("calendar-sync", false, 1.5);
    await Bun.sleep(20); // requests are counted after their response is sent

    const res = await t.request("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
    const text = await res.text();

    const requests = family(text, "frank_http_requests_total")!;
    expect(requests.type).toBe("COUNTER");
    const me = requests.metrics.filter((m) => m.labels?.route === "/api/auth/me");
    expect(me.map((m) => `${m.labels!.method} ${m.labels!.status} ${m.value}`).sort()).toEqual(["GET 200 1", "GET 401 1"]);
    // Route patterns, never raw paths: a booking token must not become a label.
    expect(text).not.toContain("AbCdEfGhIjKlMnOpQrStUvWx");
    expect(requests.metrics.some((m) => m.labels?.route === "/book/:token")).toBe(true);
    expect(requests.metrics.some((m) => m.labels?.route === "unmatched" && m.labels.status === "404")).toBe(true);

    const latency = family(text, "frank_http_request_duration_seconds")!;
    expect(latency.type).toBe("HISTOGRAM");
    expect(Object.keys(latency.metrics[0]!.buckets!)).toContain("+Inf");
    // The parser folds the label sets of a histogram into one, so the series are read from the text.
    expect(text).toContain('frank_http_request_duration_seconds_count{method="GET",route="/api/auth/me",status="200"} 1');
    expect(text).toMatch(/frank_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/auth\/me",status="401"\} 1/);

    const mailMessages = family(text, "frank_outbox_messages")!;
    expect(mailMessages.type).toBe("GAUGE");
    expect(Array.isArray(mailMessages.metrics)).toBe(true);

    const runs = family(text, "frank_scheduled_job_runs_total")!;
    expect(runs.metrics.find((m) => m.labels?.job === "calendar-sync")!.labels!.result).toBe("failed");
    expect(family(text, "frank_scheduled_job_duration_seconds")!.type).toBe("HISTOGRAM");
    expect(text).toContain('frank_scheduled_job_duration_seconds_sum{job="database-backup"} 0.2');

    const build = family(text, "frank_build_info")!.metrics[0]!;
    expect(build.labels!.version).toBe(pkg.version);
    expect(build.value).toBe("1");

    const size = family(text, "frank_database_size_bytes")!;
    const bytes = (file: string) => Number(size.metrics.find((m) => m.labels?.file === file)!.value);
    expect(bytes("main")).toBeGreaterThanOrEqual(4096);
    expect(bytes("main") + bytes("wal")).toBeGreaterThan(4096);
  });

  test("the mailMessages gauge counts messages by delivery state", async () => {
    const t = makeTestApp();
    const { cookie: _ } = await t.signUp();
    await t.request("/api/auth/forgot-password", { json: { email: "nobody@example.com" } });
    const user = await t.signUp();
    await t.request("/api/auth/forgot-password", { json: { email: user.email } });
    const mailMessages = family(await (await t.request("/metrics")).text(), "frank_outbox_messages")!;
    const total = mailMessages.metrics.reduce((n, m) => n + Number(m.value), 0);
    expect(total).toBe(1);
  });

  test("with METRICS_TOKEN a bearer token is required", async () => {
    const t = makeTestApp({ METRICS_TOKEN: "metrics-token-0123456789" });
    expect((await t.request("/metrics")).status).toBe(401);
    expect((await t.request("/metrics", { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    const ok = await t.request("/metrics", { headers: { authorization: "Bearer metrics-token-0123456789" } });
    expect(ok.status).toBe(200);
    expect(family(await ok.text(), "frank_http_requests_total")).toBeDefined();
  });

  test("without a token, only the loopback address is answered; a proxied request is refused", async () => {
    const t = makeTestApp();
    const server = createApp(t.deps).listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const base = `http://127.0.0.1:${server.server!.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(403);
    } finally {
      await server.stop();
    }
  });

  test("a scheduled run is counted, as done or failed, with its time", async () => {
    const t = makeTestApp();
    t.clock.set(new Date("2031-01-01T10:00:00Z"));
    expect(await runScheduled(t.deps, { name: "counted-job", pattern: "* * * * *", run: () => {} })).toBe(true);
    expect(await runScheduled(t.deps, { name: "failing-job", pattern: "* * * * *", run: () => Promise.reject(new Error("no")) })).toBe(true);
    const text = await (await t.request("/metrics")).text();
    const runs = family(text, "frank_scheduled_job_runs_total")!.metrics.map((m) => [m.labels?.job, m.labels?.result, m.value]);
    expect(runs).toContainEqual(["counted-job", "ok", "1"]);
    expect(runs).toContainEqual(["failing-job", "failed", "1"]);
  });
});
