// A worker in a process of its own that claims the tasks of one kind and never finishes them:
// `bun test/kits/hold-a-lease.ts <database> <kind>`. It prints "claimed <id>" for each; a test
// kills it (SIGKILL) to see what another worker does with the leases it held.
import { openDatabase } from "../../src/db/client";
import { Jobs } from "../../src/lib/jobs";
import { systemClock } from "../../src/lib/clock";
import { createLogger } from "../../src/lib/log";
import { adHocKinds } from "./ad-hoc-kinds";

const [path, kind] = process.argv.slice(2);
const db = openDatabase(path!, { busyTimeoutMs: 2000 });
const jobs = new Jobs(db, { clock: systemClock, log: createLogger({ quiet: true }), timeoutMs: 600_000 });
adHocKinds(jobs).register(kind!, async (p) => {
  console.log(`claimed ${String(p.id)}`);
  await new Promise(() => {});
});
jobs.kick();
setInterval(() => {}, 1000);
