import type { VisitorsDeps } from "./needs";
import type { Deps } from "../../deps";
import { AppError, tooManyRequests } from "../../lib/errors";
import { RateLimiter, limitSpace } from "../../lib/rate-limit";
import * as repo from "./repo";
import { campaignOfCode, countCampaignClick, jobTitleIn, type ParticipantFields } from "./partners";
import { assessmentQuestions, checkAnswer, DEFAULT_ASSESSMENT_QUESTIONS, DONE, INTRO, PREQUALIFIER_QUESTIONS, transcript, type ChatKind, type Question } from "./questions";
import { claimVisitor, type Visitor } from "./visitor-id";
import { unlessDiskFull } from "../../db/busy";

/** Where a visitor's answers go: the campaign's workspace and job, else where they went before, else the first workspace. */
export interface ChatContext {
  workspaceId: number;
  jobId: number | null;
  campaignId: number | null;
  jobTitle: string | null;
  /** The campaign code, carried on every link and form of the visitor pages. */
  code: string | null;
}

interface ChatMessage {
  from: "bot" | "me";
  text: string;
}

export interface ChatState {
  kind: ChatKind;
  messages: ChatMessage[];
  /** The question waiting for an answer; null when finished. */
  question: (Pick<Question, "prompt" | "input" | "max" | "placeholder" | "optional"> & { step: number; total: number }) | null;
  done: boolean;
  jobTitle: string | null;
  code: string | null;
}

export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const TEN_MINUTES = 10 * 60_000;
/** The defaults of VISITOR_ANSWERS_PER_IP and VISITOR_CLICKS_PER_IP. */
export const ANSWERS_PER_IP = 60;
const CLICKS_PER_IP = 30;

/** The candidate pages' limits per address (bots), kept for the life of the app in this process. */
export function visitorLimits(deps: Deps) {
  const now = () => deps.clock.now().getTime();
  return {
    answers: new RateLimiter(deps.config.VISITOR_ANSWERS_PER_IP ?? ANSWERS_PER_IP, TEN_MINUTES, now, limitSpace(deps, "visitor.answers")),
    clicks: new RateLimiter(deps.config.VISITOR_CLICKS_PER_IP ?? CLICKS_PER_IP, 6 * TEN_MINUTES, now, limitSpace(deps, "visitor.clicks")),
  };
}

/** Counts a visitor-page POST against the per-IP limit (bots); 429 with Retry-After when over. */
export function limitPost(deps: VisitorsDeps, ip: string) {
  const r = deps.visitorLimits.answers.hit(ip);
  if (!r.ok) throw tooManyRequests(r.retryAfter);
}

/**
 * Resolves the context of a visitor page. With a campaign code the page belongs to that
 * campaign's workspace and job, and (when `click`) the campaign counts this visitor once.
 */
export function resolveContext(deps: VisitorsDeps, visitor: Visitor, code: unknown, opts: { click?: boolean; ip?: string } = {}): ChatContext | null {
  const c = typeof code === "string" && CODE_PATTERN.test(code) ? code : null;
  if (c) {
    const campaign = campaignOfCode(deps, c);
    if (campaign) {
      // Unlimited new visitors from one address would inflate the count; past the limit the page still works.
      // On a full disk the page is still served (the click is not counted).
      if (opts.click && deps.visitorLimits.clicks.hit(opts.ip ?? "local").ok) unlessDiskFull(() => countCampaignClick(deps, campaign.id, visitor.id));
      return { workspaceId: campaign.workspaceId, jobId: campaign.jobId, campaignId: campaign.id, jobTitle: campaign.jobTitle, code: c };
    }
  }
  const earlier = visitor.issued ? undefined : repo.latestConversationOfVisitor(deps.db, visitor.id);
  const workspaceId = earlier?.workspaceId ?? repo.firstWorkspaceId(deps.db);
  if (!workspaceId) return null;
  const jobId = earlier?.jobId ?? null;
  return { workspaceId, jobId, campaignId: earlier?.campaignId ?? null, jobTitle: jobId ? jobTitleIn(deps, workspaceId, jobId) : null, code: null };
}

function questionsFor(deps: Deps, kind: ChatKind, ctx: ChatContext): Question[] {
  if (kind === "prequalifier") return PREQUALIFIER_QUESTIONS;
  const saved = ctx.jobId ? repo.findJobQuestions(deps.db, ctx.workspaceId, ctx.jobId) : undefined;
  const prompts = saved ? (JSON.parse(saved.questions) as string[]) : DEFAULT_ASSESSMENT_QUESTIONS;
  return assessmentQuestions(prompts.length ? prompts : DEFAULT_ASSESSMENT_QUESTIONS);
}

const parseAnswers = (json: string) => JSON.parse(json) as string[];
const parseQuestions = (json: string) => JSON.parse(json) as Question[];

function stateOf(kind: ChatKind, ctx: ChatContext, questions: Question[], answers: string[], done: boolean): ChatState {
  const messages: ChatMessage[] = [{ from: "bot", text: INTRO[kind] }];
  answers.forEach((a, i) => {
    messages.push({ from: "bot", text: questions[i]?.prompt ?? "" });
    messages.push({ from: "me", text: a === "" ? "(skipped)" : a });
  });
  const next = done ? undefined : questions[answers.length];
  if (next) messages.push({ from: "bot", text: next.prompt });
  else messages.push({ from: "bot", text: DONE[kind] });
  return {
    kind,
    messages,
    question: next
      ? {
          prompt: next.prompt,
          input: next.input,
          max: next.max,
          // A campaign link names the job: offer it as the role applied for.
          placeholder: next.field === "roleApplied" && ctx.jobTitle ? ctx.jobTitle : next.placeholder,
          optional: next.optional,
          step: answers.length,
          total: questions.length,
        }
      : null,
    done: !next,
    jobTitle: ctx.jobTitle,
    code: ctx.code,
  };
}

