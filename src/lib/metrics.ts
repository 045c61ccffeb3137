// prom-client's index also loads its push gateway, cluster aggregator and default metrics
// (~150 ms of start-up under Bun); the four classes used here load in ~15 ms from their files.
import Registry from "prom-client/lib/registry";
import Counter from "prom-client/lib/counter";
import Gauge from "prom-client/lib/gauge";
import Histogram from "prom-client/lib/histogram";

/**
 * The Prometheus metrics of one app (tests run several apps in one process, so each has its
 * own registry instead of prom-client's global one). Gauges that read the database are
 * computed when /metrics is scraped, never on a timer.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: "frank_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: "frank_http_request_duration_seconds",
    help: "Time from receiving a request to its response, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: "frank_scheduled_job_runs_total",
    help: "Runs of the scheduled jobs, by job and result (ok or failed)",
    labelNames: ["job", "result"] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: "frank_scheduled_job_duration_seconds",
    help: "Duration of the scheduled job runs, by job",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  observeRequest(r: { method: string; route: string; status: number; seconds: number }) {
    const labels = { method: r.method, route: r.route, status: String(r.status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, r.seconds);
  }

  observeJob(job: string, ok: boolean, seconds: number) {
    this.jobRuns.inc({ job, result: ok ? "ok" : "failed" });
    this.jobDuration.observe({ job }, seconds);
  }

  /** A gauge whose values are read at scrape time; `read` returns one value per label set. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Array<{ labels: Record<L, string>; value: number }>) {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const v of read()) this.set(v.labels as Partial<Record<L, string>>, v.value);
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
