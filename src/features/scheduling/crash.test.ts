// A child server killed with SIGKILL at a random point after bookings have started committing:
// meetings were made (at least 20 over the runs), and every one has its e-mail and calendar tasks.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { bookThenKill, meetingsWithoutMessages, seedSessions, startServer } from "../../../test/kits/booking-crash";
import { frankCommand } from "../../../test/kits/frank-command";

await frankCommand(); // startServer runs the binary

const dir = mkdtempSync(join(tmpdir(), "frank-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("SIGKILL mid-booking leaves no meeting without its messages", async () => {
  const db = join(dir, "crash.db");
  const pairs = await seedSessions(db, 300);
  const port = 3900 + Math.floor(Math.random() * 90);
  let booked = 0;
  let cycle = 0;
  // At least 3 kills; more until 20 meetings exist (each kill lands after the cycle's first commit;
  // a loaded machine commits fewer bookings before the kill, so up to 20 cycles).
  for (; cycle < 20 && (cycle < 3 || meetingsWithoutMessages(db).meetings < 20); cycle++) {
    const proc = await startServer(db, port);
    const statuses = await bookThenKill(port, proc, pairs.slice(cycle * 15, cycle * 15 + 15), db);
    booked += statuses.filter((s) => s === 200).length;
  }
  const r = meetingsWithoutMessages(db);
  console.log(`crash test: ${cycle} kills, ${r.meetings} meetings, ${booked} answered 200, ${r.missing} without their tasks`);
  expect(r.meetings).toBeGreaterThanOrEqual(20);
  expect(r.meetings).toBeGreaterThanOrEqual(booked);
  expect(r.missing).toBe(0);
}, 480_000); // up to 20 starts of the binary: 8 s alone, 166 s in a whole npm test on a busy machine
