// The request log and /metrics count the status that was sent (issue 37): a page a handler
// answers with its own status (404 for another workspace's interview) is counted as that.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../test/helpers";

describe("the status counted is the status sent", () => {
  test("Interview Not Found for another workspace's interview: 404 on the wire, in the log and in /metrics", async () => {
    const t = makeTestApp();
    const logged: { path?: string; status?: number }[] = [];
    // The request log line goes through deps.log (quiet in tests): listen to it here.
    t.deps.log.info = (msg, data) => void (msg === "request" && logged.push(data as { path?: string; status?: number }));
    const other = await t.signUp();
    for (const headers of [{}, { "accept-encoding": "gzip, br" }] as Record<string, string>[]) {
      const res = await t.request(`/interview-details/${"m".repeat(22)}`, { cookie: other.cookie, headers });
      expect(res.status).toBe(404);
      expect(await res.text()).toBeDefined();
    }
    await Bun.sleep(20); // requests are counted after their response is sent
    const metrics = await (await t.request("/metrics")).text();
    expect(metrics).toContain('frank_http_requests_total{method="GET",route="/interview-details/:id",status="404"} 2');
    expect(metrics).not.toContain('route="/interview-details/:id",status="200"');
    expect(logged.filter((l) => l.path?.startsWith("/interview-details/")).map((l) => l.status)).toEqual([404, 404]);
  });
});
