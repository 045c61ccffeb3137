// The standby copy's drill, measured (decision 0043): a child server with REPLICA_URL (a folder)
// takes bookings from 4 lanes; the server and its Litestream are killed with SIGKILL together
// (the machine lost), the data folder deleted, and `frank restore --from-replica` run.
// Prints, per run: bookings acknowledged, how many the restored database lacks, the loss window
// (RPO: how long before the kill the oldest lost booking was acknowledged), the restore's wall
// time (RTO: the command, start to exit) and the replica's lag while booking.
// Usage: bun bench/replica.ts [--runs 3] [--book 8] [--pad 200]   (--pad: MB of filler in the database)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { replicaDrill } from "../test/kits/replica-drill";

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const RUNS = Number(arg("--runs", "3"));
const BOOK_S = Number(arg("--book", "8"));
const PAD_MB = Number(arg("--pad", "200"));
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : 0);

console.log(`Replica drill: ${BOOK_S} s of bookings (4 lanes), database padded with ${PAD_MB} MB, Litestream to a folder; ${RUNS} runs.`);
console.log("run | acknowledged | lost | RPO (oldest lost, ms before the kill) | RTO (restore, ms) | lag p50 s | lag max s");
for (let run = 1; run <= RUNS; run++) {
  const dir = mkdtempSync(join(tmpdir(), "frank-bench-replica-"));
  try {
    const r = await replicaDrill(dir, { bookMs: BOOK_S * 1000, padMB: PAD_MB, sessions: 1200 });
    const rpo = Math.max(0, ...r.lost.map((l) => l.beforeKillMs));
    console.log([run, r.acked.length, r.lost.length, rpo, r.restoreMs.toFixed(0), pct(r.lagSamples, 0.5).toFixed(1), Math.max(0, ...r.lagSamples).toFixed(1)].join(" | "));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
