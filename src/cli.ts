// Frank's command line: serve | user create | migrate | backup | restore. The compiled binary has the same verbs.
import { parseArgs } from "node:util";
import { ConfigError, isLoopbackHost, loadConfig } from "./config/env";
import { createDeps } from "./bootstrap";
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

// Only `serve --demo` may invent a secret; every other verb needs APP_SECRET (config(false)).
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
    const deps = createDeps(cfg);
    if (cfg.demo) await seedDemo(deps);
    if (cfg.demo && !isLoopbackHost(cfg.HOST)) {
      // Demo mode signs anyone in as the demo recruiter and shows its mailbox: fine on a laptop, not on a network.
      console.warn(`Warning: demo mode is listening on ${cfg.HOST}, reachable from other machines. Anyone who can reach it can sign in as the demo account. Unset HOST to listen on 127.0.0.1 only.`);
    }
    const app = createApp(deps).listen({ port: cfg.PORT, hostname: cfg.HOST });
    const jobs = startJobs(deps);
    console.log(`Frank is running at ${cfg.APP_URL}${cfg.demo ? " (demo mode: sign in with Demo Login)" : ""}`);
    // Kick both workers at start: rows left by a previous process are delivered now.
    void deps.mail.deliverDue();
    void deps.work.runDue();
    const stop = async () => {
      jobs.stop();
      await app.stop();
      // A hung SMTP server or Google must not hold the shutdown: what is still in flight
      // after the grace time is released for the next start.
      await Promise.all([deps.mail.stop(3000), deps.work.stop(3000)]);
      deps.db.$client.close();
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
    const deps = createDeps(config(false), { quiet: true });
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
    createDeps(config(false), { quiet: true });
    console.log("Database is up to date.");
    return;
  }
  if (verb === "backup") process.exit(await backupCommand(config(false)));
  if (verb === "restore") process.exit(restoreCommand(config(false), sub));
  console.error(USAGE);
  process.exit(verb ? 2 : 0);
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
