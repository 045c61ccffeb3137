import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";

const t = makeTestApp();

const profile = (w: { ids: Record<string, number | string> }, over: Record<string, unknown> = {}) => ({ name: "Ada Owner", email: w.ids.ownerEmail, ...over });

apiScenarios(
  "profile API",
  t,
  async (w) => {
    w.ids.ownerEmail = ((await (await t.request("/api/auth/profile", { headers: w.headers.owner })).json()) as { email: string }).email;
  },
  [
    {
      name: "reads the profile",
      url: "/api/auth/profile",
      as: "owner",
      status: 200,
      expect: (j, w) =>
        expect(j).toEqual({
          name: expect.any(String),
          email: w.ids.ownerEmail,
          timeZone: "UTC",
          phone: null,
          company: null,
          position: null,
          bio: null,
          stripeCustomerId: null,
          stripeSubscriptionId: null,
        }),
    },
    { name: "without a session", url: "/api/auth/profile", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a recruiter reads their own", url: "/api/auth/profile", as: "recruiter", status: 200, expect: (j, w) => expect(j.email).not.toBe(w.ids.ownerEmail) },
    { name: "a read key reads its maker's", url: "/api/auth/profile", as: "readKey", status: 200, expect: (j, w) => expect(j.email).toBe(w.ids.ownerEmail) },
    { name: "a read key may not change it", method: "PUT", url: "/api/auth/profile", body: (w: World) => profile(w), as: "readKey", status: 403, code: "insufficient_scope" },
    {
      name: "name is required",
      method: "PUT",
      url: "/api/auth/profile",
      body: (w: World) => profile(w, { name: " " }),
      as: "owner",
      status: 400,
      code: "validation_failed",
      message: "Name is required",
    },
    { name: "a bad phone number", method: "PUT", url: "/api/auth/profile", body: (w: World) => profile(w, { phone: "call me" }), as: "owner", status: 400, message: "Invalid phone number" },
    { name: "not an address", method: "PUT", url: "/api/auth/profile", body: (w: World) => profile(w, { email: "nope" }), as: "owner", status: 400, message: "Invalid email address" },
    {
      name: "a new e-mail needs the password",
      method: "PUT",
      url: "/api/auth/profile",
      body: (w: World) => profile(w, { email: "moved@example.com" }),
      as: "owner",
      status: 400,
      message: "Enter your current password to change your email",
    },
    {
      name: "a read-write key changes it",
      method: "PUT",
      url: "/api/auth/profile",
      body: (w: World) => profile(w, { company: "Acme", bio: "" }),
      as: "writeKey",
      status: 200,
      expect: (j) => expect(j).toMatchObject({ name: "Ada Owner", company: "Acme", bio: null }),
    },
    {
      name: "changes",
      method: "PUT",
      url: "/api/auth/profile",
      body: (w: World) => profile(w, { position: "Head of Talent" }),
      as: "owner",
      status: 200,
      expect: (j) => expect(j.position).toBe("Head of Talent"),
    },
    { name: "another workspace's member sees only their own", url: "/api/auth/profile", as: "stranger", status: 200, expect: (j) => expect(j.company).toBeNull() },
  ],
);
