// The rows a call writes to the task table and the event record, by kind: what the scenario kit
// declares (PocketBase's ExpectedEvents), and what a test can assert after any request.
import type { TestApp } from "../helpers";

/** Rows by kind; `"*"` is the total of the kinds not named (0 when left out). */
export type Declared = Record<string, number>;
export type Written = Record<string, number>;

export interface Watch {
  /** The rows written since the watch began (after the work they set off has run), by kind. */
  written(): Promise<{ tasks: Written; events: Written }>;
}

const maxId = (t: TestApp, table: "tasks" | "events") => (t.deps.db.$client.query(`SELECT coalesce(max(id), 0) AS id FROM ${table}`).get() as { id: number }).id;

const byKind = (t: TestApp, table: "tasks" | "events", after: number): Written => {
  const rows = t.deps.db.$client.query(`SELECT kind, count(*) AS n FROM ${table} WHERE id > ?1 GROUP BY kind ORDER BY kind`).all(after) as { kind: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
};

/**
 * Starts watching once the work already due has run (so an earlier call's tasks are not counted
 * here); `written()` waits for the work the call set off, so what that work writes is counted too.
 */
export async function watchWrites(t: TestApp): Promise<Watch> {
  await t.deps.jobs.idle();
  const tasks = maxId(t, "tasks");
  const events = maxId(t, "events");
  return {
    async written() {
      await t.deps.jobs.idle();
      return { tasks: byKind(t, "tasks", tasks), events: byKind(t, "events", events) };
    },
  };
}

/** What differs between the declared rows and the written ones ("" when they agree). */
export function differences(what: "tasks" | "events", declared: Declared, written: Written): string {
  const out: string[] = [];
  const named = new Set(Object.keys(declared).filter((k) => k !== "*"));
  for (const kind of named) if ((written[kind] ?? 0) !== declared[kind]) out.push(`${kind}: declared ${declared[kind]}, written ${written[kind] ?? 0}`);
  const others = Object.entries(written).filter(([k]) => !named.has(k));
  const total = others.reduce((s, [, n]) => s + n, 0);
  if (total !== (declared["*"] ?? 0)) out.push(`undeclared ${others.map(([k, n]) => `${k} × ${n}`).join(", ") || "none"}: declared "*": ${declared["*"] ?? 0}`);
  return out.length ? `${what} written: ${out.join("; ")}` : "";
}
