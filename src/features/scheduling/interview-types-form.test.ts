// Settings → Interview types without JavaScript: add, edit, refuse with the message, delete.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";

const t = makeTestApp();
const post = (path: string, fields: [string, string][], cookie: string) =>
  t.request(path, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie } });

describe("Settings → Interview types", () => {
  test("adds a pool type, edits it into a panel, refuses a bad one with its message, deletes it", async () => {
    const owner = await t.signUp();
    const a = await addMember(t, owner.cookie, "recruiter");
    const b = await addMember(t, owner.cookie, "recruiter");
    const base: [string, string][] = [
      ["name", "Screening call"],
      ["duration", "30"],
      ["videoKind", "none"],
      ["location", ""],
      ["description", "A first talk"],
      ["defaultMessage", "Hello!"],
      ["strategy", "first-available"],
      ["bufferAfterMinutes", "10"],
      ["bufferBeforeMinutes", ""],
      ["minimumNoticeMinutes", ""],
    ];
    const res = await post("/settings/interview-types", [...base, ["who", "pool"], ["members", String(a.id)], ["members", String(b.id)]], owner.cookie);
    expect(res.status).toBe(303);
    const [type] = ((await (await t.request("/api/interview-types", { cookie: owner.cookie })).json()) as { interviewTypes: { id: number }[] }).interviewTypes;
    expect(type).toMatchObject({
      name: "Screening call",
      duration: 30,
      videoLink: { kind: "none", url: null },
      pool: { userIds: [a.id, b.id], strategy: "first-available" },
      interviewers: [],
      bufferAfterMinutes: 10,
      bufferBeforeMinutes: null,
    });
    const page = await (await t.request(`/settings/interview-types?edit=${type!.id}`, { cookie: owner.cookie })).text();
    expect(page).toContain("Edit Screening call");
    expect(page).toContain("pool of A recruiter, A recruiter (first-available)");
    const edited = await post(`/settings/interview-types/${type!.id}`, [...base, ["who", "panel"], ["members", String(a.id)], ["members", String(b.id)], ["optional", String(b.id)]], owner.cookie);
    expect(edited.status).toBe(303);
    expect(await (await t.request(`/api/interview-types/${type!.id}`, { cookie: owner.cookie })).json()).toMatchObject({
      pool: null,
      interviewers: [
        { userId: a.id, required: true },
        { userId: b.id, required: false },
      ],
    });
    const refused = await post(
      "/settings/interview-types",
      [...base, ["name", ""], ["who", "one"]].filter(([k], i, all) => k !== "name" || i === all.findLastIndex(([x]) => x === "name")) as [string, string][],
      owner.cookie,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Give the interview type a name");
    expect((await post(`/settings/interview-types/${type!.id}/delete`, [], owner.cookie)).status).toBe(303);
    expect(((await (await t.request("/api/interview-types", { cookie: owner.cookie })).json()) as { interviewTypes: unknown[] }).interviewTypes).toEqual([]);
  });
});
