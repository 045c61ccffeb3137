import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";

// Arrival toasts on the dashboard (part2 §2: ?connected=true; issue 16: back from Stripe).
const t = makeTestApp();

describe("dashboard arrival toasts", () => {
  test.each(["/dashboard", "/dashboard3"])("%s?connected=true shows 'Calendar Connected'", async (path) => {
    const u = await t.signUp();
    const res = await t.request(`${path}?connected=true`, { cookie: u.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Calendar Connected");
    expect(html).toContain("Google Calendar successfully connected. You can now create scheduling sessions.");
    expect(await (await t.request(path, { cookie: u.cookie })).text()).not.toContain("Calendar Connected");
  });

  test("back from checkout or the portal", async () => {
    const u = await t.signUp();
    expect(await (await t.request("/dashboard?checkout=success", { cookie: u.cookie })).text()).toContain("Payment Successful");
    expect(await (await t.request("/dashboard?checkout=cancelled", { cookie: u.cookie })).text()).toContain("Checkout Canceled");
    expect(await (await t.request("/dashboard?portal=return", { cookie: u.cookie })).text()).toContain("Billing Updated");
  });
});
