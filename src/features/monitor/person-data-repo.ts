import { and, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participantsBackup } from "../../db/schema";

/** Erasure: the backup copy of the candidate goes too (the backup table keeps deleted rows otherwise). */
export function eraseBackupOf(tx: Pick<DB, "delete">, workspaceId: number, participantId: number): void {
  tx.delete(participantsBackup)
    .where(and(eq(participantsBackup.workspaceId, workspaceId), eq(participantsBackup.participantId, participantId)))
    .run();
}
