import type { DB } from "../db/client";
import { isBusyError } from "../db/busy";
import { type Clock } from "./clock";
import type { Logger } from "./log";
import { DeliveryPump } from "./delivery-pump";
import { newBoot, takeBackDeadLeases, type WorkerBoot } from "./worker-boot";
import { CLAIM_SQL, DUE_SQL, NEXT_DUE_SQL, type Claimed } from "./task-claims";
import { runTry } from "./job-try";
import { registerRunner } from "./task-kinds";
import { type Job } from "./job-types";

export { PermanentFailure } from "./job-types";
export { defineJob } from "./task-kinds";
export type { Handler, Job, JobContext } from "./job-types";

export interface JobsOptions {
  clock: Clock;
  log: Logger;
  leaseMs?: number;
  timeoutMs?: number;
  /** At most this many tasks taken in one claim. */
  batch?: number;
  /** Tasks of one kind running at once, unless the kind says otherwise (RunOptions.concurrency). */
  concurrency?: number;
  /** Tasks running at once in this worker, all kinds together. */
  maxRunning?: number;
  /** The web of a split server writes tasks and never runs them: the worker process does. */
  enqueueOnly?: boolean;
}

const DEFAULT_LEASE_MS = 3 * 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_CONCURRENCY = 8;
const DEFAULT_MAX_RUNNING = 32;
/** How often a worker looks for leases held by a boot that died (besides at its start). */
const TAKE_BACK_EVERY_MS = 5000;

interface Running {
  kind: string;
  token: string;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * The worker of one process: after each commit that wrote tasks, when a task ends, and when the
 * next one falls due, it claims what its free slots allow and starts it without waiting for the
 * others, so a slow task holds only its own slot and its serial key. Several workers (processes)
 * may share the database: the claim, the lease token and the serial keys keep them apart, and the
 * boot on each lease lets a restarted worker take back at once what a dead one held.
 */
export class Jobs {
  private readonly pump: DeliveryPump;
  private readonly running = new Map<number, Running>();
  private readonly registered = new Map<string, Job<any>>();
  private readonly boot: WorkerBoot;
  private lastTakeBack = 0;
  private watcher: ReturnType<typeof setInterval> | null = null;
  readonly clock: Clock;

  constructor(
    private readonly db: DB,
    private readonly opts: JobsOptions,
  ) {
    this.clock = opts.clock;
    this.boot = newBoot(db.$client.filename);
    registerRunner(db.$client, this);
    this.pump = new DeliveryPump(
      "jobs",
      () => this.pass(),
      () => this.nextDue(),
      opts.clock,
      opts.log,
    );
  }

  /** This worker's boot (written on its leases and scheduled runs), its lock taken. */
  holdBoot(): string {
    this.boot.open();
    return this.boot.id;
  }

  /**
   * The kinds this worker runs, handed over by the features that do them (built with them, in
   * the composition root). An app built again on the same database replaces its handlers.
   */
  register(...jobs: Job<any>[]): void {
    for (const job of jobs) this.registered.set(job.kind.name, job);
  }

  kick(): void {
    if (!this.opts.enqueueOnly) this.pump.kick();
  }

  /**
   * For a worker in a process of its own: tasks written by another process (the web) are seen
   * within `everyMs` by SQLite's data_version, which changes only when another connection
   * commits (no table is read while nothing changes); a boot that died is looked for every few
   * seconds.
   */
  watch(everyMs = 100): void {
    if (this.watcher || this.opts.enqueueOnly) return;
    const version = this.db.$client.prepare<{ data_version: number }, []>("PRAGMA data_version");
    let seen = -1;
    this.watcher = setInterval(() => {
      try {
        const v = version.get()!.data_version;
        const stale = performance.now() - this.lastTakeBack >= TAKE_BACK_EVERY_MS;
        if (v !== seen || stale) this.kick();
        seen = v;
      } catch (e) {
        this.opts.log.error("jobs: watch failed", { error: e instanceof Error ? e.message : String(e) });
      }
    }, everyMs);
  }

  /** Runs what is due now and waits for what it started (and what those let start). */
  async runDue(): Promise<void> {
    this.kick();
    await this.settled();
  }

  private async settled(): Promise<void> {
    for (;;) {
      await this.pump.idle();
      if (!this.running.size) return;
      await Promise.race([...this.running.values()].map((r) => r.done));
    }
  }

