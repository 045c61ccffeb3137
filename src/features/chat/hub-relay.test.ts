// The relay's check of who still belongs: one read for every socket holder on a tick where the
// database changed, and a member who left (in any process) is let go while the others stay.
import { afterAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { users } from "../../db/schema";
import { relayedHub } from "./hub-relay";

const t = makeTestApp();

test("a member moved out of the workspace by a write the relay did not make loses their sockets; the others keep theirs", async () => {
  const a = await t.signUp();
  const b = await t.signUp();
  const c = await t.signUp();
  const hub = relayedHub(t.deps, 20);
  afterAll(() => [a, b, c].forEach((u) => hub.closeUser(u.userId)));
  const closed: number[] = [];
  const sender = (userId: number) => ({ send: () => {}, close: () => void closed.push(userId) });
  for (const u of [a, b, c]) hub.add(u.userId, u.workspaceId, sender(u.userId));
  // As another process would: b now belongs to c's workspace.
  t.deps.db.update(users).set({ workspaceId: c.workspaceId }).where(eq(users.id, b.userId)).run();
  for (let i = 0; i < 50 && !closed.length; i++) await Bun.sleep(20);
  await Bun.sleep(60);
  expect(closed).toEqual([b.userId]);
  expect(
    hub
      .members()
      .map(([userId]) => userId)
      .sort(),
  ).toEqual([a.userId, c.userId].sort());
});
