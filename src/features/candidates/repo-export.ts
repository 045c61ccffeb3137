import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participants, shortlistMembers } from "../../db/schema";
import { conditions, type ListFilter } from "./repo";

const columns = {
  id: participants.id,
  name: participants.name,
  emailAddress: participants.emailAddress,
  city: participants.city,
  jobTitle: participants.jobTitle,
  roleApplied: participants.roleApplied,
  linkedinUrl: participants.linkedinUrl,
  phone: participants.phone,
  industry: participants.industry,
  visaStatus: participants.visaStatus,
  salaryExpectation: participants.salaryExpectation,
  availability: participants.availability,
  stages: participants.stages,
  prequalifier: participants.prequalifier,
  assessment: participants.assessment,
  voiceTranscript: participants.voiceTranscript,
  summary: participants.summary,
  skills: participants.skills,
  createdAt: participants.createdAt,
  lastUpdated: participants.lastUpdated,
  shortlistId: sql<number | null>`(select ${shortlistMembers.shortlistId} from ${shortlistMembers} where ${shortlistMembers.participantId} = ${participants.id} limit 1)`,
};
export type ExportRow = { [K in keyof typeof columns]: unknown };
export const EXPORT_COLUMNS = Object.keys(columns) as (keyof typeof columns)[];

/** The next batch of the list's matches below `beforeId`, newest first (keyset: each batch is one index walk). */
export function exportBatch(db: DB, workspaceId: number, f: ListFilter, beforeId: number, limit: number): ExportRow[] {
  return db
    .select(columns)
    .from(participants)
    .where(sql`${conditions(workspaceId, f, db)} and ${lt(participants.id, beforeId)}`)
    .orderBy(desc(participants.id))
    .limit(limit)
    .all();
}

/** The chosen candidates of a workspace (the list's bulk export), newest first. */
export function exportRowsByIds(db: DB, workspaceId: number, ids: number[]): ExportRow[] {
  if (!ids.length) return [];
  return db
    .select(columns)
    .from(participants)
    .where(and(eq(participants.workspaceId, workspaceId), inArray(participants.id, ids)))
    .orderBy(desc(participants.id))
    .all();
}
