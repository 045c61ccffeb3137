// The monitor's view of a participant (part2 §3: id, name, email, position, department,
// status; a backup row adds sync_timestamp and sync_status). Pure: the server page and the
// monitor island (which reads GET /api/participants) share it.
import { candidateRole, stageLabel } from "../candidates/classify";

export interface MonitorParticipant {
  id: number;
  name: string | null;
  email: string | null;
  position: string | null;
  department: string | null;
  status: string;
}

export interface MonitorBackupRow extends MonitorParticipant {
  sync_timestamp: string;
  sync_status: string;
}

export interface SyncStatus {
  isInitialized: boolean;
  originalExists: boolean;
  originalCount: number;
  backupExists: boolean;
  backupCount: number;
  lastSync: string | null;
  cronActive: boolean;
  cronSchedule: string;
  running: boolean;
  lastRun: { status: string; recordCount: number; durationMs: number | null; error: string | null; startedAt: string } | null;
}

export interface SyncTriggerResult {
  success: boolean;
  recordCount: number;
  duration: number;
  message: string;
}

type ParticipantLike = {
  id: number;
  name?: string | null;
  emailAddress?: string | null;
  roleApplied?: string | null;
  jobTitle?: string | null;
  industry?: string | null;
  stages?: number | null;
};

export function toMonitorParticipant(p: ParticipantLike): MonitorParticipant {
  return {
    id: p.id,
    name: p.name ?? null,
    email: p.emailAddress ?? null,
    position: candidateRole(p) || null,
    department: p.industry ?? null,
    status: stageLabel(p.stages ?? null),
  };
}

/** 'Empty', 'N records' or 'Not Found' (Original Table and Backup Table cards). */
export function tableState(exists: boolean, count: number): string {
  if (!exists) return "Not Found";
  if (count === 0) return "Empty";
  return `${count} ${count === 1 ? "record" : "records"}`;
}

/** A stable UTC text for server rendering; the island switches to local time after hydration. */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");
}
