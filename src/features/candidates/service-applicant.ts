// An applicant from the careers site (issue 56 item 4), in the application's own transaction:
// one candidate per e-mail address. A new address makes a candidate; a known one updates that
// candidate (empty fields take what was sent; the rest is kept and noted), never a second record.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import type { Actor } from "../events/record";
import { bucketColumns, bucketsOf } from "./settings";
import * as repo from "./repo";
import * as identity from "./repo-identity";
import { candidateChanged, candidateCreated } from "./candidate-events";

export interface ApplicantFields {
  name: string;
  emailAddress: string;
  phone: string | null;
  linkedinUrl: string | null;
  jobId: number;
}

/** The candidate of this e-mail in `tx`, made or updated; `created` says which. */
export function applicantFromCareers(deps: Deps, tx: Tx, workspaceId: number, fields: ApplicantFields, actor: Actor, via: Record<string, unknown>): { id: number; created: boolean } {
  const now = deps.clock.now();
  const email = fields.emailAddress.trim().toLowerCase();
  const hit = identity.findByEmail(deps.db, workspaceId, email);
  const before = hit ? repo.findParticipant(deps.db, workspaceId, hit.id) : undefined;
  if (!before) {
    const values = { name: fields.name, emailAddress: email, phone: fields.phone, linkedinUrl: fields.linkedinUrl, jobId: fields.jobId };
    const id = identity.insertOne(tx, workspaceId, {
      ...values,
      ...bucketColumns(bucketsOf(deps, workspaceId), { roleApplied: null, jobTitle: null, city: null }),
      stages: 1,
      createdAt: now,
      lastUpdated: now,
    });
    candidateCreated(deps, tx, workspaceId, id, "careers", actor, via);
    return { id, created: true };
  }
  const changes: Record<string, string> = {};
  const kept: string[] = [];
  for (const [k, v] of [
    ["name", fields.name],
    ["phone", fields.phone],
    ["linkedinUrl", fields.linkedinUrl],
  ] as const) {
    if (!v) continue;
    const mine = before[k];
    if (!mine?.trim()) changes[k] = v;
    else if (mine.trim().toLowerCase() !== v.trim().toLowerCase()) kept.push(k);
  }
  identity.setFields(tx, workspaceId, before.id, { ...changes, lastUpdated: now });
  const text = [`Applied again through the careers site`, Object.keys(changes).length ? `filled ${Object.keys(changes).join(", ")}` : null, kept.length ? `kept the record's ${kept.join(", ")}` : null]
    .filter(Boolean)
    .join("; ");
  candidateChanged(deps, tx, workspaceId, before.id, { changedFields: Object.keys(changes), source: "careers" }, actor, "candidate.applied_again", { ...via, kept, text });
  return { id: before.id, created: false };
}
