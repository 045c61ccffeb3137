import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { makeWorld } from "../../../test/kits/api-scenario";

/** The toast a 303 carries in its flash cookie. */
function readFlash(res: Response): Record<string, unknown> | null {
  const c = res.headers.getSetCookie().find((h) => h.startsWith("frank_flash="));
  return c ? JSON.parse(Buffer.from(c.split(";")[0]!.slice("frank_flash=".length), "base64url").toString("utf8")) : null;
}

const t = makeTestApp();

// The candidate page's forms without JavaScript: 303 back with a toast either way.
describe("candidate page forms", () => {
  test("a refused change, another workspace's candidate and a saved change", async () => {
    const w = await makeWorld(t);
    const csv = (headers: Record<string, string>, row: string) =>
      t.request("/api/participants/import", { method: "POST", headers: { ...headers, "content-type": "text/csv" }, body: `name,emailAddress\n${row}` });
    await csv(w.headers.owner, "Ann Archer,ann@forms.example");
    await csv(w.headers.stranger, "Cat Cole,cat@forms.example");
    const idOf = async (headers: Record<string, string>) => ((await (await t.request("/api/participants", { headers })).json()) as { participants: { id: number }[] }).participants[0]!.id;
    const mine = await idOf(w.headers.owner);
    const theirs = await idOf(w.headers.stranger);
    const post = (path: string, form: Record<string, string>) =>
      t.request(path, { method: "POST", headers: { ...w.headers.owner, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() });

    const bad = await post(`/candidates/${mine}`, { stages: "9" });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe(`/candidates/${mine}`);
    expect(readFlash(bad)).toMatchObject({ title: "Not saved", description: "Stage must be a number from 1 to 5", variant: "destructive" });

    const other = await post(`/candidates/${theirs}/notes`, { body: "Hello" });
    expect(other.status).toBe(303);
    expect(readFlash(other)).toMatchObject({ title: "Not saved", description: "Candidate not found" });

    const ok = await post(`/candidates/${mine}`, { stages: "3", isTest: "on" });
    expect(readFlash(ok)).toMatchObject({ title: "Candidate saved", variant: "success" });
    const saved = await (await t.request(`/api/participants/${mine}`, { headers: w.headers.owner })).json();
    expect(saved).toMatchObject({ stages: 3, isTest: true });
  });
});
