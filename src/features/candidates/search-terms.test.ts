import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addCandidates, createShortlist } from "../shortlists/service";
import { eraseCandidate } from "../people/erase";
import { addParticipants, listParticipants, upsertParticipantFromVisitor } from "./service";
import { ftsFilterQuery } from "./repo";
import { sampleCandidates } from "./sample-data";
import { MAX_TERMS, wordExpression } from "./search-terms";

// A longer word is read as the index's terms that start with it (search-terms.ts), and a kept
// search is brought up to date from the change log (search-walks.ts). Both must answer exactly
// what the plain prefix query answers, read from the index as it is now.
const t = makeTestApp();

/** The plain plan: every word a prefix, the whole match newest first (what searches were before). */
function plainIds(ws: number, search: string): number[] {
  const match = ftsFilterQuery(ws, { search });
  if (!match) return [];
  return t.deps.db.$client
    .query("select rowid as id from participants_fts where participants_fts match ? order by rowid desc")
    .all(match)
    .map((r) => (r as { id: number }).id);
}
const searched = (ws: number, search: string, extra: Record<string, unknown> = {}) => listParticipants(t.deps, ws, { search, limit: 100, ...extra });

describe("every shape of search answers what the prefix query answers", () => {
  test("one to three letters, whole and partial words, several words, quotes, e-mails, phones, accents, none", async () => {
    const ws = (await t.signUp()).workspaceId;
    addParticipants(t.deps, ws, sampleCandidates({ count: 400, now: t.clock.now(), seed: 21 }));
    addParticipants(t.deps, ws, [
      { name: "José Müller", city: "São Paulo", emailAddress: "jose.muller@example.org", createdAt: t.clock.now() },
      { name: "Developers United", roleApplied: "Developer Advocate", createdAt: t.clock.now() },
      // Many terms with one prefix (quark1 … quark40): more than MAX_TERMS, so "quark" stays a prefix query.
      ...Array.from({ length: 40 }, (_, i) => ({ name: `Quark${i + 1} Tester`, createdAt: t.clock.now() })),
    ]);
    const email = sampleCandidates({ count: 400, now: t.clock.now(), seed: 21 })[123]!.emailAddress!;
    const queries = [
      "a",
      "de",
      "dev",
      "developer",
      "develop",
      "melb",
      "melbourne product",
      "senior ux designer sydney",
      '"senior designer"',
      "Senior   UX!",
      email,
      "0412",
      "zzqxv",
      "melbourne zzqxv",
      "josé",
      "jose",
      "müller",
      "muller",
      "são",
      "quark",
      "quark1",
      "quark12",
    ];
    for (const q of queries) {
      const expected = plainIds(ws, q);
      const page = searched(ws, q);
      expect({ q, total: page.pagination.total, ids: page.participants.map((p) => p.id) }).toEqual({ q, total: expected.length, ids: expected.slice(0, 100) });
    }
    // The shapes themselves: a whole word is its terms, read directly; a prefix of many terms stays a prefix.
    expect(wordExpression(t.deps.db, "developer")).toBe('("developer" OR "developers")');
    expect(wordExpression(t.deps.db, "melbourne")).toBe('"melbourne"');
    expect(wordExpression(t.deps.db, "zzqxv")).toBe('"zzqxv"');
    expect(wordExpression(t.deps.db, "quark")).toBe('"quark"*');
    expect(40).toBeGreaterThan(MAX_TERMS);
    expect(wordExpression(t.deps.db, "quark1")).toMatch(/^\("quark1" OR "quark10" OR .* OR "quark19"\)$/);
    expect(wordExpression(t.deps.db, "dev")).toBe('"dev"*'); // the prefix index answers three letters
    expect(wordExpression(t.deps.db, "josé")).toBe('"josé"*'); // the tokenizer's own folding, left to FTS5
    expect(searched(ws, "zzqxv").participants).toEqual([]);
    expect(searched(ws, "josé").participants.map((p) => p.name)).toEqual(["José Müller"]);
    expect(searched(ws, "quark1").pagination.total).toBe(11);
  });
});

