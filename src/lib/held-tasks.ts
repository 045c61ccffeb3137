import type { Database } from "bun:sqlite";

/** What a restore held, by what it would have done outside. */
export interface HeldCounts {
  emails: number;
  calendar: number;
  webhooks: number;
  other: number;
}

// Clean-up kinds that reach nothing outside (a skipped e-mail's links are removed) are not held.
const INTERNAL_KINDS = ["mail.forget-links"];

const tableExists = (db: Database, name: string) => !!db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1").get(name);

function countsOf(rows: { kind: string; n: number }[]): HeldCounts {
  const c: HeldCounts = { emails: 0, calendar: 0, webhooks: 0, other: 0 };
  for (const r of rows) {
    if (r.kind === "mail.send") c.emails += r.n;
    else if (r.kind.startsWith("calendar.")) c.calendar += r.n;
    else if (r.kind === "webhooks.deliver") c.webhooks += r.n;
    else c.other += r.n;
  }
  return c;
}

/**
 * A restored database cannot know which of its waiting e-mails, calendar writes and webhooks the
 * old server sent after the snapshot: they are held (status `held`, never claimed, and their
 * serial keys wait behind them) until someone releases them. A backup older than the task table
 * holds its outbox and work queue rows instead; the migration carries `held` over.
 */
export function holdPendingWork(db: Database): HeldCounts {
  return db.transaction(() => {
    if (tableExists(db, "tasks")) {
      const rows = db
        .query<{ kind: string; n: number }, [string]>("SELECT kind, count(*) AS n FROM tasks WHERE status IN ('pending', 'retrying') AND kind NOT IN (SELECT value FROM json_each(?1)) GROUP BY kind")
        .all(JSON.stringify(INTERNAL_KINDS));
      db.query("UPDATE tasks SET status = 'held', lease_token = NULL, lease_until = NULL WHERE status IN ('pending', 'retrying') AND kind NOT IN (SELECT value FROM json_each(?1))").run(
        JSON.stringify(INTERNAL_KINDS),
      );
      return countsOf(rows);
    }
    const rows: { kind: string; n: number }[] = [];
    if (tableExists(db, "outbox")) {
      rows.push({ kind: "mail.send", n: db.query<{ n: number }, []>("SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'retrying')").get()!.n });
      db.exec("UPDATE outbox SET status = 'held', lease_until = NULL WHERE status IN ('pending', 'retrying')");
    }
    if (tableExists(db, "work_queue")) {
      rows.push(...db.query<{ kind: string; n: number }, []>("SELECT kind, count(*) AS n FROM work_queue WHERE status IN ('pending', 'retrying') GROUP BY kind").all());
      db.exec("UPDATE work_queue SET status = 'held', lease_until = NULL WHERE status IN ('pending', 'retrying')");
    }
    return countsOf(rows);
  })();
}

/** `frank jobs release`: held work is due now (it goes out at the server's next pass). */
export function releaseHeldWork(db: Database): HeldCounts {
  return db.transaction(() => {
    const rows = db.query<{ kind: string; n: number }, []>("SELECT kind, count(*) AS n FROM tasks WHERE status = 'held' GROUP BY kind").all();
    db.exec("UPDATE tasks SET status = 'pending', run_at = 0 WHERE status = 'held'");
    return countsOf(rows);
  })();
}

/** Held work by kind, for `frank jobs` and the restore message. */
export function heldWork(db: Database): HeldCounts {
  return countsOf(db.query<{ kind: string; n: number }, []>("SELECT kind, count(*) AS n FROM tasks WHERE status = 'held' GROUP BY kind").all());
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function describeHeld(c: HeldCounts): string {
  return [
    plural(c.emails, "e-mail", "e-mails"),
    plural(c.calendar, "calendar write", "calendar writes"),
    plural(c.webhooks, "webhook", "webhooks"),
    ...(c.other ? [plural(c.other, "other task", "other tasks")] : []),
  ].join(", ");
}
