import { describe, expect, test } from "bun:test";
import { billingTestApp, sessionIdOf } from "../../../test/kits/billing";
import { hashPassword } from "../../lib/crypto";
import { insertMember } from "../auth/membership-repo";

// The subscription gate with Stripe on, as a table (the scenario kit's world needs API keys, which
// a workspace without a subscription cannot make): who asks, what, and the status and code.
const { t, stripe, post, checkout } = await billingTestApp();

type Who = "unpaid" | "unpaidRecruiter" | "paid" | "paidRecruiter" | "anonymous";
const cookies = {} as Record<Who, string | undefined>;

async function recruiterOf(workspaceId: number) {
  const u = insertMember(t.deps.db, {
    workspaceId,
    email: `gate-${workspaceId}-${Date.now()}@example.com`,
    passwordHash: await hashPassword("correct-horse-battery"),
    name: "Recruiter",
    role: "recruiter",
  });
  return `frank_session=${t.app.features.auth.api.signInAs(u.id).token}`;
}

const ready = (async () => {
  const unpaid = await t.signUp();
  cookies.unpaid = unpaid.cookie;
  cookies.unpaidRecruiter = await recruiterOf(unpaid.workspaceId);
  const paid = await t.signUp();
  const { url } = await (await checkout(paid.cookie, "pro")).json();
  for (const ev of stripe.completeCheckout(sessionIdOf(url)).events) expect((await post(ev)).status).toBe(200);
  cookies.paid = paid.cookie;
  cookies.paidRecruiter = await recruiterOf(paid.workspaceId);
})();

const rows: { method?: string; path: string; json?: unknown; as: Who; status: number; code?: string; message?: string }[] = [
  { path: "/api/jobs", as: "unpaid", status: 402, code: "subscription_required", message: "Subscription Required" },
  { path: "/api/calendar/status", as: "unpaid", status: 402, message: "Subscription Required" },
  { path: "/api/jobs", as: "unpaidRecruiter", status: 402, message: "Subscription Required" },
  { path: "/api/jobs", as: "anonymous", status: 401, code: "unauthorized" },
  { path: "/api/auth/me", as: "unpaid", status: 200 },
  { path: "/api/auth/profile", as: "unpaid", status: 200 },
  { method: "PUT", path: "/api/auth/profile", json: { name: "" }, as: "unpaid", status: 400, code: "validation_failed", message: "Name is required" },
  { path: "/api/auth/billing", as: "unpaid", status: 200 },
  { path: "/api/auth/billing", as: "unpaidRecruiter", status: 403, code: "forbidden" },
  { method: "POST", path: "/api/billing/checkout", json: { plan: "starter" }, as: "unpaid", status: 200 },
  { method: "POST", path: "/api/billing/checkout", json: { plan: "starter" }, as: "unpaidRecruiter", status: 403, code: "forbidden" },
  { method: "POST", path: "/api/billing/checkout", json: { plan: "starter" }, as: "anonymous", status: 200 },
  { method: "POST", path: "/api/billing/checkout", json: {}, as: "unpaid", status: 400, message: "Plan is required" },
  { method: "POST", path: "/api/billing/portal", json: {}, as: "unpaid", status: 200 },
  { path: "/api/jobs", as: "paid", status: 200 },
  { path: "/api/jobs", as: "paidRecruiter", status: 200 },
  { method: "POST", path: "/api/billing/checkout", json: { plan: "starter" }, as: "paid", status: 409, code: "already_subscribed" },
  { path: "/api/auth/billing", as: "paid", status: 200 },
];

describe("the subscription gate (Stripe on)", () => {
  for (const r of rows) {
    test(`${r.method ?? "GET"} ${r.path} as ${r.as} → ${r.status}`, async () => {
      await ready;
      const res = await t.request(r.path, { method: r.method ?? "GET", cookie: cookies[r.as], json: r.json });
      const body = (await res.json()) as { message?: string; code?: string };
      expect(res.status).toBe(r.status);
      if (r.code) expect(body.code).toBe(r.code);
      if (r.message) expect(body.message).toBe(r.message);
    });
  }
});
