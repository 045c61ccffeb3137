// Connecting a calendar while another process holds the database's write lock: the connection
// is written once the lock is free, not refused as "Google unavailable" after Google answered.
import { expect, test } from "bun:test";
import { holdWriteLock } from "../../../test/hold-write-lock";
import { connectCalendar, makeCalendarTestApp } from "../../../test/kits/calendar";

const { t, google } = makeCalendarTestApp();

test("the callback's writes wait for another process's write lock taken while Google was answering", async () => {
  const u = await t.signUp();
  google.hang = true;
  const done = connectCalendar(t, u.cookie);
  // The callback has taken its state and waits on Google's token call: now another process locks.
  await Bun.sleep(300);
  const lock = await holdWriteLock(t.deps.config.DATABASE_PATH, 800);
  google.hang = false;
  const landing = await done;
  await lock.released;
  expect(landing).not.toContain("error=");
  const { connections } = await (await t.request("/api/calendar/connections", { cookie: u.cookie })).json();
  expect(connections).toHaveLength(1);
  expect(connections[0].accountEmail).toBe("recruiter@example.com");
}, 120_000);
