// A child server killed with SIGKILL in the middle of a stream of bookings: every meeting
// that exists afterwards has its e-mails and its calendar work (they commit together).
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
  const pairs = await seedSessions(db, 60);
  const port = 3900 + Math.floor(Math.random() * 90);
  let booked = 0;
  for (let cycle = 0; cycle < 3; cycle++) {
    const proc = await startServer(db, port);
    const statuses = await bookThenKill(port, proc, pairs.slice(cycle * 20, cycle * 20 + 20), 5 + cycle * 10);
    booked += statuses.filter((s) => s === 200).length;
  }
  const r = meetingsWithoutMessages(db);
  expect(r.meetings).toBeGreaterThanOrEqual(booked);
  expect(r.missing).toBe(0);
}, 60_000);
