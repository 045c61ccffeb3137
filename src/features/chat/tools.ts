import type { ChatCompletionTool } from "openai/resources/chat/completions";
import { AppError } from "../../lib/errors";
import { card, filterCandidates, findCandidate, summarise } from "./candidate-cards";
import { listShortlists } from "../shortlists/service";
import { DEFAULT_DURATION, DURATIONS } from "../scheduling/slots";
import type { ActionContext } from "./actions";
import { dataLine } from "./prompt";

/**
 * The language model's tools. The read tools answer from the workspace's real data; the
 * write tools (shortlist, propose interview) only record a proposal that the recruiter
 * confirms in the chat, so nothing the model read can change data by itself.
 */
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
      description: "Propose adding candidates to a shortlist, found by id or by name (a new name creates it once confirmed). Changes nothing until the recruiter presses Confirm.",
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
        "Propose an interview scheduling session for one candidate, with hourly slots 09:00-17:00 on the next three weekdays (or the given dates). Changes nothing until the recruiter presses Confirm; the booking link comes then.",
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
const MAX_TOOL_RESULT_CHARS = 8000;

const int = (v: unknown) => (typeof v === "number" ? Math.trunc(v) : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN);
const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : undefined);

/** Runs one tool call. Failures come back as {error} so the model can tell the recruiter. */
export async function runTool(ctx: ActionContext, name: string, rawArgs: string): Promise<string> {
  let args: Record<string, unknown>;
  try {
    args = rawArgs ? JSON.parse(rawArgs) : {};
    if (typeof args !== "object" || args === null) args = {};
  } catch {
    return dataLine({ error: "Arguments were not valid JSON" });
  }
  try {
    const result = await execute(ctx, name, args);
    const text = dataLine(result);
    return text.length > MAX_TOOL_RESULT_CHARS ? text.slice(0, MAX_TOOL_RESULT_CHARS) + "…(truncated)" : text;
  } catch (e) {
    if (e instanceof AppError) return dataLine({ error: e.message });
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
      const ids = Array.isArray(a.candidateIds)
        ? a.candidateIds
            .map(int)
            .filter((n) => n > 0)
            .slice(0, 100)
        : [];
      const found = ids.map((id) => findCandidate(ctx.deps, ctx.workspaceId, id)).filter((p) => p !== null);
      if (!found.length) return { error: "None of those candidates is in this workspace" };
      const shortlistId = int(a.shortlistId) > 0 ? int(a.shortlistId) : undefined;
      let target = str(a.shortlistName)?.trim() || "Assistant picks";
      if (shortlistId) {
        const s = listShortlists(ctx.deps, ctx.workspaceId).find((x) => x.id === shortlistId);
        if (!s) return { error: "Shortlist not found" };
        target = s.name;
      }
      const who = found.map((p) => `${card(p).name} (#${p.id})`).join(", ");
      return proposal(ctx, "shortlist_candidates", { shortlistId, shortlistName: target, candidateIds: found.map((p) => p.id) }, `Add ${who} to the shortlist "${target}"`);
    }
    case "propose_interview": {
      const p = findCandidate(ctx.deps, ctx.workspaceId, int(a.candidateId));
      if (!p) return { error: "No candidate with that id in this workspace" };
      const duration = (DURATIONS as readonly number[]).includes(int(a.duration)) ? int(a.duration) : DEFAULT_DURATION;
      const dates = Array.isArray(a.dates) ? a.dates.filter((d): d is string => typeof d === "string" && /^\d{4}-\d{2}-\d{2}$/.test(d)).slice(0, 10) : [];
      const when = dates.length ? `on ${dates.join(", ")}` : "on the next three weekdays";
      return proposal(
        ctx,
        "propose_interview",
        { candidateId: p.id, duration, dates, title: str(a.title), timeZone: ctx.timeZone },
        `Propose a ${duration}-minute interview to ${card(p).name} (#${p.id}) ${when}, 09:00-17:00 (${ctx.timeZone})`,
      );
    }
    default:
      return { error: `Unknown tool ${name}` };
  }
}

/** A write tool's answer: what will happen once the recruiter confirms; nothing has changed yet. */
function proposal(ctx: ActionContext, kind: "shortlist_candidates" | "propose_interview", args: Record<string, unknown>, summary: string) {
  if (!ctx.propose) return { error: "Changes can only be proposed in a chat with the recruiter" };
  const { id } = ctx.propose(kind, args, summary);
  return {
    status: "awaiting_confirmation",
    actionId: id,
    summary,
    note: "Nothing has changed yet. The recruiter sees this proposal with a Confirm button; tell them what will happen when they press it.",
  };
}
