import { eq, inArray } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { memberAvailability } from "../../db/schema";
import type { Availability } from "./offer-slots";

// A member's availability row (scheduling's table member_availability).

export type AvailabilityRow = typeof memberAvailability.$inferSelect;

export function availabilityRows(db: DB | Tx, userIds: number[]): AvailabilityRow[] {
  if (!userIds.length) return [];
  return db.select().from(memberAvailability).where(inArray(memberAvailability.userId, userIds)).all();
}

export function saveAvailability(tx: Tx, v: { userId: number; workspaceId: number; availability: Availability; now: Date }) {
  const a = v.availability;
  const values = {
    workspaceId: v.workspaceId,
    timeZone: a.timeZone,
    weekly: a.weekly,
    overrides: a.overrides,
    bufferBeforeMinutes: a.bufferBeforeMinutes,
    bufferAfterMinutes: a.bufferAfterMinutes,
    minimumNoticeMinutes: a.minimumNoticeMinutes,
    maxInterviewsPerDay: a.maxInterviewsPerDay,
    updatedAt: v.now,
  };
  tx.insert(memberAvailability).values({ userId: v.userId, ...values }).onConflictDoUpdate({ target: memberAvailability.userId, set: values }).run();
}

export function deleteAvailability(tx: Tx, userId: number) {
  tx.delete(memberAvailability).where(eq(memberAvailability.userId, userId)).run();
}
