import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { parseCsv } from "../../lib/csv";
import { upsertParticipantFromVisitor } from "./service";

const t = makeTestApp();

async function workspace() {
  const u = await t.signUp();
  const send = async (path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, headers: res.headers };
  };
  const importCsv = (csv: string, query = "") => send(`/api/participants/import${query}`, { method: "POST", body: csv, headers: { "content-type": "text/csv" } });
  return { ...u, send, importCsv };
}

const HEADER = "name,emailAddress,city,jobTitle,roleApplied,linkedinUrl,stages\n";

describe("POST /api/participants/import", () => {
  test("imports good rows, reports each bad one by row, de-duplicates by e-mail", async () => {
    const w = await workspace();
    const existing = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "u1", name: "Old Name", emailAddress: "known@example.com", city: "Perth" });
    const csv =
      HEADER +
      "Ada One,ada@example.com,Melbourne,Engineer,Senior Developer,https://linkedin.com/in/ada,2\n" + // row 2
      "No Email,,Sydney,,Designer,,1\n" + // row 3: missing e-mail
      "Bad Stage,bad@example.com,Sydney,,Designer,,7\n" + // row 4
      `Big Cell,big@example.com,"${"x".repeat(10 * 1024)}",,,,1\n` + // row 5: 10 kB cell
      "Known Again,KNOWN@example.com,,,,,3\n" + // row 6: updates the existing record
      "Ada Twice,ada@example.com,Brisbane,,,,\n" + // row 7: same e-mail as row 2
      '"Broken quote,broken@example.com,Sydney,,,,1\n' + // row 8
      "Last Good,last@example.com,Adelaide,,Manager,,5\n"; // row 9
    const r = await w.importCsv(csv);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 2, updated: 2 });
    expect(r.body.failed.map((f: any) => f.row)).toEqual([3, 4, 5, 8]);
    expect(r.body.failed[0].message).toContain("e-mail");
    expect(r.body.failed[1].message).toContain("Stage");
    expect(r.body.failed[2].message).toContain("longer than");
    expect(r.body.failed[3].message).toContain("quote");
    const list = (await w.send("/api/participants?limit=100")).body;
    expect(list.pagination.total).toBe(3);
    const byEmail = new Map(list.participants.map((p: any) => [p.emailAddress, p]));
    expect(byEmail.get("ada@example.com")).toMatchObject({ name: "Ada Twice", city: "Brisbane", roleApplied: "Senior Developer", stages: 2 });
    expect(byEmail.get("known@example.com")).toMatchObject({ id: existing.id, name: "Known Again", city: "Perth", stages: 3 });
    expect(byEmail.get("last@example.com")).toMatchObject({ stages: 5, city: "Adelaide" });
    // Filters see the buckets of imported rows.
    expect((await w.send("/api/participants?location=Adelaide&role=Manager")).body.pagination.total).toBe(1);
    const activity = (await w.send(`/api/participants/${existing.id}/activity`)).body.activity;
    expect(activity.map((a: any) => a.type)).toContain("imported");
  });

  test("?dryRun=1 checks and counts without writing; multipart field file and a column mapping", async () => {
    const w = await workspace();
    const dry = await w.importCsv(HEADER + "A,a@example.com,,,,,1\nB,,,,,,1\n", "?dryRun=1");
    expect(dry.body).toMatchObject({ imported: 1, updated: 0, failed: [{ row: 3, message: "Missing e-mail address" }], dryRun: true });
    expect((await w.send("/api/participants")).body.pagination.total).toBe(0);

    const form = new FormData();
    form.set("file", new Blob(["Full Name,E-mail,Town,Ignore me\nMapped Person,mapped@example.com,Hobart,zzz\n"], { type: "text/csv" }), "people.csv");
    form.set("mapping", JSON.stringify({ "Full Name": "name", "E-mail": "emailAddress", Town: "city", "Ignore me": "" }));
    const r = await w.send("/api/participants/import", { method: "POST", body: form });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 1, updated: 0, failed: [] });
    const p = (await w.send("/api/participants")).body.participants[0];
    expect(p).toMatchObject({ name: "Mapped Person", emailAddress: "mapped@example.com", city: "Hobart" });
  });

  test("a file without an e-mail column, an empty body and a bad dryRun are 400", async () => {
    const w = await workspace();
    expect((await w.importCsv("name,city\nA,B\n")).status).toBe(400);
    expect((await w.importCsv("")).status).toBe(400);
    expect((await w.importCsv(HEADER, "?dryRun=maybe")).status).toBe(400);
    expect((await t.request("/api/participants/import", { method: "POST", body: HEADER, headers: { "content-type": "text/csv" } })).status).toBe(401);
  });
});

describe("a large import goes through the bulk path", () => {
  test("1,200 rows (one chunk, over the bulk threshold): each is found by a search, counted in the stats, once", async () => {
    const w = await workspace();
    const rows = Array.from({ length: 1200 }, (_, i) => `Bulk Person${i},bulk${i}@example.com,${i % 2 ? "Hobart" : "Darwin"},Engineer,${i % 3 ? "Developer" : "Designer"},,${(i % 5) + 1}`);
    const r = await w.importCsv(HEADER + rows.join("\n") + "\n");
    expect(r.body).toMatchObject({ imported: 1200, updated: 0 });
    const total = async (q: string) => (await w.send(`/api/participants?limit=1&${q}`)).body.pagination.total;
    expect(await total("search=hobart")).toBe(600);
    expect(await total("search=person1199")).toBe(1);
    expect(await total("")).toBe(1200);
    expect((await w.send("/api/database/stats")).body.totalCandidates).toBe(1200);
    // Imported again: every row is known by its e-mail, nothing new.
    expect((await w.importCsv(HEADER + rows.join("\n") + "\n")).body).toMatchObject({ imported: 0, updated: 1200 });
    expect(await total("search=darwin")).toBe(600);
  });
});

describe("GET /api/participants/export.csv", () => {
  test("streams the filtered list with the import's column names; round-trips; stays in its workspace", async () => {
    const w = await workspace();
    await w.importCsv(HEADER + 'Ann Dev,ann@example.com,Sydney,,Developer,,2\n"Bo, Designer",bo@example.com,Perth,,"=HYPERLINK(""x"")",,3\n');
    const other = await workspace();
    await other.importCsv(HEADER + "Other Person,other@example.com,Sydney,,Developer,,1\n");

    const all = await w.send("/api/participants/export.csv");
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toContain("text/csv");
    expect(all.headers.get("content-disposition")).toContain("attachment");
    const rows = [...parseCsv(all.body)];
    expect(rows[0]!.cells.slice(0, 4)).toEqual(["id", "name", "emailAddress", "city"]);
    expect(rows).toHaveLength(3);
    expect(all.body).not.toContain("Other Person");
    expect(rows[1]!.cells[1]).toBe("Bo, Designer");
    expect(rows[1]!.cells[5]).toBe(`'=HYPERLINK("x")`); // a formula is never live in a spreadsheet

    const dev = [...parseCsv((await w.send("/api/participants/export.csv?role=Developer&search=ann")).body)];
    expect(dev.map((r) => r.cells[1])).toEqual(["name", "Ann Dev"]);

    // The export imports back into another workspace unchanged.
    const third = await workspace();
    const back = await third.importCsv(all.body);
    expect(back.body).toMatchObject({ imported: 2, failed: [] });
    const bo = (await third.send("/api/participants?search=bo")).body.participants[0];
    expect(bo.roleApplied).toBe('=HYPERLINK("x")');
    expect((await w.send("/api/participants/export.csv?role=Nope")).status).toBe(400);
  });
});
