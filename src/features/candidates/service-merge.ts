import { z } from "zod";
import type { Deps } from "../../deps";
import { badRequest, notFound } from "../../lib/errors";
import type { Buckets } from "./buckets";
import { bucketColumns } from "./settings";
import type { Participant } from "./model";
import * as repo from "./repo";
import * as history from "./repo-history";
import { moveEvents } from "../events/views";
import type { Tx } from "../../db/tx";
import * as identity from "./repo-identity";
import { toParticipant } from "./service";
import { IMPORT_FIELDS } from "./import-columns";

// Every field a person fills can be chosen from either record: the same list the import reads.
const MERGEABLE_FIELDS = IMPORT_FIELDS;
type Field = (typeof MERGEABLE_FIELDS)[number];
const CONVERSATIONS: Field[] = ["prequalifier", "assessment", "voiceTranscript"];

/** POST /api/participants/merge: keepId stays; mergeIds are folded into it; fields picks, per field, the record whose value is kept. */
// Also accepted: targetId/primaryId for keepId, duplicateIds/sourceIds/ids for mergeIds.
const aliases = (v: unknown) => {
  if (!v || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  return { ...o, keepId: o.keepId ?? o.targetId ?? o.primaryId, mergeIds: o.mergeIds ?? o.duplicateIds ?? o.sourceIds ?? o.ids };
};
const MergeFields = z.object({
  keepId: z.coerce.number({ error: "keepId is required" }).int().positive("keepId is required"),
  mergeIds: z.array(z.coerce.number().int().positive(), { error: "mergeIds must list the duplicates" }).min(1, "mergeIds must list the duplicates").max(50),
  fields: z.partialRecord(z.enum(MERGEABLE_FIELDS), z.coerce.number().int().positive()).optional(),
});
export const MergeInput = z.preprocess(aliases, MergeFields);
/** POST /api/participants/{id}/merge: the record to keep is the path's id. */
export const MergeIntoInput = z.preprocess(aliases, MergeFields.omit({ keepId: true }));
/** The settings page's merge form: keepId and one or more mergeIds fields. */
export const MergeForm = z.preprocess(
  (v) => {
    const o = v && typeof v === "object" ? (v as Record<string, unknown>) : {};
    return { keepId: o.keepId, mergeIds: ([] as unknown[]).concat(o.mergeIds ?? []) };
  },
  MergeFields.omit({ fields: true }),
);
export type Merge = z.infer<typeof MergeInput>;

/** Duplicates: e-mails held by more than one candidate of the workspace, with the records. */
export function listDuplicates(deps: Deps, workspaceId: number): { emailAddress: string; candidates: Participant[] }[] {
  return identity.duplicateGroups(deps.db, workspaceId, 200).map((g) => ({
    emailAddress: g.email,
    candidates: g.ids
      .map((id) => repo.findParticipant(deps.db, workspaceId, id))
      .filter((r) => !!r)
      .map(toParticipant),
  }));
}

/**
 * The field values of the merged record: the chosen record's per field, else the kept
 * record's, else the first duplicate that has one; conversations are joined (none is lost);
 * the stage is the highest. Checks the ids first (another workspace's: 404).
 */
export function mergedValues(deps: Deps, workspaceId: number, m: Merge) {
  const dupes = [...new Set(m.mergeIds)].filter((id) => id !== m.keepId);
  if (!dupes.length) throw badRequest("Choose at least one other record to merge", { mergeIds: "Choose at least one other record to merge" });
  const rows = identity.rowsById(deps.db, workspaceId, [m.keepId, ...dupes]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (rows.length !== dupes.length + 1) throw notFound("Candidate not found");
  for (const [field, from] of Object.entries(m.fields ?? {})) {
    if (!byId.has(from)) throw badRequest(`fields.${field} must name one of the merged records`, { [`fields.${field}`]: "Not one of the merged records" });
  }
  const ordered = [byId.get(m.keepId)!, ...dupes.map((id) => byId.get(id)!)];
  const values: Record<string, unknown> = {};
  for (const f of MERGEABLE_FIELDS) {
    const chosen = m.fields?.[f];
    if (chosen) values[f] = byId.get(chosen)![f];
    else if (f === "stages") values[f] = Math.max(...ordered.map((r) => r.stages));
    else if (CONVERSATIONS.includes(f)) values[f] = [...new Set(ordered.map((r) => r[f]).filter((v): v is string => !!v))].join("\n\n--- Merged record ---\n\n") || null;
    else values[f] = ordered.map((r) => r[f]).find((v) => v !== null && v !== "") ?? null;
  }
  return { dupes, values };
}

/** Writes the merged values to the kept record, moves the duplicates' notes and history, deletes them. */
export function applyMerge(tx: Tx, workspaceId: number, keepId: number, dupes: number[], values: Record<string, unknown>, at: Date, b: Buckets) {
  const v = values as Parameters<typeof identity.setFields>[3];
  // The kept record takes the duplicates' e-mail only after they are gone (no two records share one meanwhile).
  history.moveNotes(tx, workspaceId, dupes, keepId);
  moveEvents(tx, workspaceId, "candidate", dupes, keepId);
  identity.deleteRows(tx, workspaceId, dupes);
  identity.setFields(tx, workspaceId, keepId, {
    ...v,
    ...bucketColumns(b, { roleApplied: values.roleApplied as string | null, jobTitle: values.jobTitle as string | null, city: values.city as string | null }),
    lastUpdated: at,
  });
}
