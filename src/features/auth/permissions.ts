// The one permission table (issue 18): which roles may do what. Services check it with
// requirePermission; the permission matrix test is generated from it. It imports only the
// error type, so any feature (and the page shell) can read it.
import { AppError } from "../../lib/errors";

export const ROLES = ["owner", "admin", "recruiter"] as const;
export type Role = (typeof ROLES)[number];

const ALL: readonly Role[] = ROLES;
const MANAGERS: readonly Role[] = ["owner", "admin"];
const OWNER: readonly Role[] = ["owner"];

/**
 * action → the roles that may do it. Owners: billing, members, settings, everything. Admins:
 * members and settings, no billing. Recruiters: candidates, jobs, shortlists, scheduling,
 * their own calendar.
 */
export const PERMISSIONS = {
  "candidates.write": ALL,
  "jobs.write": ALL,
  // An agency's clients and their contacts (issue 38); deleting one is for managers.
  "clients.write": ALL,
  "clients.delete": MANAGERS,
  // Adding candidates to a job's pipeline and moving them on its board.
  "applications.write": ALL,
  // The workspace's pipeline stages, rejection reasons and stage e-mail templates.
  "pipeline.manage": MANAGERS,
  // Placements and their fees (issue 58): every member records theirs; owners and admins see
  // every placement and report, a recruiter their own.
  "placements.write": ALL,
  "reports.all": MANAGERS,
  "shortlists.write": ALL,
  "scheduling.write": ALL,
  "calendar.own": ALL,
  "members.read": ALL,
  "members.update": MANAGERS,
  "members.remove": MANAGERS,
  "records.reassign": MANAGERS,
  "invitations.read": MANAGERS,
  "invitations.create": MANAGERS,
  "invitations.revoke": MANAGERS,
  "invitations.resend": MANAGERS,
  "activity.read": MANAGERS,
  "settings.update": MANAGERS,
  "apiKeys.manage": MANAGERS,
  // Outgoing webhooks send the workspace's candidate data to an address of the admin's choosing.
  "webhooks.manage": MANAGERS,
  // The chat webhook's secret lets anyone post into the workspace's chat monitor (issue 37).
  "chatWebhook.manage": MANAGERS,
  "billing.manage": OWNER,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

export const FORBIDDEN_MESSAGE = "You do not have permission to do this.";

/** Whether a member with this role may do the action. An unknown role may do nothing. */
export function can(who: { role: string } | null | undefined, action: Action): boolean {
  return !!who && (PERMISSIONS[action] as readonly string[]).includes(who.role);
}

/** Throws 403 {message} unless the member may do the action. */
export function requirePermission(who: { role: string } | null | undefined, action: Action): void {
  if (!can(who, action)) throw new AppError("forbidden", 403, FORBIDDEN_MESSAGE);
}
