import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";
import { ROLES } from "../auth/permissions";

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(320, "Invalid email address")
  .pipe(z.email({ error: "Invalid email address" }))
  .transform((v) => v.toLowerCase());
const role = z.enum(ROLES, { error: "Role must be owner, admin or recruiter" });

export const InviteInput = z.object({ email, role: role.default("recruiter") });
export type InviteInput = z.infer<typeof InviteInput>;

export const RoleInput = z.object({ role });

export const MemberIdParam = z.object({ id: positiveId("Not found") });

/** DELETE /api/workspace/members/{id}: optionally hands the member's sessions and interviews to another member. */
export const RemoveInput = z.object({ reassignTo: z.coerce.number().int().positive().optional() });

/** {to} or {interviewerId}: the member who takes a session or interview over. */
export const ReassignInput = z
  .object({ to: z.coerce.number({ error: "Choose a member" }).int().positive().optional(), interviewerId: z.coerce.number({ error: "Choose a member" }).int().positive().optional() })
  .refine((v) => v.to !== undefined || v.interviewerId !== undefined, { message: "Choose a member", path: ["to"] })
  .transform((v) => ({ to: (v.to ?? v.interviewerId)! }));

export const AcceptInput = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Keep the name under 200 characters"),
  password: z.string({ error: "Password must be at least 8 characters" }).min(8, "Password must be at least 8 characters").max(1024, "Password is too long"),
});

export const ActivityQuery = z.object({
  member: z.coerce.number().int().positive().optional(),
  action: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().positive().max(200).optional(),
});

export interface MemberView {
  id: number;
  name: string | null;
  email: string;
  role: string;
  createdAt: string;
}

export interface InvitationView {
  id: number;
  email: string;
  role: string;
  status: "pending" | "expired";
  expiresAt: string;
  createdAt: string;
}

// ---- Route shapes (docs/decisions/0020) -------------------------------------------------------

/** A session's or interview's public id in a path. */
export const RecordIdParam = z.object({ id: z.string().min(1).max(64) });
/** The /invite/{token} link's token (checked by the service; a bad one is "invalid"). */
export const TokenParam = z.object({ token: z.string() });
/** The accept call's body: the service checks name and password, needed only without a session. */
export const AcceptBody = z.preprocess(
  (v) => v ?? {},
  z.object({ name: z.string({ error: "Name is required" }).optional(), password: z.string({ error: "Password must be at least 8 characters" }).optional() }),
);
export const RemoveBody = RemoveInput.optional();
/** The members page's remove form: its "nobody" choice posts reassignTo="". */
export const RemoveForm = z.object({ reassignTo: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive().optional()) });

export const MemberSchema = z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string(), role: z.string(), createdAt: z.string() });
export const MemberList = z.object({ members: z.array(MemberSchema) });
export const InvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.string(),
  status: z.enum(["pending", "expired"]),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export const InvitationList = z.object({ invitations: z.array(InvitationSchema) });
const Moved = z.object({ sessions: z.number().int(), interviews: z.number().int() });
/** An interview a hand-over left with its owner, and the new interviewer's interview it overlaps. */
const HandOverConflict = z.object({ interviewId: z.string(), startTime: z.string(), with: z.string() });
export const MemberRemoved = z.object({ success: z.literal(true), reassigned: Moved, conflicts: z.array(HandOverConflict) });
export const Reassigned = z.object({ moved: Moved, conflicts: z.array(HandOverConflict) });
export const Accepted = z.object({ success: z.literal(true), workspaceId: z.number().int(), role: z.string() });
export const ActivityList = z.object({
  activity: z.array(
    z.object({
      id: z.number().int(),
      member: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }).nullable(),
      action: z.string(),
      object: z.object({ type: z.string(), id: z.string().nullable() }),
      summary: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  nextBefore: z.number().int().nullable(),
});
