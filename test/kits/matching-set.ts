// Loads the labelled matching set (test/fixtures/matching) into a workspace: its six jobs and its
// 60 CVs as candidates whose CV text is read (as after an upload). For tests and bench/.
import { createHash } from "node:crypto";
import type { AppContext } from "../../src/app";
import { createJob } from "../../src/features/jobs/service";
import { upsertParticipantFromVisitor } from "../../src/features/candidates/service";
import { attachStoredFile } from "../../src/features/candidate-files/service";
import jobsFile from "../fixtures/matching/jobs.json";
import cvsFile from "../fixtures/matching/cvs.json";
import gradesFile from "../fixtures/matching/grades.json";

export interface SetJob {
  key: string;
  title: string;
  location: string;
  description: string;
}
export interface SetCv {
  key: string;
  name: string;
  city: string;
  jobTitle: string;
  cv: string;
}
export const SET_JOBS = jobsFile as SetJob[];
export const SET_CVS = cvsFile as SetCv[];
/** cv key → job key → grade 0–3 (absent: 0). */
const GRADES = gradesFile as Record<string, Record<string, number>>;

export function addCandidate(deps: AppContext, workspaceId: number, cv: SetCv, uniqueId: string): number {
  const p = upsertParticipantFromVisitor(deps, workspaceId, { uniqueId, name: cv.name, city: cv.city, jobTitle: cv.jobTitle });
  deps.db.transaction((tx) =>
    attachStoredFile(deps, tx, workspaceId, p.id, {
      name: `${cv.key}.txt`,
      type: "txt",
      size: cv.cv.length,
      sha256: createHash("sha256").update(cv.cv).digest("hex"),
      storageKey: createHash("sha256").update(uniqueId).digest("hex").slice(0, 32),
      textStatus: "done",
      text: cv.cv,
      textError: null,
      uploadedBy: null,
    }),
  );
  return p.id;
}

/** The set in a workspace: job key → job id, candidate id → cv key. */
export function loadMatchingSet(deps: AppContext, workspaceId: number, cvs: SetCv[] = SET_CVS): { jobs: Map<string, number>; cvOf: Map<number, string> } {
  const jobs = new Map<string, number>();
  for (const j of SET_JOBS) jobs.set(j.key, createJob(deps, workspaceId, { title: j.title, description: j.description, location: j.location, clientId: null }, "system").id);
  const cvOf = new Map<number, string>();
  for (const cv of cvs) cvOf.set(addCandidate(deps, workspaceId, cv, `set-${workspaceId}-${cv.key}`), cv.key);
  return { jobs, cvOf };
}

const dcg = (grades: number[]) => grades.reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);

/** nDCG@k of a ranking (cv keys, best first) for a job, against the hand grades. */
export function ndcgAt(k: number, ranking: string[], job: string): number {
  const got = ranking.slice(0, k).map((cv) => GRADES[cv]?.[job] ?? 0);
  const ideal = SET_CVS.map((c) => GRADES[c.key]?.[job] ?? 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  const best = dcg(ideal);
  return best ? dcg(got) / best : 0;
}

/** Precision@k: the share of the first k with a grade of 2 or more. */
export function precisionAt(k: number, ranking: string[], job: string): number {
  return ranking.slice(0, k).filter((cv) => (GRADES[cv]?.[job] ?? 0) >= 2).length / k;
}
