import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios } from "../../../test/kits/api-scenario";

// A server without Stripe: the calls answer who may ask and what is wrong with the input, then
// that billing is not configured. The gate with Stripe on: gate.scenarios.test.ts.
const t = makeTestApp();

apiScenarios("billing API (Stripe not configured)", t, async () => {}, [
  {
    name: "the owner reads billing",
    url: "/api/auth/billing",
    as: "owner",
    status: 200,
    expect: (j) => expect(j).toEqual({ enabled: false, hasSubscription: false, trialAvailable: true, subscription: null, invoices: [], customer: null }),
  },
  { name: "without a session", url: "/api/auth/billing", as: "anonymous", status: 401, code: "unauthorized" },
  { name: "an admin may not", url: "/api/auth/billing", as: "admin", status: 403, code: "forbidden" },
  { name: "a recruiter may not", url: "/api/auth/billing", as: "recruiter", status: 403, code: "forbidden" },
  { name: "the owner's read key reads", url: "/api/auth/billing", as: "readKey", status: 200, expect: (j) => expect(j.enabled).toBe(false) },
  { name: "checkout: a plan is required", method: "POST", url: "/api/billing/checkout", body: {}, as: "owner", status: 400, code: "validation_failed", message: "Plan is required" },
  {
    name: "checkout: an unknown plan",
    method: "POST",
    url: "/api/billing/checkout",
    body: { plan: "platinum" },
    as: "owner",
    status: 400,
    code: "plan_not_available",
    message: "The platinum plan is not currently available.",
  },
  { name: "checkout: a recruiter may not buy", method: "POST", url: "/api/billing/checkout", body: { plan: "pro" }, as: "recruiter", status: 403, code: "forbidden" },
  {
    name: "checkout: billing is off",
    method: "POST",
    url: "/api/billing/checkout",
    body: { plan: "pro" },
    as: "owner",
    status: 503,
    code: "billing_not_configured",
    message: "Billing is not configured on this server.",
  },
  { name: "checkout: a visitor, billing off", method: "POST", url: "/api/billing/checkout", body: { plan: "pro" }, as: "anonymous", status: 503, code: "billing_not_configured" },
  { name: "plan change: a plan is required", method: "PUT", url: "/api/billing/subscription", body: {}, as: "owner", status: 400, message: "Plan is required" },
  { name: "plan change: a recruiter may not", method: "PUT", url: "/api/billing/subscription", body: { plan: "pro" }, as: "recruiter", status: 403, code: "forbidden" },
  { name: "plan change: a read key may not", method: "POST", url: "/api/billing/change-plan", body: { plan: "pro" }, as: "readKey", status: 403, code: "insufficient_scope" },
  { name: "portal: an unknown flow", method: "POST", url: "/api/billing/portal", body: { flow: "refund" }, as: "owner", status: 400, code: "validation_failed", message: "Unknown portal flow" },
  { name: "portal: billing is off", method: "POST", url: "/api/billing/portal", body: {}, as: "owner", status: 503, code: "billing_not_configured" },
  { name: "portal: without a session", method: "POST", url: "/api/billing/portal", as: "anonymous", status: 401, code: "unauthorized" },
  { name: "resume: an admin may not", method: "POST", url: "/api/billing/resume", as: "admin", status: 403, code: "forbidden" },
]);
