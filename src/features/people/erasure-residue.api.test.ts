// Erasure that forgets (issue 37): after DELETE /api/participants/{id}, the database file's raw
// bytes, its -wal and a backup taken afterwards hold none of the candidate's name, e-mail,
// phone or LinkedIn address; assistant messages that mentioned them (by name, by a part of it,
// by e-mail, by id) are rewritten; other messages stay.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { makeTestApp } from "../../../test/helpers";
import { Browser, recruiterWithCampaign } from "../../../test/kits/visitor-browser";
import { backupQueue } from "../monitor/db-backup";
import * as chatRepo from "../chat/repo";
import { residueSettled } from "../../db/residue";

const t = makeTestApp();

const NAME = "Zebulon Quixotic";
const EMAIL = "zebulon.quixotic@example.com";
const PHONE = "+44 7700 900461";
const LINKEDIN = "https://www.linkedin.com/in/zebulon-quixotic-4411";
const NEEDLES = ["zebulon", "quixotic", EMAIL, "7700 900461", "7700900461", "zebulon-quixotic-4411"];

/** Which needles a file's raw bytes hold (case-insensitive). */
function residue(path: string): string[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path).toString("latin1").toLowerCase();
  return NEEDLES.filter((n) => text.includes(n.toLowerCase()));
}

describe("erasure leaves no residue", () => {
  test("the file, the -wal and a later backup hold no name, e-mail, phone or LinkedIn address; assistant mentions are rewritten", async () => {
    const r = await recruiterWithCampaign(t, "UX Designer");
    const call = async (method: string, path: string, json?: unknown) => {
      const res = await t.request(path, { method, cookie: r.cookie, json });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };
    const b = new Browser(t, "10.9.0.7");
    await b.get(`/prequalifier?c=${r.campaign.code}`);
    const answers = [NAME, EMAIL, "Reykjavik", "Senior Designer", LINKEDIN, "Design", "Citizen", "150k", `Two weeks, call ${PHONE}`];
    for (const [i, answer] of answers.entries()) expect((await b.form(`/prequalifier?c=${r.campaign.code}`, { answer, step: i, c: r.campaign.code })).status).toBe(303);
    const p = (await call("GET", "/api/participants?search=Zebulon")).body.participants[0];
    expect(p.emailAddress).toBe(EMAIL);
    // Rows rewritten and deleted before the erasure leave free pages behind.
    await call("POST", `/api/participants/${p.id}/notes`, { body: `Phoned ${NAME} on ${PHONE}` });
    for (const stage of [2, 3, 4]) await call("PATCH", `/api/participants/${p.id}`, { stages: stage, city: `Reykjavik ${stage}` });

    const now = t.clock.now();
    const session = chatRepo.insertSession(t.deps.db, { workspaceId: r.workspaceId, userId: r.userId, publicId: `erasure-${p.id}`, now });
    const say = (role: "user" | "assistant", content: string) => chatRepo.insertMessage(t.deps.db, { workspaceId: r.workspaceId, sessionId: session.id, role, content, now }).id;
    const ids = {
      partial: say("user", "What do we know about zebulon?"),
      full: say("assistant", `${NAME} (${EMAIL}) lives in Reykjavik, LinkedIn ${LINKEDIN}, phone ${PHONE}; wants 150k.`),
      byId: say("assistant", `Candidate #${p.id} is in stage 4, based in Reykjavik, asking 150k.`),
      other: say("assistant", "Three candidates are in the Offer stage."),
    };

    expect((await call("DELETE", `/api/participants/${p.id}`)).status).toBe(200);
    // The index merge and the -wal's checkpoint run on their own thread after the answer.
    await residueSettled(t.deps.db);
    const content = (id: number) => t.deps.db.$client.query<{ content: string }, [number]>("select content from chat_messages where id = ?").get(id)?.content ?? null;
    for (const id of [ids.partial, ids.full, ids.byId]) {
      const c = content(id);
      expect(c === null || !/zebulon|quixotic|reykjavik|150k|7700/i.test(c)).toBe(true);
      expect(c === null || !c.includes(`#${p.id}`)).toBe(true);
    }
    expect(content(ids.other)).toBe("Three candidates are in the Offer stage.");

    const backup = await backupQueue(t.deps)();
    const file = t.deps.config.DATABASE_PATH;
    expect({ file: residue(file), wal: residue(`${file}-wal`), backup: residue(backup.file) }).toEqual({ file: [], wal: [], backup: [] });
  });
});
