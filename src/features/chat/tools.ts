import type { ChatCompletionTool } from "openai/resources/chat/completions";
import { AppError } from "../../lib/errors";
import { card, filterCandidates, findCandidate, summarise } from "./data";
import { proposeInterview, shortlistCandidates, type ActionContext } from "./actions";

/** The language model's tools: each one reads or changes the workspace's real data. */
export const TOOLS: ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: "search_candidates",
      description: "Find the workspace's candidates by words in their profile and answers, role, city or stage (1-5). Returns the total and up to 20 matches.",
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", description: "Words that must all appear (skills, names, anything the candidate said)" },
          role: { type: "string", description: "Role, e.g. designer, ux designer, product owner, developer, manager" },
          city: { type: "string" },
          stage: { type: "integer", minimum: 1, maximum: 5 },
        },
      },
    },
  },
  {
    type: "function",
    function: {
      name: "get_candidate",
      description: "Read one candidate's full record by id.",
      parameters: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    },
  },
  {
    type: "function",
    function: {
      name: "shortlist_candidates",
      description: "Add candidates to a shortlist, found by id or by name; a name that does not exist yet creates the shortlist.",
      parameters: {
        type: "object",
        properties: {
          shortlistName: { type: "string" },
          shortlistId: { type: "integer" },
          candidateIds: { type: "array", items: { type: "integer" } },
        },
        required: ["candidateIds"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: "propose_interview",
      description:
        "Create an interview scheduling session for one candidate, with hourly slots 09:00-17:00 on the next three weekdays (or the given dates), and return the booking link to send to the candidate.",
      parameters: {
        type: "object",
        properties: {
          candidateId: { type: "integer" },
          duration: { type: "integer", enum: [30, 45, 60, 90, 120] },
          dates: { type: "array", items: { type: "string", description: "YYYY-MM-DD" } },
          title: { type: "string" },
        },
        required: ["candidateId"],
      },
    },
  },
];

/** A tool result is data for the model, capped so one call cannot flood the context. */
export const MAX_TOOL_RESULT_CHARS = 8000;

const int = (v: unknown) => (typeof v === "number" ? Math.trunc(v) : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN);
const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : undefined);

/** Runs one tool call. Failures come back as {error} so the model can tell the recruiter. */
export async function runTool(ctx: ActionContext, name: string, rawArgs: string): Promise<string> {
  let args: Record<string, unknown>;
  try {
    args = rawArgs ? JSON.parse(rawArgs) : {};
    if (typeof args !== "object" || args === null) args = {};
  } catch {
    return JSON.stringify({ error: "Arguments were not valid JSON" });
  }
  try {
    const result = await execute(ctx, name, args);
    const text = JSON.stringify(result);
    return text.length > MAX_TOOL_RESULT_CHARS ? text.slice(0, MAX_TOOL_RESULT_CHARS) + "…(truncated)" : text;
  } catch (e) {
    if (e instanceof AppError) return JSON.stringify({ error: e.message });
    throw e;
  }
}

async function execute(ctx: ActionContext, name: string, a: Record<string, unknown>): Promise<unknown> {
  switch (name) {
    case "search_candidates": {
      const stage = int(a.stage);
      const found = filterCandidates(ctx.deps, ctx.workspaceId, {
        words: str(a.query)?.split(/\s+/).filter(Boolean).slice(0, 8),
        role: str(a.role),
        city: str(a.city),
        stage: stage >= 1 && stage <= 5 ? stage : undefined,
      });
      return { total: found.length, candidates: found.slice(0, 20).map(card) };
    }
    case "get_candidate": {
      const p = findCandidate(ctx.deps, ctx.workspaceId, int(a.id));
      if (!p) return { error: "No candidate with that id in this workspace" };
      return { candidate: card(p), summary: summarise(p) };
    }
    case "shortlist_candidates": {
      const ids = Array.isArray(a.candidateIds) ? a.candidateIds.map(int).filter((n) => n > 0).slice(0, 100) : [];
      const r = shortlistCandidates(ctx, { shortlistId: int(a.shortlistId) > 0 ? int(a.shortlistId) : undefined, shortlistName: str(a.shortlistName), candidateIds: ids });
      return { shortlist: { id: r.shortlist.id, name: r.shortlist.name, size: r.shortlist.candidateIds.length }, created: r.created, added: r.added };
    }
    case "propose_interview": {
      const r = await proposeInterview(ctx, {
        candidateId: int(a.candidateId),
        duration: int(a.duration) || undefined,
        dates: Array.isArray(a.dates) ? a.dates.filter((d): d is string => typeof d === "string") : undefined,
        title: str(a.title),
      });
      return { candidate: card(r.candidate), bookingUrl: r.session.bookingUrl, slots: r.slotCount, duration: r.duration, timeZone: r.timeZone, expiresAt: r.session.expiresAt };
    }
    default:
      return { error: `Unknown tool ${name}` };
  }
}
