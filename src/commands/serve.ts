// `frank serve`: the web and the task worker. By default the web answers in this process and the
// worker runs in a child it supervises (commands/worker-child.ts), so a slow or stuck task never
// shares the thread that answers pages, and a worker killed with SIGKILL is started again while
// the web keeps answering. `--role` runs one part alone (two containers on one data volume) or,
// with `all`, both in one process as before.
import { isLoopbackHost, type Config } from "../config/env";
import { UsageError } from "./usage";
import { markSyncScheduled } from "../features/monitor/sync";

export type Role = "web" | "worker" | "all";

export function parseRole(value: string | undefined): Role | "split" {
  if (value === undefined) return "split";
  if (value === "web" || value === "worker" || value === "all") return value;
  throw new UsageError(`--role must be one of: web, worker, all (not ${JSON.stringify(value)})`);
}

/** How long a stopping worker waits for running tasks before it releases them for the next start. */
const STOP_GRACE_MS = 3000;

export async function serveCommand(cfg: Config, role: Role | "split"): Promise<number> {
  const [{ createDeps }, { createApp, featureJobs }, { startJobs }] = await Promise.all([import("../bootstrap"), import("../app"), import("../scheduled-tasks")]);
  if (role === "worker") return serveWorker(cfg, createDeps, featureJobs, startJobs);
  const [{ acquireServeLock }, { seedDemo }, { startWorkerChild }] = await Promise.all([import("../db/serve-lock"), import("../demo"), import("./worker-child")]);
  // One web server per database file (refused, naming the file, while another one serves it).
  const lock = acquireServeLock(cfg.DATABASE_PATH);
  const deps = createDeps(cfg, { enqueueOnly: role !== "all" });
  const built = createApp(deps);
  if (cfg.demo) await seedDemo(built.features.scheduling.api.deps);
  // The standby copy (REPLICA_URL): Litestream ships the WAL beside the database (decision 43).
  const replica = cfg.replica ? await (await import("../features/monitor/replica-shipper")).startStandbyCopy(cfg, deps) : null;
  if (cfg.demo && !isLoopbackHost(cfg.HOST)) {
    // Demo mode signs anyone in as the demo recruiter and shows its mailbox: fine on a laptop, not on a network.
    console.warn(`Warning: demo mode is listening on ${cfg.HOST}, reachable from other machines. Anyone who can reach it can sign in as the demo account. Unset HOST to listen on 127.0.0.1 only.`);
  }
  // Elysia shares the port by default (SO_REUSEPORT): a second Frank on the same port would
  // silently take half the requests, so a taken port is an error here.
  const app = built.listen({ port: cfg.PORT, hostname: cfg.HOST, reusePort: false });
  // The worker starts once the migrations are applied and the port is ours.
  const child = role === "split" ? startWorkerChild({ demo: cfg.demo, secret: cfg.APP_SECRET, log: deps.log }) : null;
  const scheduled = role === "all" ? startJobs(deps) : null;
  // The worker runs the participants sync on its schedule: the monitor page of this process says so.
  if (role !== "all") markSyncScheduled(deps);
  console.log(`Frank is running at ${cfg.APP_URL}${cfg.demo ? " (demo mode: sign in with Demo Login)" : ""}`);
  if (cfg.filesS3) console.log(`Candidates' files are kept in ${(await import("../config/files-s3")).describeFilesS3(cfg.filesS3)}`);
  if (role === "all") {
    // Rows left by a previous process are delivered now; rows written by other processes are seen as they commit.
    deps.jobs.watch();
    void deps.jobs.runDue();
  }
  const stop = async () => {
    scheduled?.stop();
    await app.stop();
    // A hung SMTP server or Google must not hold the shutdown: what is still in flight
    // after the grace time is released for the next start.
    await Promise.all([deps.jobs.stop(STOP_GRACE_MS), child?.stop(STOP_GRACE_MS)]);
    deps.mail.close();
    deps.db.$client.close();
    // After the server's last write: Litestream ships it before it exits.
    await replica?.stop();
    lock.release();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return -1; // keeps running
}

async function serveWorker(
  cfg: Config,
  createDeps: typeof import("../bootstrap").createDeps,
  featureJobs: typeof import("../app").featureJobs,
  startJobs: typeof import("../scheduled-tasks").startJobs,
): Promise<number> {
  const { SUPERVISED_ENV, parentGone } = await import("./worker-child");
  // Like the web, the worker never sleeps in SQLite for the lock (decision 14): a busy claim is
  // tried again in a moment, and a try's end waits without holding the thread, so the replies of
  // the tasks in flight are read on time.
  const deps = createDeps(cfg);
  // The features hand the worker their kinds of task; no web app is built.
  deps.jobs.register(...featureJobs(deps));
  deps.jobs.watch();
  void deps.jobs.runDue();
  const scheduled = startJobs(deps);
  const supervised = !!process.env[SUPERVISED_ENV];
  if (!supervised) console.log("Frank's worker is running");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    scheduled.stop();
    await deps.jobs.stop(STOP_GRACE_MS);
    deps.mail.close();
    deps.db.$client.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Started by `frank serve`: when that process ends, however it ends, so does this one.
  if (supervised) void parentGone().then(stop);
  return -1;
}
