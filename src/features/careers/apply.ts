// An application from the careers site (issue 56 item 4), as named steps: the CV's bytes are
// checked and stored first, then one transaction writes the candidate (one per e-mail), the
// application at the job's first stage with its answers, source and flags, the CV as the
// candidate's file (its text read by the files feature's task), the private link, both e-mails,
// the timeline, the activity log and the application.created webhook. A refusal inside the
// transaction removes the stored bytes again.
import type { Deps } from "../../deps";
import { AppError, conflict, notFound } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import { retryOnBusy } from "../../db/busy";
import { attachStoredFile, checkUpload, type CheckedUpload } from "../candidate-files/service";
import { applicantFromCareers } from "../candidates/service-applicant";
import { getApplication, moveIn, openApplication } from "../applications/service";
import { stagesOf, rejectReasons } from "../applications/stages";
import { recordPipelineEvent } from "../pipeline-events/record";
import { findUserById } from "../auth/service";
import type { Application } from "../applications/model";
import type { Job } from "../jobs/service";
import type { CheckedApply } from "./apply-input";
import type { PublicSite } from "./service";
import { ApplicationReceivedEmail, NewApplicationEmail } from "./emails/application-emails";
import * as repo from "./repo";

/**
 * How long an application's transaction waits for the write lock (the worker's writes, a backup):
 * its CV is stored already and a person is waiting for the answer, so longer than a page's 10 s;
 * 200 applications at once on a busy machine can queue behind each other for that long.
 */
const APPLY_WAIT_MS = 60_000;

const ALREADY_APPLIED = "You have already applied for this job with this e-mail address: the link in your confirmation e-mail shows your application";

/** The CV as checked (type from its bytes, at most 10 MB), or an AppError naming the field `cv`. */
export async function checkCv(file: unknown): Promise<CheckedUpload> {
  try {
    return await checkUpload(file);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, e.status, e.message, { cv: e.message });
    throw e;
  }
}

const manageUrl = (deps: Deps, token: string) => `${deps.config.APP_URL}/careers/applications/${token}`;

/** Writes the application; returns the private link's token. */
export async function submitApplication(deps: Deps, site: PublicSite, job: Job, input: CheckedApply, cv: CheckedUpload | null): Promise<{ token: string; applicationId: number }> {
  const ws = site.workspaceId;
  const store = deps.files;
  const key = cv ? await store.put(ws, cv.bytes) : null;
  const token = randomToken(24);
  try {
    // Other writers (the worker, other applicants) may hold the lock: the one transaction waits
    // and runs again, without the whole request (its CV is in the store already).
    const applicationId = await retryOnBusy(
      deps.db.$client,
      () =>
        deps.db.transaction((tx) => {
          const via = { jobId: job.id, source: input.source ?? "careers" };
          const person = applicantFromCareers(deps, tx, ws, { name: input.name, emailAddress: input.email, phone: input.phone, linkedinUrl: input.linkedin, jobId: job.id }, "candidate", via);
          const row = openApplication(deps, tx, ws, person.id, job.id, "candidate", {
            source: input.source,
            answers: [...input.answers, ...(input.note ? [{ question: "Note", answer: input.note }] : [])],
            flags: input.flags,
          });
          if (!row) throw new AppError("conflict", 409, ALREADY_APPLIED, { email: ALREADY_APPLIED });
          if (cv && key)
            attachStoredFile(deps, tx, ws, person.id, {
              name: cv.name,
              type: cv.type,
              size: cv.bytes.length,
              sha256: cv.sha256,
              storageKey: key,
              textStatus: "pending",
              text: null,
              textError: null,
              uploadedBy: null,
            });
          repo.insertLink(tx, { applicationId: row.id, workspaceId: ws, tokenHash: sha256(token), createdAt: deps.clock.now() });
          const data = { applicationId: row.id, jobId: job.id, source: input.source, flags: input.flags, hasCv: !!cv };
          recordPipelineEvent(deps, tx, {
            workspaceId: ws,
            actor: "candidate",
            subject: { type: "application", id: row.id },
            kind: "application.created",
            summary: `Candidate #${person.id} applied for ${job.title} on the careers site${input.source ? ` (source: ${input.source})` : ""}${input.flags.length ? ", flagged" : ""}`,
            timeline: `Applied for ${job.title} on the careers site${input.source ? ` (source: ${input.source})` : ""}${input.flags.length ? `: ${input.flags.join("; ")}` : ""}`,
            candidateId: person.id,
            data,
            webhooks: [{ type: "application.created", candidateId: person.id, data: () => ({ ...data, application: getApplicationIn(deps, ws, row.id), job: { id: job.id, title: job.title } }) }],
          });
          deps.mail.enqueue(tx, {
            to: input.email,
            subject: `Your application for ${job.title}`,
            email: ApplicationReceivedEmail({ name: input.name, job: job.title, agency: site.agency, manageUrl: manageUrl(deps, token) }),
            workspaceId: ws,
            kind: "application_received",
            audience: "candidate",
          });
          const owner = job.ownerId ? findUserById(deps, job.ownerId) : undefined;
          if (owner && owner.workspaceId === ws)
            deps.mail.enqueue(tx, {
              to: owner.email,
              subject: `New application for ${job.title}${input.flags.length ? " (flagged)" : ""}`,
              email: NewApplicationEmail({
                job: job.title,
                candidate: input.name,
                source: input.source,
                flags: input.flags,
                url: `${deps.config.APP_URL}/candidates/${person.id}`,
                again: !person.created,
              }),
              workspaceId: ws,
              kind: "new_application",
              audience: "recruiter",
            });
          return row.id;
        }),
      { waitMs: APPLY_WAIT_MS },
    );
    return { token, applicationId };
  } catch (e) {
    if (key) await store.remove(ws, key).catch(() => {});
    throw e;
  }
}

const getApplicationIn = (deps: Deps, ws: number, id: number): Application => getApplication(deps, ws, id);

export interface OwnApplication {
  application: Application;
  job: Job;
  withdrawn: boolean;
  workspaceId: number;
}

/** The application behind a private link, or null. */
export function applicationByToken(deps: Deps, token: string, jobOf: (ws: number, id: number) => Job | null): OwnApplication | null {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const link = repo.linkByHash(deps.db, sha256(token));
  if (!link) return null;
  let application: Application;
  try {
    application = getApplication(deps, link.workspaceId, link.applicationId);
  } catch {
    return null;
  }
  const job = jobOf(link.workspaceId, application.jobId);
  if (!job) return null;
  return { application, job, withdrawn: !!link.withdrawnAt, workspaceId: link.workspaceId };
}

/** The applicant withdraws: the application moves to the closing stage with the reason "Withdrew" (or the workspace's first). */
export function withdrawApplication(deps: Deps, own: OwnApplication): void {
  if (own.withdrawn) throw conflict("This application was withdrawn already");
  const ws = own.workspaceId;
  deps.db.transaction((tx) => {
    if (!repo.markWithdrawn(tx, ws, own.application.id, deps.clock.now())) throw notFound("Application not found");
    const closing = stagesOf(deps, ws).find((s) => s.kind === "rejected");
    const reasons = rejectReasons(deps, ws, tx);
    const reason = reasons.find((r) => r.toLowerCase() === "withdrew") ?? reasons[0] ?? null;
    if (closing) moveIn(deps, tx, ws, "candidate", own.application.id, { stage: closing.id, rejectedReason: reason });
  });
}
