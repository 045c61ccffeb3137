import { memberZone } from "../../lib/time-zone";
import type { users } from "../../db/schema";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { verifyPassword } from "../../lib/crypto";
import { limitedPasswordCheck, revokePasswordResets } from "./service";
import * as repo from "./repo";
import type { ProfileInput } from "./model";
import type { Profile } from "./profile-types";
import type { AuthDeps } from "./needs";

type User = typeof users.$inferSelect;

export const EMAIL_TAKEN = "An account with this email already exists";

/** The profile's answer: auth's columns, and billing's Stripe ids for the account. */
export function toProfile(deps: AuthDeps, u: User): Profile {
  const ids = deps.stripeIds(u.id);
  return {
    name: u.name,
    email: u.email,
    timeZone: memberZone(u),
    phone: u.phone,
    company: u.company,
    position: u.position,
    bio: u.bio,
    stripeCustomerId: ids.stripeCustomerId,
    stripeSubscriptionId: ids.stripeSubscriptionId,
  };
}

/**
 * PUT /api/auth/profile. A new e-mail must be free and needs the current password, checked
 * under the sign-in limits. An e-mail change voids the account's outstanding reset links.
 */
export async function updateProfile(deps: AuthDeps, user: User, input: ProfileInput, ip: string): Promise<Profile> {
  const { currentPassword, ...fields } = input;
  const email = fields.email.toLowerCase();
  if (email !== user.email.toLowerCase()) {
    if (!currentPassword) {
      throw badRequest("Enter your current password to change your email", { currentPassword: "Enter your current password to change your email" });
    }
    if (!(await limitedPasswordCheck(deps, user.email, ip, () => verifyPassword(currentPassword, user.password)))) {
      throw badRequest("Current password is incorrect", { currentPassword: "Current password is incorrect" });
    }
    if (repo.emailTakenByOther(deps.db, email, user.id)) throw conflictWithField();
  }
  try {
    const updated = deps.db.transaction((tx) => {
      const updated = repo.updateProfile(tx, user.id, { ...fields, email });
      if (!updated) throw new AppError("not_found", 404, "Account not found");
      if (email !== user.email.toLowerCase()) {
        revokePasswordResets(deps, user.id);
        // A sign-in address that changed is how an account is taken over: in the log, without the addresses.
        deps.recordEvent(tx, { workspaceId: user.workspaceId, actor: { userId: user.id }, subject: { type: "member", id: user.id }, kind: "member.email_changed" });
      }
      return updated;
    });
    return toProfile(deps, updated);
  } catch (e) {
    // Two accounts racing for the same address: the unique index decides.
    if (e instanceof Error && /UNIQUE constraint failed: users\.email/.test(e.message)) throw conflictWithField();
    throw e;
  }
}

function conflictWithField() {
  const e = conflict(EMAIL_TAKEN);
  return new AppError(e.code, e.status, e.message, { email: EMAIL_TAKEN });
}
