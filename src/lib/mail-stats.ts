import type { DB } from "../db/client";
import { mailStatusOf } from "./mail-records";

/** E-mails by delivery state (pending, sent, failed, skipped): the mail queue's depth and failures. */
export function outboxCounts(db: DB): Array<{ status: string; count: number }> {
  const rows = db.$client.query<{ status: string; count: number }, []>("SELECT status, count(*) AS count FROM tasks WHERE kind = 'mail.send' GROUP BY status").all();
  return rows.map((r) => ({ status: mailStatusOf(r.status), count: r.count }));
}
