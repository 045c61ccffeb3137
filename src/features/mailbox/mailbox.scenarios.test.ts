import { describe, expect, test } from "bun:test";
import { desc } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { mailMessages } from "../../db/schema";

// /dev/mailbox (a developer page): who sees which e-mails, as a table of requests.
const t = makeTestApp({ DEV_PAGES: "1" });

const ready = (async () => {
  const owner = await t.signUp();
  const stranger = await t.signUp();
  expect((await t.request("/api/auth/forgot-password", { json: { email: owner.email } })).status).toBe(200);
  const mail = t.deps.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).get()!;
  expect(mail.workspaceId).toBe(owner.workspaceId);
  return { owner: owner.cookie, stranger: stranger.cookie, anonymous: undefined, mailId: mail.id, subject: mail.subject };
})();

type World = Awaited<typeof ready>;
const rows: { name: string; url: (w: World) => string; as: "owner" | "stranger" | "anonymous"; status: number; check?: (res: Response, body: string, w: World) => void }[] = [
  { name: "lists the workspace's e-mails", url: () => "/dev/mailbox", as: "owner", status: 200, check: (_r, body, w) => expect(body).toContain(w.subject) },
  { name: "another workspace sees none of them", url: () => "/dev/mailbox", as: "stranger", status: 200, check: (_r, body) => expect(body).toContain("No e-mails yet.") },
  { name: "a visitor goes to sign in", url: () => "/dev/mailbox", as: "anonymous", status: 303, check: (r) => expect(r.headers.get("location")).toStartWith("/login") },
  { name: "one e-mail as sent", url: (w) => `/dev/mailbox/${w.mailId}`, as: "owner", status: 200, check: (r) => expect(r.headers.get("content-security-policy")).toStartWith("default-src 'none'") },
  { name: "another workspace's e-mail is not found", url: (w) => `/dev/mailbox/${w.mailId}`, as: "stranger", status: 404 },
  { name: "an unknown e-mail", url: (w) => `/dev/mailbox/${w.mailId + 1000}`, as: "owner", status: 404 },
  { name: "not an id", url: () => "/dev/mailbox/abc", as: "owner", status: 400 },
];

describe("mailbox pages", () => {
  for (const r of rows) {
    test(`${r.as}: ${r.name}`, async () => {
      const w = await ready;
      const res = await t.request(r.url(w), { cookie: w[r.as] });
      const body = await res.text();
      expect(res.status).toBe(r.status);
      expect(body).not.toContain("    at ");
      r.check?.(res, body, w);
    });
  }
});