describe("a kept search after a write", () => {
  test("finds a new candidate at once, even by a word no candidate had, and drops one that changed, left or was erased", async () => {
    const u = await t.signUp();
    const ws = u.workspaceId;
    addParticipants(t.deps, ws, sampleCandidates({ count: 200, now: t.clock.now(), seed: 4 }));
    expect(searched(ws, "quasar").pagination.total).toBe(0);
    const kept = searched(ws, "melbourne product");
    expect(kept.pagination.total).toBeGreaterThan(0);

    // A new word: "quasar" had no term when the search was first answered.
    const a = upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "q-1", name: "Quasarine Smith", city: "Melbourne", roleApplied: "Product Owner" });
    expect(searched(ws, "quasar").participants.map((p) => p.id)).toEqual([a.id]);
    expect(searched(ws, "melbourne product").participants[0]!.id).toBe(a.id);
    expect(searched(ws, "melbourne product").pagination.total).toBe(kept.pagination.total + 1);
    const b = upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "q-2", name: "Quasar Jones" });
    expect(searched(ws, "quasar").participants.map((p) => p.id)).toEqual([b.id, a.id]);

    // A change of name moves one out; a changed city moves the other out of "melbourne product".
    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "q-2", name: "Ann Jones" });
    expect(searched(ws, "quasar").participants.map((p) => p.id)).toEqual([a.id]);
    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "q-1", city: "Perth" });
    expect(searched(ws, "melbourne product").pagination.total).toBe(plainIds(ws, "melbourne product").length);

    // Shortlisted candidates leave the "not yet shortlisted" search; erased ones leave every search.
    const open = searched(ws, "quasar", { excludeShortlisted: true });
    expect(open.participants.map((p) => p.id)).toEqual([a.id]);
    const list = createShortlist(t.deps, ws, "Stars", "system");
    addCandidates(t.deps, ws, list.id, [a.id], "system");
    expect(searched(ws, "quasar", { excludeShortlisted: true }).participants).toEqual([]);
    expect(searched(ws, "quasar").participants.map((p) => p.id)).toEqual([a.id]);
    eraseCandidate(t.deps, ws, a.id, "system");
    expect(searched(ws, "quasar").participants).toEqual([]);

    // Many new candidates at once (the bulk path logs one range) are found at once too.
    addParticipants(
      t.deps,
      ws,
      Array.from({ length: 1200 }, (_, i) => ({ name: `Quasar${i} Bulk`, createdAt: t.clock.now() })),
    );
    expect(searched(ws, "quasar").pagination.total).toBe(plainIds(ws, "quasar").length);
    expect(searched(ws, "quasar").pagination.total).toBe(1200);
  });

  test("a change the log does not hold (pruned, or a counter moved without its row) reads the index again", async () => {
    const ws = (await t.signUp()).workspaceId;
    addParticipants(t.deps, ws, sampleCandidates({ count: 50, now: t.clock.now(), seed: 8 }));
    expect(searched(ws, "nebula").pagination.total).toBe(0);
    const c = t.deps.db.$client;
    // A new candidate whose log row is gone before anyone searches again.
    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "n-1", name: "Nebula One" });
    c.exec("delete from participant_changes where v = (select v from participants_version where id = 1)");
    expect(searched(ws, "nebula").pagination.total).toBe(1);
    // A row written with the search index's own triggers but no step logged for it.
    c.exec("drop trigger participants_version_ai");
    try {
      upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "n-2", name: "Nebula Two" });
      c.exec("update participants_version set v = v + 1 where id = 1");
      expect(searched(ws, "nebula").pagination.total).toBe(2);
    } finally {
      c.exec(
        "CREATE TRIGGER `participants_version_ai` AFTER INSERT ON `participants` BEGIN\n\tINSERT INTO participant_changes(v, lo, hi) SELECT v + 1, new.id, new.id FROM participants_version WHERE id = 1;\nEND",
      );
    }
    // The log keeps its last 10,000 steps.
    const id = searched(ws, "nebula").participants[0]!.id;
    const touch = c.prepare("update participants set availability = ? where id = ?");
    c.transaction(() => {
      for (let i = 0; i < 10_050; i++) touch.run(`in ${i} days`, id);
    })();
    expect((c.query("select count(*) as n from participant_changes").get() as { n: number }).n).toBe(10_000);
    expect(searched(ws, "nebula").pagination.total).toBe(2);
  });
});
