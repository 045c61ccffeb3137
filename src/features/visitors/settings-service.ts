import type { Deps } from "../../deps";
import type { VisitorsDeps } from "./needs";
import { recordEvent, type Actor } from "../events/record";
import { notFound } from "../../lib/errors";
import * as repo from "./repo";
import { jobTitleIn } from "./partners";
import { DEFAULT_ASSESSMENT_QUESTIONS } from "./questions";
import type { AvailabilityInput, OutsideUrlsInput } from "./model";

import type { WeeklyWindow } from "./intro-slots";
import { embedOrigins, workspaceZone } from "../auth/workspace-site";

export interface CandidatePageSettings {
  prequalifierUrl: string | null;
  assessmentUrl: string | null;
  schedulerUrl: string | null;
  hostUserId: number | null;
  introCallMinutes: number;
  timeZone: string;
  weekly: WeeklyWindow[];
}

const DEFAULT_SETTINGS: CandidatePageSettings = {
  prequalifierUrl: null,
  assessmentUrl: null,
  schedulerUrl: null,
  hostUserId: null,
  introCallMinutes: 30,
  timeZone: "UTC",
  weekly: [],
};

export function getSettings(deps: Deps, workspaceId: number): CandidatePageSettings {
  const row = repo.findSettings(deps.db, workspaceId);
  // No hours saved yet: the form starts in the workspace's zone (issue 60), not UTC.
  if (!row) return { ...DEFAULT_SETTINGS, timeZone: workspaceZone(deps, workspaceId) };
  return {
    prequalifierUrl: row.prequalifierUrl,
    assessmentUrl: row.assessmentUrl,
    schedulerUrl: row.schedulerUrl,
    hostUserId: row.hostUserId,
    introCallMinutes: row.introCallMinutes,
    timeZone: row.timeZone,
    weekly: JSON.parse(row.weeklyAvailability) as WeeklyWindow[],
  };
}

/** The settings as the API shows them: with the origins that may embed the pages. */
export function settingsView(deps: Deps, workspaceId: number): CandidatePageSettings & { allowedOrigins: string[] } {
  return { ...getSettings(deps, workspaceId), allowedOrigins: embedOrigins(deps, workspaceId) };
}

/**
 * The sites that may frame the prequalifier and booking pages (docs/decisions/0024). The workspace
 * row keeps them (auth owns it), so the booking pages of scheduling read them without this feature.
 */
export function saveAllowedOrigins(deps: VisitorsDeps, workspaceId: number, origins: readonly string[], actor: Actor): { allowedOrigins: string[] } {
  return { allowedOrigins: deps.saveEmbedOrigins(workspaceId, origins, actor) };
}

/** The outside chatbot or scheduler a page frames instead of Frank's own (null: Frank's own). */
export function saveOutsideUrls(deps: Deps, workspaceId: number, input: OutsideUrlsInput, actor: Actor): CandidatePageSettings {
  deps.db.transaction((tx) => {
    repo.upsertSettings(tx, workspaceId, {
      prequalifierUrl: input.prequalifierUrl ?? null,
      assessmentUrl: input.assessmentUrl ?? null,
      schedulerUrl: input.schedulerUrl ?? null,
      updatedAt: deps.clock.now(),
    });
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "settings", id: "candidate_pages.urls" }, kind: "settings.changed", summary: "Candidate pages: outside URLs" });
  });
  return getSettings(deps, workspaceId);
}

/** The recruiter who saves the weekly availability hosts the intro calls (their calendar, their meetings). */
export function saveAvailability(deps: Deps, workspaceId: number, userId: number, input: AvailabilityInput, actor: Actor = { userId }): CandidatePageSettings {
  const weekly = [...input.weekly].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
  deps.db.transaction((tx) => {
    repo.upsertSettings(tx, workspaceId, {
      hostUserId: userId,
      introCallMinutes: input.introCallMinutes,
      timeZone: input.timeZone,
      weeklyAvailability: JSON.stringify(weekly),
      updatedAt: deps.clock.now(),
    });
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "settings", id: "candidate_pages.availability" }, kind: "settings.changed", summary: "Candidate pages: intro-call hours" });
  });
  return getSettings(deps, workspaceId);
}

function requireJob(deps: Deps, workspaceId: number, jobId: number): string {
  const title = jobTitleIn(deps, workspaceId, jobId);
  if (title === null) throw notFound("Job not found"); // another workspace's job: 404, nothing about it
  return title;
}

export function getJobQuestions(deps: Deps, workspaceId: number, jobId: number) {
  const title = requireJob(deps, workspaceId, jobId);
  const row = repo.findJobQuestions(deps.db, workspaceId, jobId);
  return {
    jobId,
    title,
    questions: row ? (JSON.parse(row.questions) as string[]) : DEFAULT_ASSESSMENT_QUESTIONS,
    isDefault: !row,
  };
}

/** An empty list goes back to the default questions. */
export function saveJobQuestions(deps: Deps, workspaceId: number, jobId: number, questions: string[], actor: Actor) {
  requireJob(deps, workspaceId, jobId);
  deps.db.transaction((tx) => {
    repo.saveJobQuestions(tx, workspaceId, jobId, questions.length ? JSON.stringify(questions) : null, deps.clock.now());
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "job", id: jobId }, kind: "settings.changed", summary: "Assessment questions" });
  });
  return getJobQuestions(deps, workspaceId, jobId);
}

/** Job ids of the workspace with their own questions. */
export function jobsWithQuestions(deps: Deps, workspaceId: number): Set<number> {
  return new Set(repo.listJobQuestions(deps.db, workspaceId).map((r) => r.jobId));
}

/** Demo data: weekday intro-call hours for the demo recruiter, unless the workspace has settings. */
export function seedVisitorDemo(deps: Deps, workspaceId: number, userId: number) {
  if (repo.findSettings(deps.db, workspaceId)) return;
  const weekly = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));
  saveAvailability(deps, workspaceId, userId, { introCallMinutes: 30, timeZone: workspaceZone(deps, workspaceId), weekly }, "system");
}
