import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";

// The no-JavaScript form posts of auth and billing, as a table: status, where a 303 goes, what
// the page or the flash toast says.
const t = makeTestApp();

const ready = (async () => {
  const u = await t.signUp();
  return { email: u.email, password: u.password, cookie: u.cookie };
})();
type World = Awaited<typeof ready>;

const flashOf = (res: Response) => {
  const c = res.headers.getSetCookie().find((h) => h.startsWith("frank_flash="));
  return c ? JSON.parse(Buffer.from(c.split(";")[0]!.slice("frank_flash=".length), "base64url").toString("utf8")) : null;
};

const rows: {
  name: string;
  path: string;
  form: (w: World) => Record<string, string>;
  signedIn?: boolean;
  status: number;
  location?: string;
  page?: string[];
  toast?: object;
  stripeForms?: boolean;
}[] = [
  { name: "sign-in", path: "/login", form: (w) => ({ email: w.email, password: w.password, rememberMe: "on" }), status: 303, location: "/dashboard", toast: { title: "Login successful!" } },
  {
    name: "wrong password: the page again with the toast",
    path: "/login",
    form: (w) => ({ email: w.email, password: "wrong-password" }),
    status: 401,
    page: ["Login failed", "Invalid email or password. Please try again."],
  },
  { name: "not an address", path: "/login", form: () => ({ email: "nope", password: "x" }), status: 400, page: ["Login failed", "Invalid email address"] },
  { name: "forgot: sent", path: "/forgot-password", form: (w) => ({ email: w.email }), status: 303, location: "/forgot-password?sent=1", toast: { title: "Reset link sent" } },
  { name: "forgot: not an address", path: "/forgot-password", form: () => ({ email: "nope" }), status: 400, page: ["Invalid email address"] },
  {
    name: "reset: an unknown link",
    path: "/reset-password",
    form: () => ({ token: "nope", password: "long-enough-1", confirmPassword: "long-enough-1" }),
    status: 400,
    page: ["Reset failed", "This reset link is invalid or has expired."],
  },
  {
    name: "reset: passwords differ",
    path: "/reset-password",
    form: () => ({ token: "nope", password: "long-enough-1", confirmPassword: "long-enough-2" }),
    status: 400,
    page: ["Passwords don&#x27;t match"],
  },
  {
    name: "site settings: not a URL",
    path: "/settings/site",
    form: () => ({ siteUrl: "nope" }),
    signedIn: true,
    status: 303,
    location: "/settings/candidate-pages",
    toast: { title: "Not saved", description: "Enter a full URL starting with https://" },
  },
  {
    name: "site settings: saved",
    path: "/settings/site",
    form: () => ({ siteUrl: "https://acme.example" }),
    signedIn: true,
    status: 303,
    location: "/settings/candidate-pages",
    toast: { title: "Site settings saved" },
  },
  {
    name: "pricing: an unknown plan",
    path: "/billing/checkout",
    form: () => ({ plan: "platinum" }),
    status: 400,
    page: ["Plan Not Available", "The platinum plan is not currently available."],
    stripeForms: true,
  },
  { name: "pricing: billing is off", path: "/billing/checkout", form: () => ({ plan: "pro" }), status: 503, page: ["Checkout failed", "Billing is not configured on this server."] },
];

describe("form posts", () => {
  for (const r of rows) {
    test(`${r.path}: ${r.name}`, async () => {
      const w = await ready;
      const res = await t.request(r.path, {
        method: "POST",
        body: new URLSearchParams(r.form(w)).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...(r.signedIn ? { cookie: w.cookie } : {}) },
      });
      const body = await res.text();
      expect(res.status).toBe(r.status);
      if (r.location) expect(res.headers.get("location")).toBe(r.location);
      for (const text of r.page ?? []) expect(body).toContain(text);
      if (r.toast) expect(flashOf(res)).toMatchObject(r.toast);
      // The pricing page again: its buttons still may end at Stripe's hosted page.
      if (r.stripeForms) expect(res.headers.get("content-security-policy")).toContain("form-action 'self' https://checkout.stripe.com");
    });
  }
});
