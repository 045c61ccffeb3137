import { Elysia } from "elysia";
import { existsSync, statSync } from "node:fs";
import { timingSafeEqual } from "node:crypto";
import type { Deps } from "./deps";
import type { AppMetrics } from "./lib/metrics";
import { outboxCounts } from "./lib/mail-stats";
import { buildCommit, VERSION } from "./version";
import { connectionStateCounts } from "./features/calendar/metrics";
import { mailboxStateCounts } from "./features/messages/service";
import { shipperOf } from "./db/shipper-hook";

/**
 * GET /metrics in the Prometheus text format. With METRICS_TOKEN set it needs
 * `Authorization: Bearer <token>`; without one it answers only to the loopback address
 * (a request that came through a proxy, which adds X-Forwarded-For or Forwarded, is refused).
 */
export function metricsRoutes(deps: Deps) {
  const metrics = deps.metrics;
  registerGauges(deps, metrics);
  return new Elysia({ name: "metrics" }).get("/metrics", async ({ request, server }) => {
    const refused = refusal(request, server, deps.config.METRICS_TOKEN);
    if (refused) return refused;
    return new Response(await metrics.text(), { headers: { "content-type": metrics.contentType, "cache-control": "no-store" } });
  });
}

function refusal(request: Request, server: { requestIP(r: Request): { address: string } | null } | null, token: string | undefined): Response | null {
  if (token) {
    const given = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
    if (sameSecret(given, token)) return null;
    return new Response("A bearer token (METRICS_TOKEN) is required\n", { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"' } });
  }
  if (isLoopback(request, server)) return null;
  return new Response("/metrics answers on the loopback address only; set METRICS_TOKEN to scrape it from elsewhere\n", { status: 403 });
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isLoopback(request: Request, server: { requestIP(r: Request): { address: string } | null } | null): boolean {
  if (request.headers.has("x-forwarded-for") || request.headers.has("forwarded") || request.headers.has("x-real-ip")) return false;
  // No server: an in-process call (app.handle), which is local by definition.
  if (!server) return true;
  const address = server.requestIP(request)?.address ?? "";
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/** The standby copy's state for /healthz (public: no location, only whether it keeps up). */
export function replicaHealth(deps: Deps): { up: boolean; lagSeconds: number } | null {
  const s = deps.config.replica ? shipperOf(deps.db.$client.filename)?.state() : undefined;
  return s ? { up: s.up, lagSeconds: Math.round(s.lagSeconds * 10) / 10 } : null;
}

// Once per registry: an app built again on the same infrastructure (a test) adds no second set.
const registered = new WeakSet<AppMetrics>();

function registerGauges(deps: Deps, metrics: AppMetrics) {
  if (registered.has(metrics)) return;
  registered.add(metrics);
  const build = { version: VERSION, commit: buildCommit() };
  metrics.gauge("frank_build_info", "The running version and the commit it was built from (always 1)", ["version", "commit"], () => [{ labels: build, value: 1 }]);
  metrics.gauge("frank_outbox_messages", "E-mails by delivery state (pending is the queue depth, failed the failures), from the tasks table", ["status"], () =>
    outboxCounts(deps.db).map((r) => ({ labels: { status: r.status }, value: r.count })),
  );
  metrics.gauge("frank_work_queue_items", "Every task (e-mail, calendar, webhooks) by state: waiting is the queue depth, failed the failures, held what a restore paused", ["status"], () => {
    const d = deps.jobs.depth();
    return [
      { labels: { status: "waiting" }, value: d.waiting },
      { labels: { status: "failed" }, value: d.failed },
      { labels: { status: "held" }, value: d.held },
    ];
  });
  metrics.gauge("frank_calendar_connections", "Connected calendars by sync state (stale: no successful sync for 15 minutes)", ["state"], () =>
    connectionStateCounts(deps).map((r) => ({ labels: { state: r.state }, value: r.count })),
  );
  metrics.gauge("frank_mailboxes", "Connected mailboxes by sync state (stale: no successful sync for 15 minutes)", ["state"], () =>
    mailboxStateCounts(deps).map((r) => ({ labels: { state: r.state }, value: r.count })),
  );
  // The standby copy (REPLICA_URL): nothing is reported when no shipper runs beside this database.
  const shipper = () => (deps.config.replica ? shipperOf(deps.db.$client.filename)?.state() : undefined);
  metrics.gauge("frank_replica_lag_seconds", "Seconds the oldest database change not yet on the standby copy has waited (0: the replica has everything Litestream copied)", [], () => {
    const s = shipper();
    return s ? [{ labels: {}, value: s.lagSeconds }] : [];
  });
  metrics.gauge("frank_replica_lag_bytes", "WAL bytes copied locally by Litestream and not yet on the standby copy", [], () => {
    const s = shipper();
    return s ? [{ labels: {}, value: s.lagBytes }] : [];
  });
  metrics.gauge("frank_replica_up", "1 while the WAL shipper (Litestream) runs and answers, else 0", [], () => {
    const s = shipper();
    return s ? [{ labels: {}, value: s.up ? 1 : 0 }] : [];
  });
  metrics.gauge("frank_replica_restarts", "Times the WAL shipper was started again after it stopped on its own", [], () => {
    const s = shipper();
    return s ? [{ labels: {}, value: s.restarts }] : [];
  });
  metrics.gauge("frank_database_size_bytes", "Size of the SQLite database on disk, by file (main and WAL)", ["file"], () => {
    const path = deps.config.DATABASE_PATH;
    const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
    return path === ":memory:"
      ? []
      : [
          { labels: { file: "main" }, value: size(path) },
          { labels: { file: "wal" }, value: size(`${path}-wal`) },
        ];
  });
}
