// The standby copy's drill: bookings running, the server and its Litestream killed with SIGKILL
// (the machine lost), the data folder deleted, `frank restore --from-replica`: every booking
// acknowledged more than a few seconds before the kill is in the restored database.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { frankCommand } from "./kits/frank-command";
import { replicaDrill } from "./kits/replica-drill";
import { litestreamBinary } from "../src/features/monitor/litestream";

await frankCommand(); // the drill runs the binary

const dir = mkdtempSync(join(tmpdir(), "frank-replica-drill-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Litestream ships a second after it copies the WAL, which it reads every second: 2 s, and 3 s
// more for a loaded machine.
const WINDOW_MS = 5000;

test.skipIf(!litestreamBinary())(
  "a lost machine loses no booking acknowledged more than a few seconds before",
  async () => {
    const r = await replicaDrill(dir, { bookMs: 8000, sessions: 1000 });
    const lostEarly = r.lost.filter((l) => l.beforeKillMs > WINDOW_MS);
    console.log(
      `replica drill: ${r.acked.length} bookings acknowledged, ${r.lost.length} lost (the oldest acknowledged ${Math.max(0, ...r.lost.map((l) => l.beforeKillMs))} ms before the kill), restore ${r.restoreMs.toFixed(0)} ms`,
    );
    // The drill means something only with bookings acknowledged before the window; how many a
    // busy machine acknowledges in 8 s is its speed, not the rule.
    expect(r.acked.filter((a) => r.killedAt - a.at > WINDOW_MS).length).toBeGreaterThan(0);
    expect(lostEarly).toEqual([]);
    expect(r.restoreOutput).toContain("Restored the replica into");
  },
  300_000,
);