/** The chat as it stands for this visitor (a returning visitor continues where they stopped). */
export function getChat(deps: Deps, visitor: Visitor, kind: ChatKind, ctx: ChatContext): ChatState {
  const conv = visitor.issued ? undefined : repo.findConversation(deps.db, ctx.workspaceId, visitor.id, kind);
  if (!conv) return stateOf(kind, ctx, questionsFor(deps, kind, ctx), [], false);
  return stateOf(kind, ctx, parseQuestions(conv.questions), parseAnswers(conv.answers), !!conv.completedAt);
}

function openConversation(deps: VisitorsDeps, visitor: Visitor, kind: ChatKind, ctx: ChatContext): repo.ConversationRow {
  claimVisitor(deps, visitor);
  const now = deps.clock.now();
  const conv = repo.findConversation(deps.db, ctx.workspaceId, visitor.id, kind);
  if (!conv) {
    return repo.insertConversation(deps.db, {
      workspaceId: ctx.workspaceId,
      visitorId: visitor.id,
      kind,
      jobId: ctx.jobId,
      campaignId: ctx.campaignId,
      questions: JSON.stringify(questionsFor(deps, kind, ctx)),
      now,
    });
  }
  // A campaign link opened after a plain visit attaches the job (same workspace only: the row is keyed by it).
  if (ctx.campaignId && conv.campaignId !== ctx.campaignId && !conv.completedAt) {
    repo.updateConversation(deps.db, ctx.workspaceId, conv.id, { jobId: ctx.jobId, campaignId: ctx.campaignId });
    return { ...conv, jobId: ctx.jobId, campaignId: ctx.campaignId };
  }
  return conv;
}

/**
 * Records the answer to the current question. `step` is the question the form showed: a
 * repeated submission of an answered step changes nothing. A refused answer is a 400 whose
 * message the chat shows; earlier answers stay. The last answer completes the chat.
 */
export function submitAnswer(deps: VisitorsDeps, visitor: Visitor, kind: ChatKind, ctx: ChatContext, answer: unknown, step: number | null): ChatState {
  const conv = openConversation(deps, visitor, kind, ctx);
  const questions = parseQuestions(conv.questions);
  const answers = parseAnswers(conv.answers);
  if (conv.completedAt) return stateOf(kind, ctx, questions, answers, true);
  if (answers.length >= questions.length) {
    // Every answer is in but the chat never finished (written before the last answer and the
    // candidate were one transaction, and interrupted between them): finish it now.
    deps.db.transaction(() => finish(deps, visitor, kind, conv, questions, answers), { behavior: "immediate" });
    return stateOf(kind, ctx, questions, answers, true);
  }
  if (step !== null && step !== answers.length) return stateOf(kind, ctx, questions, answers, false);
  const q = questions[answers.length]!;
  const checked = checkAnswer(q, answer);
  if (!checked.ok) throw new AppError("invalid_answer", 400, checked.message, { answer: checked.message });
  const next = [...answers, checked.value];
  const last = next.length >= questions.length;
  // The last answer, the candidate it makes and the finished mark commit together: a failure
  // anywhere leaves the chat one answer short, and sending that answer again finishes it.
  const stored = deps.db.transaction(
    () => {
      if (!repo.replaceAnswers(deps.db, ctx.workspaceId, conv.id, conv.answers, JSON.stringify(next), deps.clock.now())) return false;
      if (last) finish(deps, visitor, kind, { ...conv, answers: JSON.stringify(next) }, questions, next);
      return true;
    },
    { behavior: "immediate" },
  );
  if (!stored) return getChat(deps, visitor, kind, ctx); // someone else's submission won the race; show theirs
  return stateOf(kind, ctx, questions, next, last);
}

/** The finished chat becomes the candidate: stage 2 with the prequalifier transcript, stage 3 with the assessment's. */
function finish(deps: VisitorsDeps, visitor: Visitor, kind: ChatKind, conv: repo.ConversationRow, questions: Question[], answers: string[]) {
  const fields: ParticipantFields = { uniqueId: visitor.id };
  if (conv.jobId) fields.jobId = conv.jobId;
  if (conv.campaignId) fields.campaignId = conv.campaignId;
  if (kind === "prequalifier") {
    questions.forEach((q, i) => {
      if (q.field !== "answer") fields[q.field] = answers[i] || null;
    });
    fields.prequalifier = transcript(questions, answers);
    fields.stages = 2;
  } else {
    fields.assessment = transcript(questions, answers);
    fields.stages = 3;
  }
  const p = deps.candidates.upsertFromVisitor(conv.workspaceId, fields);
  repo.updateConversation(deps.db, conv.workspaceId, conv.id, { completedAt: deps.clock.now(), participantId: p.id });
}

/** Starts the chat again (the participant keeps the earlier answers until the new ones are complete). */
export function restartChat(deps: VisitorsDeps, visitor: Visitor, kind: ChatKind, ctx: ChatContext): ChatState {
  const conv = openConversation(deps, visitor, kind, ctx);
  const questions = questionsFor(deps, kind, ctx);
  repo.updateConversation(deps.db, ctx.workspaceId, conv.id, {
    answers: "[]",
    completedAt: null,
    questions: JSON.stringify(questions),
    jobId: ctx.jobId ?? conv.jobId,
    campaignId: ctx.campaignId ?? conv.campaignId,
    updatedAt: deps.clock.now(),
  });
  return stateOf(kind, ctx, questions, [], false);
}
