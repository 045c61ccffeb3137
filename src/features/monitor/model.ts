import { z } from "zod";

export const LATEST_ROWS = 10; // part2 §9: latest 10 rows listed
const MAX_BACKUP_LIMIT = 100;
const MAX_DEBUG_LIMIT = 1000;

export const BackupQuery = z.object({
  limit: z.coerce.number().int().min(1, `Limit must be between 1 and ${MAX_BACKUP_LIMIT}`).max(MAX_BACKUP_LIMIT, `Limit must be between 1 and ${MAX_BACKUP_LIMIT}`).default(LATEST_ROWS),
});

export const DebugQuery = z.object({
  limit: z.coerce.number().int().min(1, `Limit must be between 1 and ${MAX_DEBUG_LIMIT}`).max(MAX_DEBUG_LIMIT, `Limit must be between 1 and ${MAX_DEBUG_LIMIT}`).default(500),
});

// ---- Answers (docs/decisions/0020): every field the service returns, or it would be dropped ----

const MonitorParticipantView = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  status: z.string(),
});

export const SyncStatusView = z.object({
  isInitialized: z.boolean(),
  originalExists: z.boolean(),
  originalCount: z.number().int(),
  backupExists: z.boolean(),
  backupCount: z.number().int(),
  lastSync: z.string().nullable(),
  cronActive: z.boolean(),
  cronSchedule: z.string(),
  running: z.boolean(),
  lastRun: z.object({ status: z.string(), recordCount: z.number().int(), durationMs: z.number().nullable(), error: z.string().nullable(), startedAt: z.string() }).nullable(),
});

/** POST /api/participants/sync/trigger (part2 §3). */
export const SyncTriggerView = z.object({ success: z.boolean(), recordCount: z.number().int(), duration: z.number(), message: z.string() });

export const BackupList = z.object({
  backupData: z.array(MonitorParticipantView.extend({ sync_timestamp: z.string(), sync_status: z.string() })),
});

/** The participants in their database field names (the debug pages). */
const DebugParticipantView = z.object({
  id: z.number().int(),
  unique_id: z.string().nullable(),
  name: z.string().nullable(),
  email_address: z.string().nullable(),
  role_applied: z.string().nullable(),
  city: z.string().nullable(),
  job_title: z.string().nullable(),
  prequalifier: z.string().nullable(),
  assessment: z.string().nullable(),
  voice_transcript: z.string().nullable(),
  stages: z.number(),
  industry: z.string().nullable(),
});
export const DebugList = z.object({ participants: z.array(DebugParticipantView) });

/** GET /database-debug?view=all|design (the debug buttons as GET forms without JavaScript). */
export const DebugPageQuery = z.object({ view: z.string().optional() });
