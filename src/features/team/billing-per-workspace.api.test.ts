import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { billingTestApp } from "../../../test/kits/billing";
import { users } from "../../db/schema";
import { addMember } from "../../../test/kits/team";

const { t } = await billingTestApp();
const subscribe = (userId: number, on: boolean) =>
  t.deps.db.update(users).set(on ? { stripeCustomerId: `cus_${userId}`, stripeSubscriptionId: `sub_${userId}` } : { stripeCustomerId: null, stripeSubscriptionId: null }).where(eq(users.id, userId)).run();

describe("billing per workspace", () => {
  test("every member passes the gate on the owner's subscription, and none without it; only the owner sees billing", async () => {
    const owner = await t.signUp();
    subscribe(owner.userId, true);
    const rec = await addMember(t, owner.cookie, "recruiter");
    const admin = await addMember(t, owner.cookie, "admin");
    expect((await t.request("/api/scheduling-sessions", { cookie: rec.cookie })).status).toBe(200);

    expect((await t.request("/api/auth/billing", { cookie: owner.cookie })).status).toBe(200);
    for (const cookie of [rec.cookie, admin.cookie]) {
      const res = await t.request("/api/auth/billing", { cookie });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: "You do not have permission to do this." });
      expect((await t.request("/api/billing/portal", { cookie, json: {} })).status).toBe(403);
      expect((await t.request("/api/billing/checkout", { cookie, json: { plan: "pro" } })).status).toBe(403);
    }

    subscribe(owner.userId, false);
    const gated = await t.request("/api/scheduling-sessions", { cookie: rec.cookie });
    expect(gated.status).toBe(402);
    expect(await gated.json()).toMatchObject({ message: "Subscription Required" });
  });
});
