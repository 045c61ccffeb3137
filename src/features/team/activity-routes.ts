import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import type { SignedIn } from "../auth/service";
import { recordActivity } from "./activity";

/**
 * The changes of other features that the activity log records (issue 18, item 4), by route.
 * Recorded after the handler succeeded (a refused or failed request throws and records
 * nothing), so candidates, shortlists, scheduling and settings need no edits to be logged.
 */
interface Rule {
  method: string;
  path: RegExp;
  action: string | ((body: Record<string, unknown>) => string);
  objectType: string;
}

const RULES: Rule[] = [
  { method: "PATCH", path: /^\/api\/participants\/(\d+)$/, action: (b) => ("stages" in b ? "candidate.stage_changed" : "candidate.updated"), objectType: "candidate" },
  { method: "DELETE", path: /^\/api\/participants\/(\d+)$/, action: "candidate.deleted", objectType: "candidate" },
  { method: "POST", path: /^\/api\/participants\/(\d+)\/merge$/, action: "candidate.merged", objectType: "candidate" },
  { method: "POST", path: /^\/api\/shortlists$/, action: "shortlist.created", objectType: "shortlist" },
  { method: "PATCH", path: /^\/api\/shortlists\/(\d+)$/, action: "shortlist.changed", objectType: "shortlist" },
  { method: "DELETE", path: /^\/api\/shortlists\/(\d+)$/, action: "shortlist.deleted", objectType: "shortlist" },
  { method: "POST", path: /^\/api\/shortlists\/(\d+)\/candidates$/, action: "shortlist.changed", objectType: "shortlist" },
  { method: "DELETE", path: /^\/api\/shortlists\/(\d+)\/candidates(?:\/\d+)?$/, action: "shortlist.changed", objectType: "shortlist" },
  { method: "POST", path: /^\/api\/scheduling-sessions$/, action: "session.created", objectType: "session" },
  { method: "DELETE", path: /^\/api\/scheduling-sessions\/(\d+)$/, action: "session.cancelled", objectType: "session" },
  { method: "POST", path: /^\/api\/interviews\/([^/]+)\/reschedule$/, action: "interview.moved", objectType: "interview" },
  { method: "POST", path: /^\/api\/interviews\/([^/]+)\/cancel$/, action: "interview.cancelled", objectType: "interview" },
  { method: "PUT", path: /^\/api\/candidate-pages\/settings\/(urls|availability)$/, action: "settings.changed", objectType: "settings" },
  { method: "PUT", path: /^\/api\/candidate-pages\/jobs\/(\d+)\/questions$/, action: "settings.changed", objectType: "settings" },
  { method: "PUT", path: /^\/api\/workspace\/site$/, action: "settings.changed", objectType: "settings" },
  { method: "PATCH", path: /^\/api\/candidate-settings$/, action: "settings.changed", objectType: "settings" },
  // The forms without JavaScript answer 303 whether the change was made or not: their toast
  // (the flash cookie) tells, and a refused one records nothing (see flashFailed).
  { method: "POST", path: /^\/candidates\/(\d+)$/, action: (b) => ("stages" in b ? "candidate.stage_changed" : "candidate.updated"), objectType: "candidate" },
  { method: "POST", path: /^\/interview-details\/([^/]+)\/cancel$/, action: "interview.cancelled", objectType: "interview" },
  { method: "POST", path: /^\/interview-details\/([^/]+)\/reschedule$/, action: "interview.moved", objectType: "interview" },
  { method: "POST", path: /^\/settings\/candidate-pages\/(availability|questions|urls)$/, action: "settings.changed", objectType: "settings" },
  { method: "POST", path: /^\/settings\/site$/, action: "settings.changed", objectType: "settings" },
  { method: "POST", path: /^\/candidates\/settings$/, action: "settings.changed", objectType: "settings" },
];

/** Whether this request set a destructive toast (a form that refused the change). */
function flashFailed(cookie: unknown): boolean {
  const raw = (cookie as Record<string, { value?: unknown } | undefined> | undefined)?.frank_flash?.value;
  if (typeof raw !== "string" || !raw) return false;
  try {
    return JSON.parse(Buffer.from(raw, "base64url").toString("utf8"))?.variant === "destructive";
  } catch {
    return false;
  }
}

const idFromResponse = (r: unknown): string | null => {
  const id = r && typeof r === "object" && "id" in r ? (r as { id: unknown }).id : null;
  return typeof id === "number" || typeof id === "string" ? String(id) : null;
};

/** One after-handle hook for the whole app (app.ts uses it before the feature routes). */
export function activityRecorder(deps: Deps) {
  return new Elysia().onAfterHandle({ as: "global" }, (ctx) => {
    const { request } = ctx;
    if (request.method === "GET") return;
    const me = (ctx as unknown as { me?: SignedIn | null }).me;
    if (!me) return;
    const status = typeof ctx.set.status === "number" ? ctx.set.status : 200;
    const response = (ctx as unknown as { response?: unknown }).response;
    if (status >= 400 || (response instanceof Response && response.status >= 400) || flashFailed(ctx.cookie)) return;
    const path = new URL(request.url).pathname;
    const rule = RULES.find((r) => r.method === request.method && r.path.test(path));
    if (!rule) return;
    const body = ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : {};
    const action = typeof rule.action === "string" ? rule.action : rule.action(body);
    const objectId = path.match(rule.path)?.[1] ?? idFromResponse(response);
    recordActivity(deps, deps.db, { workspaceId: me.user.workspaceId, userId: me.user.id, action, objectType: rule.objectType, objectId: objectId && /^\d+$|^[A-Za-z0-9_-]{1,64}$/.test(objectId) ? objectId : null });
  });
}
