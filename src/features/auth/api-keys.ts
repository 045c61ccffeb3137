import type { Deps } from "../../deps";
import { AppError, notFound } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import { tryWrite } from "../../db/busy";
import { requirePermission } from "./permissions";
import type { AuthDeps } from "./needs";
import * as repo from "./api-key-repo";
import type { ApiKeyView, CreateApiKeyInput } from "./model";
import type { UserRow } from "./repo";

/** Keys look like `frank_<43 url-safe characters>` (256 random bits), so a leaked one is easy to recognise. */
const KEY_PREFIX = "frank_";
/** Requests per key per minute, and failed Bearer attempts per address per minute. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
export const BAD_KEY_ATTEMPTS_PER_MINUTE = 30;

export interface KeyPrincipal {
  user: UserRow;
  apiKey: { id: number; scope: "read" | "read-write" };
}

function toView(row: repo.ApiKeyRow, creator: string): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdBy: creator,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Creates a key acting as `me`; the key itself is in this answer only. */
export function createApiKey(deps: AuthDeps, me: UserRow, input: CreateApiKeyInput, via?: { id: number } | null): { id: number; key: string; apiKey: ApiKeyView } {
  requirePermission(me, "apiKeys.manage");
  const key = KEY_PREFIX + randomToken(32);
  const row = deps.db.transaction((tx) => {
    const row = repo.insertApiKey(tx, { workspaceId: me.workspaceId, createdBy: me.id, name: input.name, scope: input.scope, keyHash: sha256(key), prefix: key.slice(0, KEY_PREFIX.length + 6) });
    deps.recordEvent(tx, {
      workspaceId: me.workspaceId,
      actor: actorOf(me, via),
      subject: { type: "api_key", id: row.id },
      kind: "api_key.created",
      summary: `${row.name} (${row.scope}, ${row.prefix}…)`,
      data: { scope: row.scope },
    });
    return row;
  });
  return { id: row.id, key, apiKey: toView(row, me.name || me.email) };
}

export function listApiKeys(deps: Deps, me: UserRow): ApiKeyView[] {
  requirePermission(me, "apiKeys.manage");
  return repo.listApiKeys(deps.db, me.workspaceId).map((r) => toView(r.key, r.creatorName || r.creatorEmail));
}

export function revokeApiKey(deps: AuthDeps, me: UserRow, id: number, via?: { id: number } | null): void {
  requirePermission(me, "apiKeys.manage");
  deps.db.transaction((tx) => {
    if (!repo.revokeApiKey(tx, me.workspaceId, id, deps.clock.now())) throw notFound("API key not found");
    deps.recordEvent(tx, { workspaceId: me.workspaceId, actor: actorOf(me, via), subject: { type: "api_key", id }, kind: "api_key.revoked" });
  });
}

/** The event's actor: the member, and the key they used when it was one. */
const actorOf = (me: UserRow, via?: { id: number } | null) => ({ userId: me.id, apiKeyId: via?.id ?? null });

const rateLimited = (retryAfter: number) =>
  new AppError("rate_limited", 429, "Too many requests for this API key. Please wait and try again.", undefined, { "retry-after": String(Math.max(1, retryAfter)) });

/**
 * The member a Bearer key acts as, or an error: 401 for an unknown, revoked or orphaned key (a
 * removed member's keys stop working), 429 over the key's rate or after repeated bad keys from one
 * address, 403 when a read key tries to change something.
 */
export function keyPrincipal(deps: AuthDeps, key: string, method: string, ip: string): KeyPrincipal {
  const limits = deps.keyLimits;
  const found = key.startsWith(KEY_PREFIX) && key.length < 200 ? repo.findKeyWithUser(deps.db, sha256(key)) : undefined;
  if (!found || found.user.removedAt || found.user.workspaceId !== found.key.workspaceId) {
    const over = limits.badPerIp.hit(ip);
    if (!over.ok) throw rateLimited(over.retryAfter);
    throw new AppError("unauthorized", 401, "Invalid API key");
  }
  const rate = limits.perKey.hit(String(found.key.id));
  if (!rate.ok) throw rateLimited(rate.retryAfter);
  if (found.key.scope === "read" && method !== "GET" && method !== "HEAD") {
    throw new AppError("insufficient_scope", 403, "This API key can only read. Use a read-write key to make changes.");
  }
  // Last-used time to the minute: one write a minute per key at most, skipped while another process writes.
  const now = deps.clock.now();
  if (!found.key.lastUsedAt || now.getTime() - found.key.lastUsedAt.getTime() > 60_000) tryWrite(() => repo.touchApiKey(deps.db, found.key.id, now));
  return { user: found.user, apiKey: { id: found.key.id, scope: found.key.scope } };
}
