import { and, desc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { mailMessages, tasks } from "../../db/schema";
import { mailStatusOf } from "../../lib/mail-records";

const columns = { message: mailMessages, taskStatus: tasks.status };
const withStatus = (r: { message: typeof mailMessages.$inferSelect; taskStatus: string | null }) => ({ ...r.message, status: mailStatusOf(r.taskStatus) });
export type MailboxMail = ReturnType<typeof withStatus>;

/** The newest e-mails of one workspace (mail of no workspace is never listed), with their delivery state. */
export function latestMail(db: DB, workspaceId: number, limit = 50): MailboxMail[] {
  return db
    .select(columns)
    .from(mailMessages)
    .leftJoin(tasks, eq(tasks.id, mailMessages.taskId))
    .where(eq(mailMessages.workspaceId, workspaceId))
    .orderBy(desc(mailMessages.id))
    .limit(limit)
    .all()
    .map(withStatus);
}

export function mailById(db: DB, workspaceId: number, id: number): MailboxMail | undefined {
  const r = db
    .select(columns)
    .from(mailMessages)
    .leftJoin(tasks, eq(tasks.id, mailMessages.taskId))
    .where(and(eq(mailMessages.id, id), eq(mailMessages.workspaceId, workspaceId)))
    .get();
  return r ? withStatus(r) : undefined;
}
