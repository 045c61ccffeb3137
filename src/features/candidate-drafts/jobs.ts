// A draft's work after its upload commits (issue 39 item 6), in the job queue: first its text is
// read (the same reader as a candidate's CV), then its fields are proposed (the model when one is
// configured, else the rules; the model's failure falls back to the rules, so a draft never stays
// "reading" because of it). Two jobs, so a slow or retried model never reads the file again. The
// reading and the rules run in a killable child (lib/cage.ts); past one of its limits the draft
// keeps the limit's message and the task fails for good.
import { z } from "zod";
import type { Deps } from "../../deps";
import { defineJob, PermanentFailure, type Job } from "../../lib/jobs";
import type { FileType } from "../candidate-files/sniff";
import { failForGood, readText } from "../candidate-files/extract";
import { emptyFields } from "./propose-rules";
import { proposeFields } from "./propose-model";
import * as repo from "./repo";

const Payload = z.object({ draftId: z.number().int() });

const proposeDraftJob = defineJob("drafts.propose", Payload);
export const readDraftJob = defineJob("drafts.read-text", Payload);

/** The drafts' work, for the worker: read a draft's text, then propose its fields. */
export function draftJobs(deps: Deps): Job<{ draftId: number }>[] {
  return [
    proposeDraftJob.runs(
      async ({ draftId }, { signal, whileLeased }) => {
        const row = repo.findDraftAnywhere(deps.db, draftId);
        if (!row || row.status !== "reading" || !row.text) return; // discarded meanwhile
        const { fields, by, error } = await proposeFields(deps, row.text, signal);
        // Past a limit nothing is proposed: the recruiter types the fields, told why.
        await whileLeased((tx) => repo.setDraft(tx, draftId, { status: "ready", proposal: JSON.stringify(fields), proposedBy: error ? null : by, textError: error }));
        if (error) throw new PermanentFailure(error);
      },
      // The model's own deadline (OPENAI_TIMEOUT_MS) comes first; this is the backstop.
      { timeoutMs: 180_000 },
    ),
    readDraftJob.runs(
      async ({ draftId }, { signal, whileLeased }) => {
        const row = repo.findDraftAnywhere(deps.db, draftId);
        if (!row || row.status !== "reading") return;
        let bytes: Uint8Array;
        try {
          bytes = await deps.files.get(row.workspaceId, row.storageKey);
        } catch {
          return; // discarded while queued: its bytes are gone with it
        }
        const read = await readText(row.fileType as FileType, bytes, (e) => deps.log.warn("cv text not read", { draftId, error: e instanceof Error ? e.message : String(e) }), signal);
        await whileLeased((tx) => {
          if (read.status === "done") {
            repo.setDraft(tx, draftId, { textStatus: "done", text: read.text });
            proposeDraftJob.enqueue(tx, { draftId });
          } else {
            // Nothing to propose from: the recruiter types the fields (a scan) or discards it (damaged).
            repo.setDraft(tx, draftId, {
              textStatus: read.status,
              textError: read.error,
              status: read.status === "failed" ? "failed" : "ready",
              proposal: JSON.stringify(emptyFields()),
              proposedBy: null,
            });
          }
        });
        failForGood(read);
      },
      { timeoutMs: 90_000 },
    ),
  ];
}
