import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { hashPassword, randomToken } from "../../lib/crypto";
import * as repo from "./repo";
import * as admin from "./admin-repo";

/**
 * What an administrator does from the command line, without SMTP: list the accounts, set a
 * new password (a forgotten one can be recovered on the server itself), delete an account.
 */
export function listAccounts(deps: Deps): admin.AccountRow[] {
  return admin.listAccounts(deps.db);
}

const noAccount = (email: string) => new AppError("not_found", 404, `No account with the e-mail ${email}`);

/** Sets `password`, or a new random one when none is given; every session of the account ends. */
export async function setPassword(deps: Deps, email: string, password?: string): Promise<{ email: string; password: string; generated: boolean }> {
  const user = repo.findUserByEmail(deps.db, email);
  if (!user) throw noAccount(email);
  const generated = !password;
  const next = password ?? randomToken(15);
  admin.replacePassword(deps.db, user.id, await hashPassword(next));
  return { email: user.email, password: next, generated };
}

export function deleteAccount(deps: Deps, email: string): { email: string; workspaceId: number; workspaceDeleted: boolean } {
  const user = repo.findUserByEmail(deps.db, email);
  if (!user) throw noAccount(email);
  return { email: user.email, workspaceId: user.workspaceId, ...admin.deleteAccount(deps.db, user.id, user.workspaceId) };
}
