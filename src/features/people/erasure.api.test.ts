import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { Browser, qualifiedVisitor, recruiterWithCampaign } from "../../../test/kits/visitor-browser";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";

const t = makeTestApp({ DEV_PAGES: "1" });
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Australia/Melbourne";
let NAME = "";
let EMAIL = "";
const FIRST = ["Zebulon", "Xanthippe", "Quintavius"];
let k = 0;

/** Every text cell of every table (virtual tables' shadow blobs aside) that holds the needle. */
function findEverywhere(needle: string): string[] {
  const hits: string[] = [];
  const tables = t.deps.db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`);
  for (const { name } of tables) {
    const cols = t.deps.db.all<{ name: string }>(sql.raw(`select name from pragma_table_info('${name}')`));
    for (const c of cols) {
      const n = t.deps.db.all<{ n: number }>(
        sql.raw(`select count(*) as n from "${name}" where typeof("${c.name}") = 'text' and instr(lower("${c.name}"), lower('${needle.replace(/'/g, "''")}')) > 0`),
      )[0]!.n;
      if (n) hits.push(`${name}.${c.name} (${n})`);
    }
  }
  return hits;
}

async function candidateWithFullHistory() {
  const first = FIRST[k++]!;
  NAME = `${first} Quixotic`;
  EMAIL = `${first.toLowerCase()}.quixotic@example.com`;
  const r = await recruiterWithCampaign(t, "UX Designer");
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await t.request(path, { method, cookie: r.cookie, json });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const b = new Browser(t, "10.9.0.1");
  await b.get(`/prequalifier?c=${r.campaign.code}`);
  await qualifiedVisitor(b, r.campaign.code, { name: NAME, email: EMAIL });
  const p = (await call("GET", `/api/participants?search=${first}`)).body.participants[0];
  expect(p.emailAddress).toBe(EMAIL);
  await call("POST", `/api/participants/${p.id}/notes`, { body: `Called ${NAME}, keen` });
  await call("PATCH", `/api/participants/${p.id}`, { stages: 4 });
  const sl = (await call("POST", "/api/shortlists", { name: "Finalists", candidateName: NAME, chatMessage: `Meet ${NAME}` })).body;
  await call("POST", `/api/shortlists/${sl.id}/candidates`, { candidateIds: [p.id] });
  expect((await call("POST", "/api/chat-events", { type: "meeting_detected", candidateId: p.id, candidateName: NAME, position: "UX", message: `Let's meet ${NAME}` })).status).toBeLessThan(300);
  const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
  const s = await call("POST", "/api/scheduling-sessions", { candidateId: p.id, title: `Interview with ${NAME}`, duration: 60, timeSlots: slots, timeZone: TZ });
  expect(s.status).toBe(201);
  expect((await t.request(`/api/book/${s.body.sessionToken}`, { json: { slotId: s.body.timeSlots[0].id } })).status).toBe(200);
  const s2 = await call("POST", "/api/scheduling-sessions", { candidateId: p.id, title: "Second round", duration: 60, timeSlots: slots.slice(3), timeZone: TZ });
  expect(s2.status).toBe(201);
  expect((await call("POST", "/api/participants/sync/trigger")).status).toBe(200);
  return { r, call, p, s };
}

describe("per-candidate export and erasure", () => {
  test("GET /api/participants/{id}/export: one JSON file with fields, conversation, notes, shortlists, sessions, interviews and e-mails", async () => {
    const { call, p } = await candidateWithFullHistory();
    const res = await t.request(`/api/participants/${p.id}/export`);
    expect(res.status).toBe(401);
    const r = await call("GET", `/api/participants/${p.id}/export`);
    expect(r.status).toBe(200);
    const e = r.body;
    expect(e.participant).toMatchObject({ id: p.id, name: NAME, emailAddress: EMAIL, stages: 4 });
    expect(e.conversations[0].kind).toBe("prequalifier");
    expect(JSON.stringify(e.conversations)).toContain(EMAIL);
    expect(e.notes[0].body).toContain("keen");
    expect(e.shortlists[0].name).toBe("Finalists");
    expect(e.sessions).toHaveLength(2);
    expect(e.interviews).toHaveLength(1);
    expect(e.emails.length).toBeGreaterThan(0);
    expect(e.emails.some((m: any) => m.to === EMAIL)).toBe(true);
    expect(e.chatEvents).toHaveLength(1);
  });

  test("DELETE /api/participants/{id}: nothing findable by name or e-mail in any text column of any table; interviews kept anonymised", async () => {
    const { call, p } = await candidateWithFullHistory();
    expect(findEverywhere(NAME).length).toBeGreaterThan(5);
    const meetingsBefore = (await call("GET", "/api/meetings")).body;
    const del = await call("DELETE", `/api/participants/${p.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ success: true, interviewsKept: 1 });
    expect(findEverywhere(NAME)).toEqual([]);
    expect(findEverywhere(EMAIL)).toEqual([]);
    expect(findEverywhere(NAME.split(" ")[0]!)).toEqual([]);
    expect((await call("GET", `/api/participants/${p.id}`)).status).toBe(404);
    expect((await call("DELETE", `/api/participants/${p.id}`)).status).toBe(404);
    expect((await call("GET", `/api/participants?search=${NAME.split(" ")[0]}`)).body.pagination.total).toBe(0);
    // The stand-in never shows in lists, counts or search.
    expect((await call("GET", "/api/participants")).body.pagination.total).toBe(0);
    expect((await call("GET", "/api/database/stats")).body.totalCandidates).toBe(0);
    expect((await call("GET", "/api/participants?search=erased")).body.pagination.total).toBe(0);
    // The interview stays for the recruiter's records.
    const after = (await call("GET", "/api/meetings")).body;
    expect(JSON.stringify(after).length).toBeGreaterThan(10);
    expect(JSON.stringify(meetingsBefore)).toContain(NAME);
    expect(JSON.stringify(after)).not.toContain(NAME);
    expect(JSON.stringify(after)).toContain('"firstName":"Erased"');
    // Not in the file's bytes either (free pages, the search index), once the log is checkpointed.
    t.deps.db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
    const file = new Uint8Array(await Bun.file(t.deps.config.DATABASE_PATH).arrayBuffer());
    const raw = Buffer.from(file).toString("latin1").toLowerCase();
    expect(raw.includes(EMAIL.toLowerCase())).toBe(false);
    expect(raw.includes(NAME.toLowerCase())).toBe(false);
    // Nothing queued to them is sent any more.
    const pending = t.deps.db.all<{ n: number }>(
      sql`select count(*) as n from mail_messages m join tasks t on t.id = m.task_id where t.status in ('pending', 'retrying') and m."to" in (${EMAIL}, 'erased')`,
    )[0]!.n;
    expect(pending).toBe(0);
  });
});
