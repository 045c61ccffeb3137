import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { randomAlphanumeric, randomToken, sha256 } from "../../lib/crypto";
import * as repo from "./repo";

/** The visitor id (part1 §3, §9): cookie prequalifier_id, 'q' + 5 random alphanumerics, one year. */
export const VISITOR_COOKIE = "prequalifier_id";
/** The proof that goes with it (an id of 5 characters can be guessed; this cannot). */
export const VISITOR_KEY_COOKIE = "prequalifier_key";
export const VISITOR_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const VISITOR_ID_PATTERN = /^q[A-Za-z0-9]{5}$/;

export interface Visitor {
  id: string;
  key: string;
  /** True when the cookies must be (re)set: a first visit, or an id that was not theirs. */
  issued: boolean;
}

function newVisitorId(): string {
  return "q" + randomAlphanumeric(5);
}

/**
 * The visitor behind the cookies. A well-formed id is kept when its key matches the one
 * recorded, or when nobody has recorded it yet; otherwise a new id is issued, so a guessed
 * id never opens somebody else's answers. Reading records nothing (GETs write no rows).
 */
export function resolveVisitor(deps: Deps, id: unknown, key: unknown): Visitor {
  if (typeof id === "string" && VISITOR_ID_PATTERN.test(id) && typeof key === "string" && key.length >= 16 && key.length <= 100) {
    const row = repo.findVisitor(deps.db, id);
    if (!row || row.keyHash === sha256(key)) return { id, key, issued: false };
  }
  for (let i = 0; i < 5; i++) {
    const fresh = newVisitorId();
    if (!repo.findVisitor(deps.db, fresh)) return { id: fresh, key: randomToken(18), issued: true };
  }
  throw new AppError("unavailable", 503, "Please try again.");
}

/** Records the visitor before their first answer is stored; refused if the id turned out to be taken. */
export function claimVisitor(deps: Deps, v: Visitor): void {
  const row = repo.claimVisitor(deps.db, v.id, sha256(v.key));
  if (row.keyHash !== sha256(v.key)) throw new AppError("visitor_conflict", 409, "Please reload the page and try again.");
}
