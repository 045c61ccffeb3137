import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { DB } from "../../db/client";
import { mailMessages, tasks } from "../../db/schema";
import { mailStatusOf } from "../../lib/mail-records";

const columns = { message: mailMessages, taskStatus: tasks.status };
const withStatus = (r: { message: typeof mailMessages.$inferSelect; taskStatus: string | null }) => ({ ...r.message, status: mailStatusOf(r.taskStatus) });
export type MailboxMail = ReturnType<typeof withStatus>;

/**
 * Whose e-mails a member may read: those addressed to their own address and, when given, the
 * candidate e-mails of one workspace (the demo workspace, in demo mode). Never another member's.
 */
export interface Reader {
  email: string;
  candidateMailOf: number | null;
}

function readable(reader: Reader): SQL {
  const own = sql`lower(${mailMessages.to}) = ${reader.email.toLowerCase()}`;
  if (reader.candidateMailOf === null) return own;
  return or(own, and(eq(mailMessages.workspaceId, reader.candidateMailOf), eq(mailMessages.audience, "candidate")))!;
}

/** The newest e-mails the reader may see, with their delivery state. */
export function latestMail(db: DB, reader: Reader, limit = 50): MailboxMail[] {
  return db.select(columns).from(mailMessages).leftJoin(tasks, eq(tasks.id, mailMessages.taskId)).where(readable(reader)).orderBy(desc(mailMessages.id)).limit(limit).all().map(withStatus);
}

export function mailById(db: DB, reader: Reader, id: number): MailboxMail | undefined {
  const r = db
    .select(columns)
    .from(mailMessages)
    .leftJoin(tasks, eq(tasks.id, mailMessages.taskId))
    .where(and(eq(mailMessages.id, id), readable(reader)))
    .get();
  return r ? withStatus(r) : undefined;
}
