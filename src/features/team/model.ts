import { z } from "zod";
import { ROLES } from "./permissions";

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

export const MemberIdParam = z.object({ id: z.coerce.number({ error: "Not found" }).int().positive() });

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
  action: z.string().trim().max(64).optional().transform((v) => v || undefined),
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
