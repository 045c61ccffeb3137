import { z } from "zod";
import type { Deps } from "../../deps";
import { recordEvent, type Actor } from "../events/record";
import { badRequest } from "../../lib/errors";
import { DEFAULT_BUCKETS, locationIn, roleIn, type Buckets } from "./buckets";
import { candidateRole } from "./classify";
import * as repo from "./repo-settings";

const DEFAULT_PRIVACY_NOTICE =
  "Before you start: the answers you give here (your name, e-mail, city, visa status, salary expectation and the rest) are stored by the recruiter to assess your application and to contact you about it. They are not shared with anyone else. You can ask for a copy of your data, or for it to be deleted, at any time.";
const DEFAULT_PRIVACY_POLICY_URL = "/privacy";

export interface CandidateSettings extends Buckets {
  privacyNotice: string;
  privacyPolicyUrl: string;
  /** Candidates with no activity for this many months are erased automatically; null: never (the default). */
  retentionMonths: number | null;
}

const bucketName = z
  .string()
  .trim()
  .min(1, "A bucket needs a name")
  .max(40, "A bucket name is at most 40 characters")
  .regex(/^[\p{L}\p{N} &/.-]+$/u, "Use letters, digits, spaces and & / . - in bucket names")
  .refine((v) => v.toLowerCase() !== "other", "Other is the bucket of everything else: it is always there");
const bucketList = (what: string) =>
  z
    .array(bucketName, { error: `${what} must be a list of names` })
    .min(1, `Give at least one ${what.toLowerCase().replace(/s$/, "")}`)
    .max(20, `At most 20 ${what.toLowerCase()}`)
    .refine((l) => new Set(l.map((x) => x.toLowerCase())).size === l.length, `${what} must not repeat a name`);

export const CandidateSettingsInput = z
  .object({
    locations: bucketList("Locations").optional(),
    roles: bucketList("Roles").optional(),
    privacyNotice: z.string().trim().max(2000, "The notice is at most 2,000 characters").nullable().optional(),
    privacyPolicyUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v) || /^\/[^\s/]\S*$/.test(v), "The policy link must be an http(s) address or a path on this site")
      .nullable()
      .optional(),
    retentionMonths: z.number({ error: "retentionMonths must be a number of months or null" }).int().min(1, "At least 1 month").max(120, "At most 120 months").nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change" });
export type CandidateSettingsInput = z.infer<typeof CandidateSettingsInput>;

const list = (s: string | null | undefined, fallback: string[]) => {
  try {
    const v = s ? JSON.parse(s) : null;
    return Array.isArray(v) && v.length ? v.map(String) : fallback;
  } catch {
    return fallback;
  }
};

export function getCandidateSettings(deps: Deps, workspaceId: number): CandidateSettings {
  const r = repo.findSettings(deps.db, workspaceId);
  return {
    locations: list(r?.locations, DEFAULT_BUCKETS.locations),
    roles: list(r?.roles, DEFAULT_BUCKETS.roles),
    privacyNotice: r?.privacyNotice || DEFAULT_PRIVACY_NOTICE,
    privacyPolicyUrl: r?.privacyPolicyUrl || DEFAULT_PRIVACY_POLICY_URL,
    retentionMonths: r?.retentionMonths ?? null,
  };
}

export function bucketsOf(deps: Deps, workspaceId: number): Buckets {
  const s = getCandidateSettings(deps, workspaceId);
  return { locations: s.locations, roles: s.roles };
}

/** The two derived bucket columns of a candidate under these buckets. */
export function bucketColumns(b: Buckets, v: { roleApplied?: string | null; jobTitle?: string | null; city?: string | null }) {
  return { roleCategory: roleIn(b, candidateRole(v)), locationCategory: locationIn(b, v.city) };
}

/**
 * PATCH /api/candidate-settings. New buckets re-sort every candidate of the workspace (in
 * batches, yielding between them; the search index and counts follow by trigger).
 */
export async function updateCandidateSettings(deps: Deps, workspaceId: number, input: CandidateSettingsInput, actor: Actor): Promise<CandidateSettings> {
  const before = getCandidateSettings(deps, workspaceId);
  const v: Parameters<typeof repo.saveSettings>[2] = { updatedAt: deps.clock.now() };
  if (input.locations) v.locations = JSON.stringify(input.locations);
  if (input.roles) v.roles = JSON.stringify(input.roles);
  if (input.privacyNotice !== undefined) v.privacyNotice = input.privacyNotice || null;
  if (input.privacyPolicyUrl !== undefined) v.privacyPolicyUrl = input.privacyPolicyUrl || null;
  if (input.retentionMonths !== undefined) v.retentionMonths = input.retentionMonths;
  deps.db.transaction((tx) => {
    repo.saveSettings(tx, workspaceId, v);
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "settings", id: "candidates" }, kind: "settings.changed", summary: "Candidate settings", data: { fields: Object.keys(input) } });
  });
  const after = getCandidateSettings(deps, workspaceId);
  if (JSON.stringify([before.locations, before.roles]) !== JSON.stringify([after.locations, after.roles])) await rebucket(deps, workspaceId, after);
  return after;
}

async function rebucket(deps: Deps, workspaceId: number, b: Buckets) {
  let after = 0;
  for (;;) {
    const rows = repo.bucketBatch(deps.db, workspaceId, after, 1000);
    if (!rows.length) return;
    deps.db.transaction((tx) => {
      for (const r of rows) {
        const next = bucketColumns(b, r);
        if (next.roleCategory !== r.roleCategory || next.locationCategory !== r.locationCategory) repo.setBuckets(tx, workspaceId, r.id, next);
      }
    });
    after = rows[rows.length - 1]!.id;
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** A filter value must be one of the workspace's buckets (or Other). */
export function checkBucketFilter(b: Buckets, role: string | undefined, location: string | undefined) {
  if (role && role !== "Other" && !b.roles.includes(role)) throw badRequest(`Must be one of: ${[...b.roles, "Other"].join(", ")}`, { role: `Must be one of: ${[...b.roles, "Other"].join(", ")}` });
  if (location && location !== "Other" && !b.locations.includes(location)) {
    throw badRequest(`Must be one of: ${[...b.locations, "Other"].join(", ")}`, { location: `Must be one of: ${[...b.locations, "Other"].join(", ")}` });
  }
}

/** Workspaces whose retention setting is on, with its months. */
export function retentionWorkspaces(deps: Deps): { workspaceId: number; months: number }[] {
  return repo.retentionSettings(deps.db);
}
