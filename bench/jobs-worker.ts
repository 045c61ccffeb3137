// One worker process of bench/jobs.ts: opens the database, says "ready", waits for "go" on
// stdin, then claims and finishes every task it can and prints how many it did.
//   bun bench/jobs-worker.ts new|old <database>
import { openDatabase } from "../src/db/client";
import { systemClock } from "../src/lib/clock";
import { createLogger } from "../src/lib/log";
import { Jobs } from "../src/lib/jobs";
import { adHocKinds } from "../test/kits/ad-hoc-kinds";

const [mode, path] = process.argv.slice(2) as ["new" | "old", string];
const db = openDatabase(path!, { busyTimeoutMs: 10_000 });
const log = createLogger({ level: "silent" });
let done = 0;

async function runNew() {
  const jobs = new Jobs(db, { clock: systemClock, log, batch: 10 });
  adHocKinds(jobs).register("bench.noop", async () => void done++);
  await jobs.idle();
}

/**
 * The queues as they were before the task table (work_queue / outbox): the same claim SQL
 * (delivery-policy.ts claimDue), a read of the row, the handler, and a final write matched on
 * id only. Kept here as the baseline.
 */
async function runOld() {
  const claim = db.$client.query<{ id: number }, [number, number, number]>(
    `UPDATE old_queue SET lease_until = ?1, attempts = attempts + 1
     WHERE id IN (SELECT id FROM old_queue
                  WHERE status IN ('pending', 'retrying') AND next_attempt_at <= ?2 AND (lease_until IS NULL OR lease_until <= ?2)
                  ORDER BY next_attempt_at, id LIMIT ?3)
     RETURNING id`,
  );
  const read = db.$client.query("SELECT * FROM old_queue WHERE id = ?1");
  const finish = db.$client.query("UPDATE old_queue SET status = 'done', done_at = ?2, lease_until = NULL, last_error = NULL WHERE id = ?1");
  for (;;) {
    const now = Date.now();
    const ids = claim.all(now + 120_000, now, 10).map((r) => r.id);
    if (!ids.length) return;
    await Promise.all(
      ids.map(async (id) => {
        read.get(id);
        await (async () => void done++)();
        finish.run(id, Date.now());
      }),
    );
  }
}

console.log("ready");
for await (const line of console) if (line.trim() === "go") break;
await (mode === "new" ? runNew() : runOld());
console.log(`done ${done}`);
db.$client.close();
process.exit(0);
