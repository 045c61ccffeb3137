// Writing to a shortlist's candidates (issue 55 item 3): the shortlist's page links to the compose
// page, a plain form (no script); it sends one e-mail to each candidate with their own variables,
// never one to many, and goes back to the shortlist.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { startTestSmtp, type TestSmtp } from "../../../test/kits/smtp-server";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addCandidates, createShortlist } from "../shortlists/service";

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

test("a shortlist's page: Write to candidates → one e-mail each, with their own variables, back to the shortlist", async () => {
  const t = makeTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Frank <frank@agency.example>" });
  const u = await t.signUp({ email: "max@agency.example", name: "Max Member" });
  const add = (key: string, email?: string) => upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: key, name: `${key} Person`, emailAddress: email }).id;
  const ann = add("Ann", "ann@mail.example");
  const ben = add("Ben", "ben@mail.example");
  const nomail = add("Nomail");
  const other = add("Other", "other@mail.example"); // not on the shortlist
  const empty = createShortlist(t.deps, u.workspaceId, "Nobody yet", "system");
  const s = createShortlist(t.deps, u.workspaceId, "Backend finalists", "system");
  addCandidates(t.deps, u.workspaceId, s.id, [ann, ben, nomail], "system");

  const page = await (await t.request(`/shortlists/${s.id}`, { cookie: u.cookie })).text();
  expect(page).toContain(`href="/messages/compose?shortlist=${s.id}"`);
  expect(page).toContain("Write to candidates");
  expect(await (await t.request(`/shortlists/${empty.id}`, { cookie: u.cookie })).text()).not.toContain("Write to candidates");

  const compose = await t.request(`/messages/compose?shortlist=${s.id}`, { cookie: u.cookie });
  expect(compose.status).toBe(200);
  const html = await compose.text();
  expect(html).toContain(`href="/shortlists/${s.id}"`); // back to the shortlist
  expect(html).toContain("Ann Person &lt;ann@mail.example&gt;");
  expect(html).toContain("Nomail Person: no e-mail address, not written to");
  expect(html).toContain("To 2 candidates, one e-mail each");
  expect(html).not.toContain("other@mail.example");
  const hidden = (name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
  expect(hidden("candidateIds")).toBe(`${ann},${ben}`);
  expect(hidden("shortlist")).toBe(String(s.id));
  expect(html).toContain('method="post"');

  // The plain form, as a browser without JavaScript posts it.
  const posted = await t.request("/messages/compose", {
    method: "POST",
    cookie: u.cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: new URLSearchParams({ candidateIds: hidden("candidateIds")!, shortlist: hidden("shortlist")!, subject: "Next step, {{candidate.firstName}}", body: "Hello {{candidate.name}}" }).toString(),
  });
  expect(posted.status).toBe(303);
  expect(posted.headers.get("location")).toBe(`/shortlists/${s.id}`);
  await t.deps.jobs.idle();
  expect(smtp.received.map((m) => [m.to, m.subject]).sort()).toEqual([
    ["ann@mail.example", "Next step, Ann"],
    ["ben@mail.example", "Next step, Ben"],
  ]);
  for (const [id, n] of [
    [ann, 1],
    [ben, 1],
    [other, 0],
  ] as const) {
    const list = (await (await t.request(`/api/participants/${id}/messages`, { cookie: u.cookie })).json()).messages as { to: string[]; state: string }[];
    expect(list).toHaveLength(n);
    if (n) expect(list[0]!.to).toHaveLength(1);
  }
  // An empty shortlist has nobody to write to.
  expect((await t.request(`/messages/compose?shortlist=${empty.id}`, { cookie: u.cookie })).status).toBe(400);
});
