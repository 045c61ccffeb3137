// Frank's command line; the compiled binary has the same verbs. Every verb parses its options
// and checks the whole configuration before it opens or starts anything.
//
// Only what help, version, healthcheck and configuration errors need is imported up front;
// the server and the database load with the verb that uses them, so `frank healthcheck`
// (run by a container every few seconds) and a mistyped command answer at once.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, type Config } from "./config/env";
import { HELP, USAGE, UsageError } from "./commands/usage";
import { healthcheck } from "./commands/healthcheck";
import { versionLine } from "./version";
import { DEFAULT_PORT, portOfLocalUrl } from "./config/port";

/** The configuration, or the process ends with one plain line per bad value. */
function config(demo: boolean, dataSecret = false): Config {
  try {
    return loadConfig(process.env, { demo, dataSecret });
  } catch (e) {
    if (e instanceof ConfigError) {
      for (const line of e.message.split("\n")) console.error(line);
      process.exit(1);
    }
    throw e;
  }
}

/**
 * Verbs other than `serve --demo` never invent a secret: without APP_SECRET they use the one a
 * demo server kept in the data folder (as that server does), else they refuse to run.
 */
const toolConfig = () => config(false, true);

function unknown(what: string, usage = USAGE): number {
  console.error(`unknown command: ${what}\n\n${usage}`);
  return 2;
}

// The verb being run, so a usage error shows that verb's help rather than the whole list.
let current: string | undefined;
const usageOf = () => (current && HELP[current]) || USAGE;

async function serve(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { demo: { type: "boolean", default: false }, role: { type: "string" } } });
  const { parseRole, serveCommand } = await import("./commands/serve");
  const role = parseRole(values.role);
  return serveCommand(config(!!values.demo), role);
}

async function run(argv: string[]): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb === undefined) {
    console.log(USAGE);
    return 0;
  }
  if (verb === "-h" || verb === "--help") {
    console.log(USAGE);
    return 0;
  }
  if (verb === "-v" || verb === "--version" || verb === "version") {
    console.log(versionLine());
    return 0;
  }
  if (verb === "help") {
    const topic = rest[0];
    if (!topic) console.log(USAGE);
    else if (HELP[topic]) console.log(HELP[topic]);
    else return unknown(topic);
    return 0;
  }
  if (!HELP[verb]) return unknown(verb);
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(HELP[verb]);
    return 0;
  }
  current = verb;
  switch (verb) {
    case "serve":
      return serve(rest);
    case "migrate": {
      parseArgs({ args: rest, options: {} });
      const cfg = toolConfig();
      const { CLI_BUSY_TIMEOUT_MS, createDeps } = await import("./bootstrap");
      createDeps(cfg, { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS }).db.$client.close();
      console.log("Database is up to date.");
      return 0;
    }
    case "backup":
      parseArgs({ args: rest, options: {} });
      const cfg = toolConfig();
      const { backupCommand } = await import("./features/monitor/cli");
      return backupCommand(cfg);
    case "restore": {
      const { positionals, values } = parseArgs({ args: rest, allowPositionals: true, options: { "from-replica": { type: "boolean", default: false }, at: { type: "string" } } });
      const fromReplica = !!values["from-replica"];
      if (values.at !== undefined && !fromReplica) throw new UsageError("--at goes with --from-replica");
      if (fromReplica ? positionals.length !== 0 : positionals.length !== 1) throw new UsageError("frank restore needs one FILE or s3:// location, or --from-replica");
      const cfg = toolConfig();
      const { restoreCommand, restoreFromReplicaCommand } = await import("./features/monitor/cli");
      return fromReplica ? restoreFromReplicaCommand(cfg, values.at ?? null) : restoreCommand(cfg, positionals[0]);
    }
    case "user": {
      const [sub, ...args] = rest;
      if (!sub) throw new UsageError("frank user needs one of: create, list, reset-password, delete");
      const { parseUserArgs, runUserCommand } = await import("./commands/user");
      const cmd = parseUserArgs(sub, args);
      if (!cmd) return unknown(`user ${sub}`, HELP.user);
      const cfg = toolConfig();
      const { CLI_BUSY_TIMEOUT_MS, createDeps } = await import("./bootstrap");
      const deps = createDeps(cfg, { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
      try {
        return await runUserCommand(deps, cmd);
      } finally {
        deps.db.$client.close();
      }
    }
    case "workspace": {
      const [sub, ...args] = rest;
      if (!sub) throw new UsageError("frank workspace needs: list");
      const { parseWorkspaceArgs, runWorkspaceCommand } = await import("./commands/workspace");
      const cmd = parseWorkspaceArgs(sub, args);
      if (!cmd) return unknown(`workspace ${sub}`, HELP.workspace);
      const cfg = toolConfig();
      const { CLI_BUSY_TIMEOUT_MS, createDeps } = await import("./bootstrap");
      const deps = createDeps(cfg, { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
      try {
        return runWorkspaceCommand(deps, cmd);
      } finally {
        deps.db.$client.close();
      }
    }
    case "jobs": {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
      if (positionals.length > 1 || (positionals[0] !== undefined && positionals[0] !== "release")) throw new UsageError("frank jobs takes no subcommand or: release");
      const cfg = toolConfig();
      const { CLI_BUSY_TIMEOUT_MS, createDeps } = await import("./bootstrap");
      const { describeHeld, heldWork, releaseHeldWork } = await import("./lib/held-tasks");
      const deps = createDeps(cfg, { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
      try {
        if (positionals[0] === "release") console.log(`Released ${describeHeld(releaseHeldWork(deps.db.$client))}: the server sends them at its next pass.`);
        else {
          const held = heldWork(deps.db.$client);
          const any = held.emails + held.calendar + held.webhooks + held.other > 0;
          console.log(`Held: ${describeHeld(held)}.${any ? " Send them with: frank jobs release" : ""}`);
        }
        return 0;
      } finally {
        deps.db.$client.close();
      }
    }
    case "healthcheck":
      parseArgs({ args: rest, options: {} });
      return healthcheck(process.env);
  }
  return unknown(verb);
}

/** Errors a person can act on, in plain words; anything else is a bug and says so. */
function explain(e: unknown): { message: string; code: number } {
  if (e instanceof UsageError) return { message: `${e.message}\n\n${usageOf()}`, code: 2 };
  const code = (e as { code?: unknown })?.code;
  // parseArgs: unknown option, missing value, unexpected argument.
  if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) return { message: `${(e as Error).message}\n\n${usageOf()}`, code: 2 };
  if (typeof code === "string" && code.startsWith("SQLITE_")) {
    const path = process.env.DATABASE_PATH || "./data/frank.db";
    return { message: `Cannot open the database at ${path}: ${(e as Error).message}`, code: 1 };
  }
  if (code === "EADDRINUSE") return { message: `Cannot listen on port ${process.env.PORT || (portOfLocalUrl(process.env.APP_URL) ?? DEFAULT_PORT)}: it is already in use`, code: 1 };
  return { message: e instanceof Error ? e.message : String(e), code: 1 };
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e) => {
    const { message, code } = explain(e);
    console.error(message);
    process.exit(code);
  },
);
