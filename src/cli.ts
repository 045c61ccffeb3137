// Frank's command line: serve | user create | migrate | backup | restore. The compiled binary has the same verbs.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config/env";
import { CLI_BUSY_TIMEOUT_MS, createDeps } from "./bootstrap";
import { acquireServeLock } from "./db/serve-lock";
import { createApp } from "./app";
import { seedDemo } from "./demo";
import { startJobs } from "./jobs";
import { createUser } from "./features/auth/service";
import { CreateUserInput } from "./features/auth/model";
import { AppError } from "./lib/errors";
import { backupCommand, restoreCommand } from "./features/monitor/cli";

const USAGE = `Usage:
  frank serve [--demo]                                  start the server (applies migrations first)
  frank user create --email E --password P [--name N]   create an account and its workspace
  frank migrate                                         apply database migrations
  frank backup                                          write a database backup into the data folder
  frank restore FILE                                    replace the database with a backup (server stopped)`;

function config(demo: boolean) {
  try {
    return loadConfig(process.env, { demo });
  } catch (e) {
    if (e instanceof ConfigError) {
      for (const line of e.message.split("\n")) console.error(`Invalid configuration: ${line}`);
      process.exit(1);
    }
    throw e;
  }
}

async function main(argv: string[]) {
  const [verb, sub] = argv;
  if (verb === "serve") {
    const { values } = parseArgs({ args: argv.slice(1), options: { demo: { type: "boolean", default: false } } });
    const cfg = config(!!values.demo);
    // One server per database file (refused, naming the file, while another one serves it).
    const lock = acquireServeLock(cfg.DATABASE_PATH);
    const deps = createDeps(cfg);
    if (cfg.demo) await seedDemo(deps);
    // reusePort off: a second server on the same port fails instead of sharing its requests.
    const app = createApp(deps).listen({ port: cfg.PORT, hostname: cfg.HOST, reusePort: false });
    const jobs = startJobs(deps);
    console.log(`Frank is running at ${cfg.APP_URL}${cfg.demo ? " (demo mode: sign in with Demo Login)" : ""}`);
    const stop = async () => {
      jobs.stop();
      await app.stop();
      await deps.mail.idle();
      deps.db.$client.close();
      lock.release();
      process.exit(0);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    return;
  }
  if (verb === "user" && sub === "create") {
    const { values } = parseArgs({
      args: argv.slice(2),
      options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    });
    const parsed = CreateUserInput.safeParse(values);
    if (!parsed.success) {
      for (const i of parsed.error.issues) console.error(`${i.path.join(".") || "input"}: ${i.message}`);
      process.exit(2);
    }
    const deps = createDeps(config(!process.env.APP_SECRET), { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
    try {
      const user = await createUser(deps, parsed.data);
      console.log(`Created ${user.email} (user ${user.id}, workspace ${user.workspaceId})`);
    } catch (e) {
      if (e instanceof AppError) {
        console.error(e.message);
        process.exit(1);
      }
      throw e;
    }
    return;
  }
  if (verb === "migrate") {
    createDeps(config(!process.env.APP_SECRET), { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS }).db.$client.close();
    console.log("Database is up to date.");
    return;
  }
  if (verb === "backup") process.exit(await backupCommand(config(!process.env.APP_SECRET)));
  if (verb === "restore") process.exit(restoreCommand(config(!process.env.APP_SECRET), sub));
  console.error(USAGE);
  process.exit(verb ? 2 : 0);
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
