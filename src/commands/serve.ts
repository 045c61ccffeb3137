// `frank serve`: the web and the task worker. By default the web answers in this process and in
// WEB_PROCESSES - 1 more web processes sharing its port, and the worker runs in a child; this
// process supervises them all (commands/children.ts), so a slow or stuck task never shares a
// thread that answers pages, and a child killed with SIGKILL is started again while the others
// keep answering. `--role` runs one part alone (two containers on one data volume) or, with
// `all`, both in one process as before.
import { isLoopbackHost, type Config } from "../config/env";
import { UsageError } from "./usage";
import { listenOnPort, portFree, stopListening } from "./listen";

export type Role = "web" | "worker" | "all";

export function parseRole(value: string | undefined): Role | "split" {
  if (value === undefined) return "split";
  if (value === "web" || value === "worker" || value === "all") return value;
  throw new UsageError(`--role must be one of: web, worker, all (not ${JSON.stringify(value)})`);
}

/** How long a stopping worker waits for running tasks before it releases them for the next start. */
const STOP_GRACE_MS = 3000;

export async function serveCommand(cfg: Config, role: Role | "split"): Promise<number> {
  const [{ createDeps }, { createApp, scheduledOf, workerParts }, { startJobs }, children] = await Promise.all([
    import("../bootstrap"),
    import("../app"),
    import("../scheduled-tasks"),
    import("./children"),
  ]);
  if (role === "worker") return serveWorker(cfg, createDeps, workerParts, startJobs);
  if (role === "web" && process.env[children.WEB_CHILD_ENV]) return serveWebChild(cfg, createDeps, createApp);
  const [{ acquireServeLock }, { seedDemo }] = await Promise.all([import("../db/serve-lock"), import("../demo")]);
  // One parent per database file (refused, naming the file, while another one serves it); its web children share its port.
  const lock = acquireServeLock(cfg.DATABASE_PATH);
  const webProcesses = role === "all" ? 1 : cfg.webProcesses;
  const deps = createDeps(cfg, { enqueueOnly: role !== "all", sharedLimits: webProcesses > 1 });
  const built = createApp(deps);
  if (cfg.demo) await seedDemo(built.features.scheduling.api.deps);
  // The standby copy (REPLICA_URL): Litestream ships the WAL beside the database (decision 43).
  const replica = cfg.replica ? await (await import("../features/monitor/replica-shipper")).startStandbyCopy(cfg, deps) : null;
  if (cfg.demo && !isLoopbackHost(cfg.HOST)) {
    // Demo mode signs anyone in as the demo recruiter and shows its mailbox: fine on a laptop, not on a network.
    console.warn(`Warning: demo mode is listening on ${cfg.HOST}, reachable from other machines. Anyone who can reach it can sign in as the demo account. Unset HOST to listen on 127.0.0.1 only.`);
  }
  if (webProcesses > 1) await portFree(cfg);
  const app = listenOnPort(built, cfg, { shared: webProcesses > 1, first: true });
  // The other processes start once the migrations are applied and the port is ours.
  const opts = { demo: cfg.demo, secret: cfg.APP_SECRET, log: deps.log };
  const worker = role === "split" ? children.startWorkerChild(opts) : null;
  const webs = children.startWebChildren(webProcesses, opts);
  const scheduled = role === "all" ? startJobs(deps, scheduledOf(built.features)) : null;
  // This process or the worker runs the participants sync on its schedule: the monitor page says so.
  built.features.monitor.api.sync.markScheduled();
  console.log(`Frank is running at ${cfg.APP_URL}${cfg.demo ? " (demo mode: sign in with Demo Login)" : ""}${webProcesses > 1 ? ` (${webProcesses} web processes)` : ""}`);
  if (cfg.filesS3) console.log(`Candidates' files are kept in ${(await import("../config/files-s3")).describeFilesS3(cfg.filesS3)}`);
  if (role === "all") {
    // Rows left by a previous process are delivered now; rows written by other processes are seen as they commit.
    deps.jobs.watch();
    void deps.jobs.runDue();
  }
  const stop = async () => {
    scheduled?.stop();
    await stopListening(app);
    // A hung SMTP server or Google must not hold the shutdown: what is still in flight
    // after the grace time is released for the next start.
    await Promise.all([deps.jobs.stop(STOP_GRACE_MS), worker?.stop(STOP_GRACE_MS), ...webs.map((w) => w.stop(STOP_GRACE_MS))]);
    deps.mail.close();
    deps.db.$client.close();
    deps.limitStore.close();
    // After the server's last write: Litestream ships it before it exits.
    await replica?.stop();
    lock.release();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return -1; // keeps running
}

/**
 * A web process started by the parent (WEB_PROCESSES > 1): it answers on the parent's port, writes
 * tasks for the worker, and counts limits in the shared file. The parent holds the serve lock,
 * applied the migrations, seeded the demo and runs the standby copy.
 */
async function serveWebChild(cfg: Config, createDeps: typeof import("../bootstrap").createDeps, createApp: typeof import("../app").createApp): Promise<number> {
  const { parentGone } = await import("./children");
  const deps = createDeps(cfg, { enqueueOnly: true, sharedLimits: true });
  const built = createApp(deps);
  const app = listenOnPort(built, cfg, { shared: true, first: false });
  built.features.monitor.api.sync.markScheduled();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopListening(app);
    deps.mail.close();
    deps.db.$client.close();
    deps.limitStore.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  void parentGone().then(stop);
  return -1;
}

async function serveWorker(
  cfg: Config,
  createDeps: typeof import("../bootstrap").createDeps,
  workerParts: typeof import("../app").workerParts,
  startJobs: typeof import("../scheduled-tasks").startJobs,
): Promise<number> {
  const { SUPERVISED_ENV, parentGone } = await import("./children");
  // Like the web, the worker never sleeps in SQLite for the lock (decision 14): a busy claim is
  // tried again in a moment, and a try's end waits without holding the thread, so the replies of
  // the tasks in flight are read on time.
  const deps = createDeps(cfg);
  // The features hand the worker their kinds of task and scheduled work; no web app is built.
  const parts = workerParts(deps);
  deps.jobs.register(...parts.jobs);
  deps.jobs.watch();
  void deps.jobs.runDue();
  const scheduled = startJobs(deps, parts);
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
