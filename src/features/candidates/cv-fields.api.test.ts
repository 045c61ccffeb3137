// The fields a CV gives a candidate (issue 39): phone, summary and skills, editable like the
// others, checked with clear messages, searchable, carried by the CSV import and export.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "./service";

const t = makeTestApp();
let n = 0;

async function candidate() {
  const u = await t.signUp();
  const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `f-${++n}`, name: "Grace Hopper", emailAddress: `grace${n}@example.com` });
  const patch = async (json: unknown) => {
    const res = await t.request(`/api/participants/${p.id}`, { method: "PATCH", json, cookie: u.cookie });
    return { status: res.status, body: (await res.json()) as any };
  };
  const found = async (q: string) => ((await (await t.request(`/api/participants?search=${encodeURIComponent(q)}`, { cookie: u.cookie })).json()) as any).participants.map((x: any) => x.id);
  return { ...u, p, patch, found };
}

describe("phone, summary and skills on a candidate", () => {
  test("edited through the API, answered with the record, searchable (the phone by its digits too)", async () => {
    const w = await candidate();
    const r = await w.patch({ phone: " +1 (415) 555-0132 ", summary: "  Compiler pioneer.\nNavy officer.  ", skills: ["COBOL", " Compilers ", ""] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ phone: "+1 (415) 555-0132", summary: "Compiler pioneer.\nNavy officer.", skills: "COBOL, Compilers" });
    expect(await w.found("cobol")).toEqual([w.p.id]);
    expect(await w.found("pioneer")).toEqual([w.p.id]);
    expect(await w.found("14155550132")).toEqual([w.p.id]);
    expect(await w.found("415 555")).toEqual([w.p.id]);
    const cleared = await w.patch({ phone: "", skills: null });
    expect([cleared.body.phone, cleared.body.skills]).toEqual([null, null]);
    expect(await w.found("cobol")).toEqual([]);
  });

  test("refused with clear messages", async () => {
    const w = await candidate();
    const cases: [unknown, Record<string, string>][] = [
      [{ phone: "call me" }, { phone: "Enter a phone number: 6 to 15 digits, with +, spaces, dashes or brackets" }],
      [{ phone: "12345" }, { phone: "Enter a phone number: 6 to 15 digits, with +, spaces, dashes or brackets" }],
      [{ summary: "x".repeat(2001) }, { summary: "Summary must be at most 2000 characters" }],
      [{ skills: "x".repeat(1001) }, { skills: "Skills must be at most 1000 characters" }],
      [{ skills: 42 }, { skills: "Skills must be text or a list of texts" }],
    ];
    for (const [body, fields] of cases) {
      const r = await w.patch(body);
      expect([r.status, r.body.fields]).toEqual([400, fields]);
    }
  });

  test("the candidate page's form without JavaScript saves them; the CSV import reads a phone column and the export writes it", async () => {
    const w = await candidate();
    const form = new URLSearchParams({ name: "Grace Hopper", phone: "020 7946 0958", skills: "Leadership, COBOL", summary: "Rear admiral." });
    const res = await t.request(`/candidates/${w.p.id}`, {
      method: "POST",
      body: form.toString(),
      cookie: w.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(res.status).toBe(303);
    const page = await (await t.request(`/candidates/${w.p.id}`, { cookie: w.cookie })).text();
    for (const s of ["020 7946 0958", "Leadership, COBOL", "Rear admiral."]) expect(page).toContain(s);

    const csv = 'emailAddress,name,Phone number,skills\nalan@example.com,Alan Turing,+44 161 496 0000,"Cryptanalysis, Maths"\nbad@example.com,Bad Phone,phone me,\n';
    const imported = (await (await t.request("/api/participants/import", { method: "POST", body: csv, cookie: w.cookie, headers: { "content-type": "text/csv" } })).json()) as any;
    expect(imported).toMatchObject({ imported: 1, failed: [{ row: 3, message: "Enter a phone number: 6 to 15 digits, with +, spaces, dashes or brackets" }] });
    expect(await w.found("cryptanalysis")).toHaveLength(1);
    const exported = await (await t.request("/api/participants/export.csv?search=alan", { cookie: w.cookie })).text();
    expect(exported.split("\n")[0]).toContain("phone");
    expect(exported).toContain("+44 161 496 0000");
  });
});
