import { describe, expect, test } from "bun:test";
import { billingTestApp } from "../../../test/kits/billing";
import { addMember } from "../../../test/kits/team";
import { linkCustomer, upsertSubscription } from "../billing/repo";

const { t } = await billingTestApp();
/** The owner's subscription as billing's mirror holds it (what the Stripe webhook would write). */
function subscribe(userId: number, workspaceId: number, on: boolean) {
  linkCustomer(t.deps.db, { stripeCustomerId: `cus_${userId}`, userId, workspaceId, email: null, created: null });
  const state = { stripeId: `sub_${userId}`, kind: "subscription" as const, stripeCustomerId: `cus_${userId}`, planId: "pro", status: on ? "active" : "canceled" };
  upsertSubscription(t.deps.db, {
    ...state,
    cancelAtPeriodEnd: false,
    trialStart: null,
    trialEnd: null,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    productName: null,
    amount: null,
    currency: null,
    interval: null,
    receiptUrl: null,
    created: null,
  });
}

describe("billing per workspace", () => {
  test("every member passes the gate on the owner's subscription, and none without it; only the owner sees billing", async () => {
    const owner = await t.signUp();
    subscribe(owner.userId, owner.workspaceId, true);
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

    subscribe(owner.userId, owner.workspaceId, false);
    const gated = await t.request("/api/scheduling-sessions", { cookie: rec.cookie });
    expect(gated.status).toBe(402);
    expect(await gated.json()).toMatchObject({ message: "Subscription Required" });
  });
});