  /**
   * Resolves when nothing due now is waiting or running (tests, the CLI), or when the worker
   * is stopped: a stopped pump ignores kicks, so tasks stay due and waiting for them would
   * loop on resolved promises forever, where no timer (not even a test's limit) can end it.
   * Each further round also waits for the next turn of the event loop, so timers and I/O
   * run between rounds whatever a pass does.
   */
  async idle(): Promise<void> {
    if (this.opts.enqueueOnly) return;
    await this.settled();
    while (!this.pump.stopped && this.hasDueNow()) {
      this.pump.kick();
      await this.settled();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Stops claiming and waits up to `graceMs` for the running tries; those still running are
   * released for the next start (their attempt not counted), so nothing is lost.
   */
  async stop(graceMs = 3000): Promise<void> {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    await this.pump.stop(graceMs);
    if (this.running.size) await Promise.race([Promise.all([...this.running.values()].map((r) => r.done)), Bun.sleep(graceMs)]);
    for (const [id, { token, controller }] of this.running) {
      controller.abort(new Error("The server is stopping"));
      this.db.$client.query("UPDATE tasks SET lease_until = NULL, lease_token = NULL, lease_boot = NULL, attempts = max(0, attempts - 1) WHERE id = ?1 AND lease_token = ?2").run(id, token);
    }
    this.running.clear();
    this.boot.close();
  }

  /** Deletes finished tasks older than `days` (with their mail rows, by cascade). */
  prune(days: number): number {
    const before = this.clock.now().getTime() - days * 86_400_000;
    return this.db.$client.query("DELETE FROM tasks WHERE status IN ('done', 'failed', 'skipped') AND created_at < ?1").run(before).changes;
  }

  /** Tasks waiting or failed, for /metrics and the monitor. */
  depth(): { waiting: number; failed: number; held: number } {
    const rows = this.db.$client.query<{ status: string; n: number }, []>("SELECT status, count(*) AS n FROM tasks WHERE status IN ('pending', 'retrying', 'failed', 'held') GROUP BY status").all();
    const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
    return { waiting: n("pending") + n("retrying"), failed: n("failed"), held: n("held") };
  }

  private jobFor(kind: string): Job<any> | undefined {
    return this.registered.get(kind);
  }

  private enabledJobs(): Job<any>[] {
    return [...this.registered.values()].filter((j) => !j.options.enabled || j.options.enabled());
  }

  /** The kinds this worker runs now, as the JSON the next-due SQL reads. */
  private kinds(): string {
    return JSON.stringify(this.enabledJobs().map((j) => j.kind.name));
  }

  /** Free slots by kind (only kinds with one), as the JSON object the claim reads. */
  private freeSlots(): Record<string, number> {
    const busy = new Map<string, number>();
    for (const r of this.running.values()) busy.set(r.kind, (busy.get(r.kind) ?? 0) + 1);
    const free: Record<string, number> = {};
    for (const j of this.enabledJobs()) {
      const n = (j.options.concurrency ?? this.opts.concurrency ?? DEFAULT_CONCURRENCY) - (busy.get(j.kind.name) ?? 0);
      if (n > 0) free[j.kind.name] = n;
    }
    return free;
  }

  private hasDueNow(): boolean {
    const all = Object.fromEntries(this.enabledJobs().map((j) => [j.kind.name, 1]));
    return !!this.db.$client.query(DUE_SQL).get(this.clock.now().getTime(), JSON.stringify(all));
  }

  private nextDue(): number | null {
    try {
      return this.db.$client.query<{ at: number | null }, [string]>(NEXT_DUE_SQL).get(this.kinds())?.at ?? null;
    } catch (e) {
      // The connection was closed without stop() (a CLI verb, a test): nothing more to do here.
      if (e instanceof Error && /closed database/i.test(e.message)) {
        void this.pump.stop(0);
        return null;
      }
      throw e;
    }
  }

  /**
   * Claims due tasks for the free slots, at most `limit` (the bench and the lease tests through
   * runDue). Nothing is written when nothing is due: the read comes first.
   */
  claim(limit = this.opts.batch ?? 10): Claimed[] {
    const free = this.freeSlots();
    const room = Math.min(limit, (this.opts.maxRunning ?? DEFAULT_MAX_RUNNING) - this.running.size);
    if (room <= 0 || !Object.keys(free).length) return [];
    const now = this.clock.now().getTime();
    const slots = JSON.stringify(free);
    if (!this.db.$client.query(DUE_SQL).get(now, slots)) return [];
    this.boot.open();
    const rows = this.db.$client.query<Claimed, [number, number, string, number, string]>(CLAIM_SQL).all(now + (this.opts.leaseMs ?? DEFAULT_LEASE_MS), now, slots, room, this.boot.id);
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Leases of workers that died (their boot's lock is free) are due again at once. */
  private takeBack(): void {
    try {
      const n = takeBackDeadLeases(this.db.$client, this.boot.id);
      if (n) this.opts.log.info("jobs: took back the tasks of a worker that stopped", { tasks: n });
    } catch (e) {
      if (isBusyError(e)) return; // again at the next pass
      // Not fatal: leases still run out on their own.
      this.opts.log.error("jobs: could not look for the leases of stopped workers", { error: e instanceof Error ? e.message : String(e) });
    }
    this.lastTakeBack = performance.now();
  }

  private async pass(): Promise<void> {
    try {
      if (performance.now() - this.lastTakeBack >= TAKE_BACK_EVERY_MS || this.lastTakeBack === 0) this.takeBack();
      for (;;) {
        const claimed = this.claim();
        if (!claimed.length) return;
        for (const c of claimed) this.start(c);
      }
    } catch (e) {
      if (!isBusyError(e)) throw e;
      // Another process (the web) is writing: try again in a moment, as often as it takes.
      setTimeout(() => this.kick(), 10 + Math.random() * 30);
    }
  }

  /** Runs one claimed task beside the others; its end frees its slot and looks for more. */
  private start(c: Claimed): void {
    const entry: Running = { kind: c.kind, token: c.leaseToken, controller: new AbortController(), done: Promise.resolve() };
    this.running.set(c.id, entry);
    entry.done = runTry({ db: this.db, clock: this.clock, log: this.opts.log, timeoutMs: this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS }, this.jobFor(c.kind), c, entry.controller)
      .catch((e) => this.opts.log.error("task run failed", { id: c.id, error: e instanceof Error ? e.message : String(e) }))
      .finally(() => {
        if (this.running.get(c.id) === entry) this.running.delete(c.id);
        this.kick();
      });
  }
}
